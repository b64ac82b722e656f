#!/usr/bin/env python3
"""Checks that the docs still say what the code says.

Two kinds of drift are caught, each reported as FILE:LINE and the reason:

Quotes. Code quoted in a doc is marked by a comment on the line before its fenced
block:

    <!-- quote: examples/swift-composer/Sources/CountingComposer/Entry.swift -->
    ```swift
    ...
    ```

The block must appear verbatim in that file, dedented (it may sit inside a list) or
with only its list indent removed (lines from inside a function keep theirs).
A guide whose code drifted from the example teaches the wrong thing with confidence.

Facts. Numbers and lists that the docs repeat from the header and from
docs/ARCHITECTURE.md, read from them each run, never written here:

- the ABI version (SB_ABI_MAJOR.SB_ABI_MINOR): a claim of the current version ("the
  header is ABI 1.5", "currently 1.5", "version 1.5") must be it; no "ABI M.N" or "since
  M.N" may name a version the header has not reached, nor may a manifest's "abi":
  {"major": 1, "minor": 5} (a manifest declares the oldest host its plugin needs, so an
  older minor is as right as the current one); every abi-M.N.layout named must exist;
- the plugin kinds (the header's SB_KIND_* defines): "N kinds of plugin", "N plugin
  interfaces" and "the other N kinds" must count them, and a sentence, table row or
  code line that names three kinds or more must name them all;
- the invariants (the numbered rows of docs/ARCHITECTURE.md's table "Where each
  invariant is enforced"): "N invariants" must count them, and "Invariant N" must be
  one of them.

Usage: check_docs.py [--root DIR] [FILE...]. Without files it checks README.md,
docs/*.md, scripts/sensebridge.pc.in and the header itself. Prints one FAIL line per
problem and a PASS line per file; exits 1 when anything failed.
"""
import argparse
import pathlib
import re
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADER = "Sources/CSenseBridgeABI/include/sensebridge.h"
ARCHITECTURE = "docs/ARCHITECTURE.md"
QUOTE = re.compile(r"^([ \t]*)<!-- quote: (\S+) -->\n\1```[^\n]*\n(.*?)\n\1```", re.M | re.S)
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen", "twenty"]
COUNT = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
VERSION = r"(\d+)\.(\d+)(?!\d|\.\d)"


def count_value(text):
    text = text.lower()
    return int(text) if text.isdigit() else NUMBER_WORDS.index(text)


class Facts:
    """What the docs are held to, read from the header and docs/ARCHITECTURE.md."""

    def __init__(self, root):
        self.root = root
        header = (root / HEADER).read_text(encoding="utf-8")
        major = re.search(r"^#define SB_ABI_MAJOR (\d+)u$", header, re.M)
        minor = re.search(r"^#define SB_ABI_MINOR (\d+)u$", header, re.M)
        if not major or not minor:
            raise SystemExit(f"FAIL {HEADER}: no SB_ABI_MAJOR/SB_ABI_MINOR define to check the docs against")
        self.version = (int(major.group(1)), int(minor.group(1)))
        kinds = re.findall(r"^#define SB_KIND_([A-Z_]+)\s+\d+u", header, re.M)
        if not kinds:
            raise SystemExit(f"FAIL {HEADER}: no SB_KIND_* define to check the docs against")
        self.kinds = [kind.lower().replace("_", " ") for kind in kinds]
        self.invariants = self.read_invariants(root / ARCHITECTURE)

    @staticmethod
    def read_invariants(path):
        text = path.read_text(encoding="utf-8")
        section = re.search(r"^## Where each invariant is enforced.*?$(.*?)(?=^## )", text, re.M | re.S)
        numbers = [int(n) for n in re.findall(r"^\| (\d+)\. ", section.group(1), re.M)] if section else []
        if not numbers or numbers != list(range(1, len(numbers) + 1)):
            raise SystemExit(f"FAIL {ARCHITECTURE}: the invariant table's rows are not numbered 1 to N ({numbers})")
        return len(numbers)

    def kind_pattern(self, kind):
        """A kind as prose ("render target"), manifest ("render-target"), define
        ("RENDER_TARGET") or Swift ("RenderTargetPlugin") names it, plural or not; a scene
        composer is also just a composer."""
        words = kind.split(" ")
        spelled = r"[ _-]?".join(words)
        if len(words) > 1 and words[-1] == "composer":
            spelled = f"(?:{spelled}|{words[-1]})"
        return re.compile(r"(?<![a-z])" + spelled + r"s?(?![a-z])", re.I)

    @property
    def version_text(self):
        return f"{self.version[0]}.{self.version[1]}"


def units(text, is_code):
    """The pieces a kind list must be complete within, as (start offset, text): a line of
    code or of a table, else a sentence of a paragraph."""
    if is_code:
        offset = 0
        for line in text.split("\n"):
            yield offset, line
            offset += len(line) + 1
        return
    offset = 0
    in_fence = False
    paragraph_start, paragraph = None, []
    for line in text.split("\n") + [""]:
        stripped = line.strip()
        fence = stripped.startswith("```")
        if fence or in_fence or stripped.startswith("|") or not stripped:
            if paragraph:
                yield from sentences(paragraph_start, "\n".join(paragraph))
                paragraph_start, paragraph = None, []
            if stripped and not fence:
                yield offset, line
            if fence:
                in_fence = not in_fence
        else:
            if paragraph_start is None:
                paragraph_start = offset
            paragraph.append(line)
        offset += len(line) + 1


def sentences(start, paragraph):
    position = 0
    for match in re.finditer(r"(?<=[.!?])\s+(?=[A-Z`\"(*\[])", paragraph):
        yield start + position, paragraph[position:match.start()]
        position = match.end()
    yield start + position, paragraph[position:]


def check_facts(path, text, facts, is_code):
    problems = []

    def line_of(offset):
        return text.count("\n", 0, offset) + 1

    def problem(offset, message):
        problems.append((line_of(offset), message))

    current = facts.version_text
    claims = [r"header is ABI " + VERSION, r"currently (?:ABI )?" + VERSION, r"\bversion " + VERSION]
    for claim in claims:
        for match in re.finditer(claim, text, re.I):
            said = (int(match.group(1)), int(match.group(2)))
            if said != facts.version:
                problem(match.start(), f"says '{match.group(0)}', but sensebridge.h is ABI {current}")
    for match in re.finditer(r'"abi":\s*\{"major":\s*(\d+),\s*"minor":\s*(\d+)\}', text):
        said = (int(match.group(1)), int(match.group(2)))
        if said[0] != facts.version[0] or said[1] > facts.version[1]:
            problem(match.start(), f"shows a manifest declaring ABI {said[0]}.{said[1]}, which sensebridge.h ({current}) does not have")
    for match in re.finditer(r"\b(?:ABI|[Ss]ince) " + VERSION, text):
        said = (int(match.group(1)), int(match.group(2)))
        if said[0] != facts.version[0] or said[1] > facts.version[1]:
            problem(match.start(), f"names '{match.group(0)}', a version sensebridge.h ({current}) does not have")
    for match in re.finditer(r"abi-(\d+)\.(\d+)\.layout", text):
        if not (facts.root / "Sources/CSenseBridgeABI" / match.group(0)).is_file():
            problem(match.start(), f"names {match.group(0)}, which Sources/CSenseBridgeABI does not hold")

    kind_count = len(facts.kinds)
    for match in re.finditer(COUNT + r" (?:kinds of plugins?|plugin kinds|plugin interfaces|plugin ABIs)\b", text, re.I):
        if count_value(match.group(1)) != kind_count:
            problem(match.start(), f"says '{match.group(0)}', but sensebridge.h defines {kind_count} (SB_KIND_*)")
    for match in re.finditer(r"\bthe other " + COUNT + r" kinds\b", text, re.I):
        if count_value(match.group(1)) != kind_count - 1:
            problem(match.start(), f"says '{match.group(0)}', but sensebridge.h defines {kind_count} kinds")
    patterns = [(kind, facts.kind_pattern(kind)) for kind in facts.kinds]
    for start, unit in units(text, is_code):
        named = [kind for kind, pattern in patterns if pattern.search(unit)]
        if 3 <= len(named) < kind_count:
            missing = ", ".join(kind for kind in facts.kinds if kind not in named)
            first = min(pattern.search(unit).start() for kind, pattern in patterns if kind in named)
            problem(start + first, f"lists the plugin kinds {', '.join(named)} without {missing}")

    for match in re.finditer(COUNT + r" invariants\b", text, re.I):
        if count_value(match.group(1)) != facts.invariants:
            problem(match.start(), f"says '{match.group(0)}', but {ARCHITECTURE} lists {facts.invariants}")
    for match in re.finditer(r"\bInvariants? (\d+)\b", text, re.I):
        if not 1 <= int(match.group(1)) <= facts.invariants:
            problem(match.start(), f"names '{match.group(0)}', but {ARCHITECTURE} lists {facts.invariants}")
    return problems


def check_quotes(path, text, root):
    problems, count = [], 0
    for match in QUOTE.finditer(text):
        count += 1
        source = root / match.group(2)
        # Dedented, as a list may indent it; or with only the list's indent removed, so
        # lines from inside a function keep the indent they have in the file.
        block = textwrap.dedent(match.group(3))
        indent = match.group(1)
        as_written = "\n".join(line[len(indent):] if line.startswith(indent) else line
                               for line in match.group(3).split("\n"))
        line = text.count("\n", 0, match.start()) + 1
        if not source.is_file():
            problems.append((line, f"quotes {match.group(2)}, which does not exist"))
        elif block not in (content := source.read_text(encoding="utf-8")) and as_written not in content:
            problems.append((line, f"quotes {match.group(2)}, but the file no longer contains that text"))
    return problems, count


def default_files(root):
    return [root / "README.md", *sorted((root / "docs").glob("*.md")), root / "scripts/sensebridge.pc.in", root / HEADER]


def main(argv):
    parser = argparse.ArgumentParser(description="Checks quotes and facts in the docs.")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the repository the facts are read from")
    parser.add_argument("files", nargs="*", type=pathlib.Path)
    options = parser.parse_args(argv)
    root = options.root.resolve()
    facts = Facts(root)
    failed = 0
    quotes = 0
    for path in options.files or default_files(root):
        text = path.read_text(encoding="utf-8")
        shown = path.resolve().relative_to(root) if path.resolve().is_relative_to(root) else path
        quote_problems, count = check_quotes(path, text, root)
        quotes += count
        problems = quote_problems + check_facts(path, text, facts, is_code=path.suffix in (".h", ".in"))
        for line, message in sorted(problems):
            print(f"FAIL {shown}:{line}: {message}")
        failed += len(problems)
        if not problems:
            print(f"PASS {shown} ({count} quotes)" if count else f"PASS {shown}")
    print(f"check-docs: ABI {facts.version_text}, {len(facts.kinds)} plugin kinds, {facts.invariants} invariants; "
          f"{quotes} quotes; {failed} problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
