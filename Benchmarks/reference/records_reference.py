#!/usr/bin/env python3
"""The Python anchor of the records-file figure: json.loads plus the checks RecordsFile
makes (Sources/SenseBridgeCore/Perception/RecordsFile.swift), timed by itself.

    records_reference.py FILE [ROUNDS]

Reads FILE once, then parses it ROUNDS times (default 3) and prints one JSON line:
{"records": N, "microsecondsPerRecord": median}. A bad line stops with its number and
reason on stderr and exit status 65, as `sensebridge describe` would stop.
"""
import json
import math
import sys
import time

FIELDS = {"kind", "label", "confidence", "box", "distanceMetres"}
BOX_FIELDS = ("x", "y", "width", "height")
KINDS = {"object", "text", "sound", "depth"}
# CharacterSet.whitespaces as RecordsFile trims it: tab, space and the space separators.
SPACES = " \t\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u200b\u202f\u205f\u3000"
EDGE_TOLERANCE = 1e-9


class LineProblem(Exception):
    pass


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def number(obj, field, prefix=""):
    if field not in obj:
        return None
    value = obj[field]
    if not is_number(value):
        raise LineProblem(f"{prefix}{field} must be a number")
    if not math.isfinite(value):
        raise LineProblem(f"{prefix}{field} is not a finite number")
    return float(value)


def string(obj, field):
    if field not in obj:
        return None
    value = obj[field]
    if not isinstance(value, str):
        raise LineProblem(f'"{field}" must be a string')
    return value


def box(value, kind):
    if value is None:
        return None
    if kind not in ("object", "text"):
        raise LineProblem(f'"box" is not allowed for {kind} records')
    if not isinstance(value, dict):
        raise LineProblem('"box" must be an object with x, y, width and height')
    unknown = sorted(k for k in value if k not in BOX_FIELDS)
    if unknown:
        raise LineProblem(f'unknown box field "{unknown[0]}"')
    values = {}
    for field in BOX_FIELDS:
        n = number(value, field, "box ")
        if n is None:
            raise LineProblem(f'missing box field "{field}"')
        if not 0 <= n <= 1:
            raise LineProblem(f"box {field} is outside 0…1")
        values[field] = n
    for field in ("width", "height"):
        if values[field] <= 0:
            raise LineProblem(f"box {field} must be greater than 0")
    if values["x"] + values["width"] > 1 + EDGE_TOLERANCE:
        raise LineProblem("box extends past the right edge")
    if values["y"] + values["height"] > 1 + EDGE_TOLERANCE:
        raise LineProblem("box extends past the bottom edge")
    return (values["x"], values["y"], values["width"], values["height"])


def record(text):
    try:
        obj = json.loads(text)
    except ValueError:
        raise LineProblem("is not valid JSON")
    if not isinstance(obj, dict):
        raise LineProblem("must be a JSON object")
    unknown = sorted(k for k in obj if k not in FIELDS)
    if unknown:
        raise LineProblem(f'unknown field "{unknown[0]}"')
    kind = string(obj, "kind")
    if kind is None:
        raise LineProblem('missing field "kind"')
    if kind not in KINDS:
        raise LineProblem(f'unknown kind "{kind}"')
    is_depth = kind == "depth"
    label = string(obj, "label")
    if label is None:
        if not is_depth:
            raise LineProblem('missing field "label"')
        label = ""
    if not is_depth and not label.strip():
        raise LineProblem('"label" must not be empty')
    confidence = number(obj, "confidence")
    if confidence is None:
        if not is_depth:
            raise LineProblem('missing field "confidence"')
        confidence = 1.0
    if not 0 <= confidence <= 1:
        raise LineProblem("confidence is outside 0…1")
    bounds = box(obj.get("box"), kind)
    distance = number(obj, "distanceMetres")
    if is_depth:
        if distance is None:
            raise LineProblem('missing field "distanceMetres"')
        if distance < 0:
            raise LineProblem("distanceMetres must be 0 or more")
    elif distance is not None:
        raise LineProblem('"distanceMetres" is only allowed for depth records')
    return (kind, label, confidence, bounds, distance)


def parse(data):
    records = []
    for number_, raw in enumerate(data.split(b"\n"), start=1):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        if number_ == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SystemExit(f"line {number_}: is not valid UTF-8")
        line = line.strip(SPACES)
        if not line or line.startswith("#"):
            continue
        try:
            records.append(record(line))
        except LineProblem as problem:
            print(f"line {number_}: {problem}", file=sys.stderr)
            sys.exit(65)
    return records


def main():
    path = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with open(path, "rb") as handle:
        data = handle.read()
    timings = []
    count = 0
    for _ in range(rounds):
        start = time.perf_counter()
        count = len(parse(data))
        timings.append((time.perf_counter() - start) * 1e6 / max(count, 1))
    timings.sort()
    print(json.dumps({"records": count, "microsecondsPerRecord": timings[len(timings) // 2]}))


if __name__ == "__main__":
    main()
