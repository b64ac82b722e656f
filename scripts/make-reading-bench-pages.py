#!/usr/bin/python3
"""Renders the page images `make bench` measures reading accuracy on, with ground truth.

    scripts/make-reading-bench-pages.py OUTPUT_DIR

For each locale (en, es, vi), the sample page of scripts/make-sample-page.py in the ways
a photographed page goes wrong, each as OUTPUT_DIR/<locale>-<variant>.png beside
<locale>-<variant>.txt (the ground truth, the same for every variant of a page):

  clean       as rendered (30 px body text, about 12 pt at 200 dpi)
  small       scaled to 0.7 (21 px body text)
  large       scaled to 1.35
  tilt-left   rotated 5 degrees counter-clockwise
  tilt-right  rotated 5 degrees clockwise
  blur        Gaussian blur, radius 1.2 px
  faint       low contrast: ink at gray 110 on paper at gray 170
  hard        small, tilted 3 degrees, blurred 1.0 px and faint together

and en-columns.png: two paragraphs side by side in two columns, where reading order
decides whether the text makes sense.

Deterministic (no randomness); Debian's python3 with python3-pil and fonts-dejavu-core.
"""
import importlib.util
import os
import sys

from PIL import Image, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("sample_page", os.path.join(ROOT, "scripts", "make-sample-page.py"))
sample_page = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sample_page)


def scaled(image, factor):
    return image.resize((round(image.width * factor), round(image.height * factor)), Image.LANCZOS)


def tilted(image, degrees):
    return image.rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=255)


def faint(image):
    return image.point(lambda v: 110 + (v * 60) // 255)


VARIANTS = {
    "clean": lambda i: i,
    "small": lambda i: scaled(i, 0.7),
    "large": lambda i: scaled(i, 1.35),
    "tilt-left": lambda i: tilted(i, 5),
    "tilt-right": lambda i: tilted(i, -5),
    "blur": lambda i: i.filter(ImageFilter.GaussianBlur(1.2)),
    "faint": faint,
    "hard": lambda i: faint(tilted(scaled(i, 0.7), 3).filter(ImageFilter.GaussianBlur(1.0))),
}


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


def main(argv):
    if len(argv) != 2 or argv[1].startswith("-"):
        sys.exit("usage: scripts/make-reading-bench-pages.py OUTPUT_DIR")
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    written = 0
    for locale, page in sample_page.PAGES.items():
        image, truth = sample_page.render(page)
        for name, make in VARIANTS.items():
            make(image).save(os.path.join(out, f"{locale}-{name}.png"), format="PNG")
            with open(os.path.join(out, f"{locale}-{name}.txt"), "w", encoding="utf-8") as f:
                f.write(truth)
            written += 1
    image, truth = columns()
    image.save(os.path.join(out, "en-columns.png"), format="PNG")
    with open(os.path.join(out, "en-columns.txt"), "w", encoding="utf-8") as f:
        f.write(truth)
    print(f"make-reading-bench-pages: {written + 1} pages in {out}")


if __name__ == "__main__":
    main(sys.argv)
