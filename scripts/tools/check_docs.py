#!/usr/bin/env python3
"""Checks that code quoted in the docs still matches the files it was quoted from.

A quote is marked in Markdown by a comment on the line before its fenced block:

    <!-- quote: examples/swift-composer/Sources/CountingComposer/Entry.swift -->
    ```swift
    ...
    ```

The block (dedented, as it may sit inside a list) must appear verbatim in that file.
A guide whose code drifted from the example teaches the wrong thing with confidence.

Usage: check_doc_quotes.py DOC.md... ; prints one PASS/FAIL line per quote.
"""
import pathlib
import re
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]
QUOTE = re.compile(r"^([ \t]*)<!-- quote: (\S+) -->\n\1```[^\n]*\n(.*?)\n\1```", re.M | re.S)


def main(paths):
    failed = 0
    count = 0
    for doc in paths:
        text = pathlib.Path(doc).read_text(encoding="utf-8")
        for match in QUOTE.finditer(text):
            count += 1
            source = ROOT / match.group(2)
            block = textwrap.dedent(match.group(3))
            line = text.count("\n", 0, match.start()) + 1
            where = f"{doc}:{line} quotes {match.group(2)}"
            if not source.is_file():
                print(f"FAIL {where}, which does not exist")
                failed += 1
            elif block not in source.read_text(encoding="utf-8"):
                print(f"FAIL {where}, but the file no longer contains that text")
                failed += 1
            else:
                print(f"PASS {where}")
    if count == 0:
        print("FAIL no quotes found; the marker format may have changed")
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
