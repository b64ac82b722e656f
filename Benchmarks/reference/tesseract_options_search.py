#!/usr/bin/python3
"""Finds the best single `tesseract` command line for each condition of the reading bench.

    Benchmarks/reference/tesseract_options_search.py PAGES_DIR [CONDITION ...]

PAGES_DIR holds <locale>-<condition>.png beside <locale>-<condition>.txt, as
scripts/make-reading-bench-pages.py writes them (a file named <name>.png with a
<name>.txt and no locale prefix counts as an English condition of its own: the book page
photograph). For each condition it searches tesseract's options offline, one dimension at
a time from the plain command line (`tesseract IMAGE - -l <lang>`), keeping a change only
when it lowers the condition's mean character error rate over its locales, until a whole
pass changes nothing. The dimensions: page segmentation (--psm 3, 1 with orientation and
script detection, 4, 6, 11), thresholding (-c thresholding_method=0|1|2, with Sauvola's
window and k), --dpi (unset, 70, 150, 300), -c tessedit_do_invert=0,
-c preserve_interword_spaces=1, and the languages (the page's own; with the other two
of en, es and vi added). It prints every condition's winner and its CER beside the plain
command line's; `make bench` pins those winners (ReadingAnchors.swift) and measures them
again in every run.

The character error rate is CharacterErrorRate's (Sources/SenseBridgeTesting): Levenshtein
distance over the reference's length, whitespace runs made one space, on NFC code points
(the Swift side counts grapheme clusters; the two agree on a ranking).
Debian's python3 and tesseract; OMP_THREAD_LIMIT=1, two pages at a time.
"""
import concurrent.futures
import os
import subprocess
import sys
import unicodedata

LANGUAGES = {"en": "eng", "es": "spa", "vi": "vie"}

# Each dimension: its choices, as extra arguments; the first is the plain command line's.
DIMENSIONS = [
    ("psm", [[], ["--psm", "1"], ["--psm", "4"], ["--psm", "6"], ["--psm", "11"]]),
    ("thresholding", [[], ["-c", "thresholding_method=1"], ["-c", "thresholding_method=2"],
                      ["-c", "thresholding_method=2", "-c", "thresholding_window_size=0.15"],
                      ["-c", "thresholding_method=2", "-c", "thresholding_kfactor=0.2"]]),
    ("dpi", [[], ["--dpi", "70"], ["--dpi", "150"], ["--dpi", "300"]]),
    ("invert", [[], ["-c", "tessedit_do_invert=0"]]),
    ("spaces", [[], ["-c", "preserve_interword_spaces=1"]]),
    ("languages", ["own", "all"]),
]


def normalized(text):
    return list(" ".join(unicodedata.normalize("NFC", text).split()))


def distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def cer(read, truth):
    hypothesis, reference = normalized(read), normalized(truth)
    if not reference:
        return 0.0 if not hypothesis else 1.0
    return distance(hypothesis, reference) / len(reference)


def command(image, locale, choice):
    """The tesseract arguments for one page under `choice` (a dimension name → its pick)."""
    own = LANGUAGES[locale]
    languages = own if choice["languages"] == "own" else "+".join([own] + [l for l in LANGUAGES.values() if l != own])
    arguments = [image, "-", "-l", languages]
    for name, _ in DIMENSIONS:
        if name != "languages":
            arguments += choice[name]
    return arguments


def read(arguments):
    environment = dict(os.environ, OMP_THREAD_LIMIT="1")
    result = subprocess.run(["tesseract"] + arguments, capture_output=True, text=True, env=environment)
    return result.stdout if result.returncode == 0 else ""


def pages_by_condition(directory, wanted):
    conditions = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".png"):
            continue
        stem = name[:-4]
        if not os.path.exists(os.path.join(directory, stem + ".txt")):
            continue
        locale, _, condition = stem.partition("-")
        if locale not in LANGUAGES:
            locale, condition = "en", stem
        if wanted and condition not in wanted:
            continue
        with open(os.path.join(directory, stem + ".txt"), encoding="utf-8") as f:
            truth = f.read()
        conditions.setdefault(condition, []).append((os.path.join(directory, name), locale, truth))
    return conditions


def mean_cer(pool, pages, choice, cache):
    key = tuple((name, tuple(value) if isinstance(value, list) else value) for name, value in sorted(choice.items()))
    if key not in cache:
        jobs = [command(image, locale, choice) for image, locale, _ in pages]
        texts = list(pool.map(read, jobs))
        cache[key] = sum(cer(text, truth) for text, (_, _, truth) in zip(texts, pages)) / len(pages)
    return cache[key]


def search(pool, pages):
    choice = {name: options[0] for name, options in DIMENSIONS}
    cache = {}
    plain = best = mean_cer(pool, pages, choice, cache)
    changed = True
    while changed:
        changed = False
        for name, options in DIMENSIONS:
            for option in options:
                trial = dict(choice, **{name: option})
                value = mean_cer(pool, pages, trial, cache)
                if value < best - 1e-9:
                    best, choice, changed = value, trial, True
    return plain, best, choice


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.exit("usage: Benchmarks/reference/tesseract_options_search.py PAGES_DIR [CONDITION ...]")
    conditions = pages_by_condition(argv[1], set(argv[2:]))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for condition, pages in conditions.items():
            plain, best, choice = search(pool, pages)
            extra = [argument for name, _ in DIMENSIONS if name != "languages" for argument in choice[name]]
            print(f"{condition}: plain {plain * 100:.2f} %, best {best * 100:.2f} % with "
                  f"{' '.join(extra) or '(no options)'}; languages {choice['languages']}", flush=True)


if __name__ == "__main__":
    main(sys.argv)
