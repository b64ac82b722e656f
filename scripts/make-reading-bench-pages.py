#!/usr/bin/python3
"""Renders the page images `make bench` and the OCR tests measure reading on, with ground truth.

    scripts/make-reading-bench-pages.py OUTPUT_DIR [--conditions A,B,...] [--locales en,es,vi]

For each locale (en, es, vi), the sample page of scripts/make-sample-page.py in the ways
a page goes wrong, each as OUTPUT_DIR/<locale>-<condition>.png beside
<locale>-<condition>.txt (the ground truth, the same for every condition of a page but
"mixed"):

  rendered as a scanner would give it
  clean        as rendered (30 px body text, about 12 pt at 200 dpi)
  small        scaled to 0.7 (21 px body text)
  large        scaled to 1.35
  tilt-left    rotated 5 degrees counter-clockwise
  tilt-right   rotated 5 degrees clockwise
  blur         Gaussian blur, radius 1.2 px
  faint        low contrast: ink at gray 110 on paper at gray 170
  hard         small, tilted 3 degrees, blurred 1.0 px and faint together

  photographed: as a person holds a page they cannot see
  rotate-90    the page turned a quarter clockwise (read upright by turning it 270)
  rotate-180   upside down
  rotate-270   turned a quarter counter-clockwise (read upright by turning it 90)
  perspective  photographed at an angle from in front, on a darker textured table, the
               light falling off to the right; 13 px body text at the far edge, 20 at the near
  uneven       lit from the left: paper from gray 230 down to 35 at the right edge, a
               soft shadow across the bottom-right corner, gray ink, sensor noise
  lowres       small print at low resolution: 10 px body text, slightly blurred
  jpeg         scaled to 0.6 and saved as a JPEG of quality 10, then back to PNG
  mixed        the locale's page followed by a paragraph from each other locale

and en-columns.png: two paragraphs side by side in two columns, where reading order
decides whether the text makes sense.

OUTPUT_DIR/index.json lists every page written: its file, locale, condition, whether
it is photographed, and the language of each block (heading, then paragraphs) in the
order of its ground truth, so a test of per-block language reads the truth from here.

--conditions and --locales write a subset (a test renders only what it reads).

Deterministic: the texture and the noise come from fixed seeds. Debian's python3 with
python3-pil, python3-numpy and fonts-dejavu-core.
"""
import importlib.util
import io
import json
import os
import sys

import numpy as np
from PIL import Image, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("sample_page", os.path.join(ROOT, "scripts", "make-sample-page.py"))
sample_page = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sample_page)

LOCALES = list(sample_page.PAGES)


def scaled(image, factor):
    return image.resize((round(image.width * factor), round(image.height * factor)), Image.LANCZOS)


def tilted(image, degrees):
    return image.rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=255)


def faint(image):
    return image.point(lambda v: 110 + (v * 60) // 255)


def noisy(image, sigma, seed):
    """Sensor noise: what separates a photograph from a render at the pixel level."""
    pixels = np.asarray(image, dtype=np.float32)
    pixels += np.random.default_rng(seed).normal(0, sigma, pixels.shape)
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def table_texture(width, height, seed):
    """A darker wooden table: grain along x, knots of noise, gray 70 to 130."""
    rng = np.random.default_rng(seed)
    y = np.arange(height, dtype=np.float32)[:, None]
    x = np.arange(width, dtype=np.float32)[None, :]
    grain = np.sin(y / 7.0 + 3.0 * np.sin(x / 90.0)) * 18 + np.sin(y / 2.3) * 6
    coarse = np.asarray(Image.fromarray(rng.integers(0, 255, (height // 16 + 1, width // 16 + 1), dtype=np.uint8))
                        .resize((width, height), Image.BICUBIC), dtype=np.float32)
    pixels = 100 + grain + (coarse - 128) * 0.15
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def perspective_coefficients(source_corners, target_corners):
    """PIL's PERSPECTIVE transform maps each output pixel back to the input: the eight
    coefficients that send target_corners (in the output) to source_corners (in the page)."""
    rows, values = [], []
    for (sx, sy), (tx, ty) in zip(source_corners, target_corners):
        rows.append([tx, ty, 1, 0, 0, 0, -sx * tx, -sx * ty])
        rows.append([0, 0, 0, tx, ty, 1, -sy * tx, -sy * ty])
        values += [sx, sy]
    return np.linalg.solve(np.array(rows, dtype=np.float64), np.array(values, dtype=np.float64)).tolist()


def lit(image, field):
    """The page under a light field (0..1 per pixel): ink stays dark, paper dims."""
    pixels = np.asarray(image, dtype=np.float32) * field
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def photographed_at_an_angle(image):
    """The page on a table, photographed from above and in front: its far (top) edge
    narrower, the whole page in view with table around it, light falling off to one side."""
    w, h = image.size
    canvas_w, canvas_h = round(w * 1.5), round(h * 1.7)
    table = table_texture(canvas_w, canvas_h, seed=36)
    # Corners of the page in the photograph: top-left, top-right, bottom-right, bottom-left.
    target = [(0.27 * canvas_w, 0.16 * canvas_h), (0.76 * canvas_w, 0.12 * canvas_h),
              (0.90 * canvas_w, 0.84 * canvas_h), (0.09 * canvas_w, 0.88 * canvas_h)]
    source = [(0, 0), (w, 0), (w, h), (0, h)]
    coefficients = perspective_coefficients(source, target)
    page = printed(image).transform((canvas_w, canvas_h), Image.PERSPECTIVE, coefficients, Image.BICUBIC, fillcolor=0)
    mask = Image.new("L", image.size, 255).transform((canvas_w, canvas_h), Image.PERSPECTIVE, coefficients,
                                                      Image.BILINEAR, fillcolor=0)
    table.paste(page, (0, 0), mask)
    field = np.linspace(1.0, 0.6, canvas_w, dtype=np.float32)[None, :].repeat(canvas_h, axis=0)
    return noisy(scaled(lit(table, field), 0.6).filter(ImageFilter.GaussianBlur(0.8)), 6, seed=361)


def unevenly_lit(image):
    """Lit from the left by a lamp: paper from full white down to gray 90 on the right,
    and the soft shadow of a hand or phone across the bottom-right corner."""
    w, h = image.size
    x = np.linspace(0, 1, w, dtype=np.float32)[None, :]
    y = np.linspace(0, 1, h, dtype=np.float32)[:, None]
    field = 1.0 - 0.7 * x ** 1.3 + 0 * y
    shadow = np.exp(-(((x - 0.95) / 0.35) ** 2 + ((y - 1.0) / 0.45) ** 2))
    field = np.clip(field - 0.25 * shadow, 0.15, 1.0)
    return noisy(lit(printed(image), field).filter(ImageFilter.GaussianBlur(0.7)), 7, seed=362)


def printed(image):
    """Ink and paper as a camera sees them: the ink never black, the paper never white."""
    return image.point(lambda v: 45 + (v * 185) // 255)


def jpeg(image, quality):
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=quality)
    return Image.open(io.BytesIO(buffer.getvalue())).convert("L")


CONDITIONS = {
    "clean": lambda i: i,
    "small": lambda i: scaled(i, 0.7),
    "large": lambda i: scaled(i, 1.35),
    "tilt-left": lambda i: tilted(i, 5),
    "tilt-right": lambda i: tilted(i, -5),
    "blur": lambda i: i.filter(ImageFilter.GaussianBlur(1.2)),
    "faint": faint,
    "hard": lambda i: faint(tilted(scaled(i, 0.7), 3).filter(ImageFilter.GaussianBlur(1.0))),
    # PIL turns counter-clockwise for a positive angle.
    "rotate-90": lambda i: i.rotate(-90, expand=True),
    "rotate-180": lambda i: i.rotate(180, expand=True),
    "rotate-270": lambda i: i.rotate(90, expand=True),
    "perspective": photographed_at_an_angle,
    "uneven": unevenly_lit,
    "lowres": lambda i: scaled(i, 0.34).filter(ImageFilter.GaussianBlur(0.5)),
    "jpeg": lambda i: jpeg(scaled(i, 0.6), 10),
    "mixed": lambda i: i,
}
PHOTOGRAPHED = {"rotate-90", "rotate-180", "rotate-270", "perspective", "uneven", "lowres", "jpeg", "mixed"}


def page_for(locale, condition):
    """The page a condition starts from, and each of its blocks' language."""
    page = sample_page.PAGES[locale]
    languages = [locale] * ((1 if page["heading"] else 0) + len(page["paragraphs"]))
    if condition != "mixed":
        return page, languages
    # The locale's own page, then the first paragraph of each other locale's page:
    # a notice, a label or a letter in two or three languages, as people receive them.
    paragraphs = list(page["paragraphs"])
    for other in LOCALES:
        if other != locale:
            paragraphs.append(sample_page.PAGES[other]["paragraphs"][0])
            languages.append(other)
    return {"heading": page["heading"], "paragraphs": paragraphs}, languages


def columns():
    """The English page's two paragraphs set side by side: left column, then right."""
    page = sample_page.PAGES["en"]
    left, _ = sample_page.render({"heading": None, "paragraphs": [page["paragraphs"][0]]})
    right, _ = sample_page.render({"heading": None, "paragraphs": [page["paragraphs"][1]]})
    gap = 60
    image = Image.new("L", (left.width + right.width + gap, max(left.height, right.height)), 255)
    image.paste(left, (0, 0))
    image.paste(right, (left.width + gap, 0))
    truth = "\n\n".join("\n".join(p) for p in page["paragraphs"]) + "\n"
    return image, truth


def chosen(argv, flag, known):
    """The comma-separated values after `flag`, each checked against `known`; all when absent."""
    if flag not in argv:
        return list(known)
    at = argv.index(flag)
    if at + 1 >= len(argv):
        sys.exit(f"make-reading-bench-pages: {flag} needs a comma-separated list")
    values = argv[at + 1].split(",")
    unknown = [v for v in values if v not in known]
    if unknown:
        sys.exit(f"make-reading-bench-pages: {flag} {unknown[0]!r} is none of {', '.join(known)}")
    del argv[at:at + 2]
    return values


def write(out, name, image, truth, entry, index):
    image.save(os.path.join(out, f"{name}.png"), format="PNG")
    with open(os.path.join(out, f"{name}.txt"), "w", encoding="utf-8") as f:
        f.write(truth)
    index.append({"file": f"{name}.png", **entry})


def main(argv):
    argv = list(argv)
    conditions = chosen(argv, "--conditions", list(CONDITIONS) + ["columns"])
    locales = chosen(argv, "--locales", LOCALES)
    if len(argv) != 2 or argv[1].startswith("-"):
        sys.exit("usage: scripts/make-reading-bench-pages.py OUTPUT_DIR [--conditions A,B,...] [--locales en,es,vi]")
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    index = []
    for locale in locales:
        for condition in conditions:
            if condition == "columns":
                continue
            page, languages = page_for(locale, condition)
            image, truth = sample_page.render(page)
            write(out, f"{locale}-{condition}", CONDITIONS[condition](image), truth,
                  {"locale": locale, "condition": condition, "photographed": condition in PHOTOGRAPHED,
                   "blockLanguages": languages}, index)
    if "columns" in conditions and "en" in locales:
        image, truth = columns()
        write(out, "en-columns", image, truth,
              {"locale": "en", "condition": "columns", "photographed": False, "blockLanguages": ["en", "en"]}, index)
    with open(os.path.join(out, "index.json"), "w", encoding="utf-8") as f:
        json.dump(index, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"make-reading-bench-pages: {len(index)} pages in {out}")


if __name__ == "__main__":
    main(sys.argv)
