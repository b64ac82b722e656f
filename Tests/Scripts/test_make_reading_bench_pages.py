"""The reading bench's pages are what scripts/make-reading-bench-pages.py says they are:
a quarter turn is the upright page's pixels turned, a mixed page's truth names each
block's language in order, the photographed conditions are marked, and a subset asked
for is the only thing written.

Needs NumPy and Pillow, so run it with Debian's Python, from the repository root:

    /usr/bin/python3 -m unittest Tests/Scripts/test_make_reading_bench_pages.py
"""

import importlib.util
import json
import os
import tempfile
import unittest

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = importlib.util.spec_from_file_location("make_reading_bench_pages", os.path.join(ROOT, "scripts/make-reading-bench-pages.py"))
pages = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(pages)


def render(conditions, locales):
    scratch = tempfile.TemporaryDirectory()
    pages.main(["make-reading-bench-pages.py", scratch.name, "--conditions", ",".join(conditions), "--locales", ",".join(locales)])
    with open(os.path.join(scratch.name, "index.json"), encoding="utf-8") as f:
        return scratch, json.load(f)


class ReadingBenchPagesTests(unittest.TestCase):
    def test_a_quarter_turn_clockwise_is_the_upright_page_turned(self):
        scratch, _ = render(["clean", "rotate-90", "rotate-270"], ["en"])
        with scratch:
            upright = Image.open(os.path.join(scratch.name, "en-clean.png"))
            turned = Image.open(os.path.join(scratch.name, "en-rotate-90.png"))
            back = Image.open(os.path.join(scratch.name, "en-rotate-270.png"))
            self.assertEqual(turned.size, (upright.height, upright.width))
            # The page's top-left corner (its heading's start) ends at the top-right.
            self.assertEqual(list(turned.transpose(Image.Transpose.ROTATE_90).getdata()), list(upright.getdata()))
            self.assertEqual(list(back.transpose(Image.Transpose.ROTATE_270).getdata()), list(upright.getdata()))

    def test_a_mixed_page_names_each_blocks_language_in_the_order_of_its_truth(self):
        scratch, index = render(["mixed"], ["es"])
        with scratch:
            entry, = index
            self.assertEqual(entry["blockLanguages"], ["es", "es", "en", "vi"])
            self.assertTrue(entry["photographed"])
            with open(os.path.join(scratch.name, "es-mixed.txt"), encoding="utf-8") as f:
                blocks = f.read().strip().split("\n\n")
            self.assertEqual(len(blocks), len(entry["blockLanguages"]))
            self.assertTrue(blocks[2].startswith("Dr. Rivera"), blocks[2])
            self.assertTrue(blocks[3].startswith("Bác sĩ"), blocks[3])

    def test_only_the_subset_asked_for_is_written_and_scans_are_not_photographs(self):
        scratch, index = render(["clean", "perspective"], ["vi"])
        with scratch:
            self.assertEqual(sorted(os.listdir(scratch.name)),
                             ["index.json", "vi-clean.png", "vi-clean.txt", "vi-perspective.png", "vi-perspective.txt"])
            self.assertEqual({e["condition"]: e["photographed"] for e in index}, {"clean": False, "perspective": True})


if __name__ == "__main__":
    unittest.main()
