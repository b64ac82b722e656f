#!/usr/bin/env python3
"""Checks ABI layouts against the growth rules written at the top of sensebridge.h.

A layout is what scripts/tools/header-check.c prints, and what
Sources/CSenseBridgeABI/abi-<major>.<minor>.layout records ('#' lines are comments):

    struct sb_frame        size  144 appendable
    field  sb_frame.kind   offset  4 size 4

Usage:
    abi_growth.py compare OLD.layout NEW.layout
        NEW may follow OLD within one major: every OLD struct is still there with
        the same class; every OLD field keeps its offset and size; a frozen struct
        keeps its size and gains no field; an appendable struct grows only at its
        end (a new field starts at or past OLD's size).
    abi_growth.py header sensebridge.h LAYOUT
        LAYOUT lists every struct the header defines and every field of each, in
        the header's order (the table in header-check.c is written by hand, and a
        field missing from it would go unrecorded), and the comment just above each
        definition marks it "Frozen in 1.x" or "Appendable" as LAYOUT classes it.

Prints one line per problem and exits 1 when there is any; prints a one-line
summary and exits 0 otherwise. Exits 2 on a file it cannot read or parse.
"""
import re
import sys

CLASSES = ("frozen", "appendable")


class LayoutError(Exception):
    pass


def parse(path):
    """Returns {struct: {"size", "class", "fields": {name: (offset, size)}, "order"}}."""
    structs = {}
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as error:
        raise LayoutError(f"{path}: {error.strerror}")
    for number, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        where = f"{path}:{number}"
        if len(words) == 5 and words[0] == "struct" and words[2] == "size" and words[4] in CLASSES:
            name = words[1]
            if name in structs:
                raise LayoutError(f"{where}: {name} is listed twice")
            structs[name] = {"size": number_of(words[3], where), "class": words[4], "fields": {}, "order": []}
        elif len(words) == 6 and words[0] == "field" and words[2] == "offset" and words[4] == "size":
            owner, _, field = words[1].partition(".")
            if owner not in structs or not field:
                raise LayoutError(f"{where}: field {words[1]} does not follow its struct's line")
            entry = structs[owner]
            if field in entry["fields"]:
                raise LayoutError(f"{where}: {words[1]} is listed twice")
            offset, size = number_of(words[3], where), number_of(words[5], where)
            if offset + size > entry["size"]:
                raise LayoutError(f"{where}: {words[1]} ends at {offset + size}, past {owner}'s size {entry['size']}")
            entry["fields"][field] = (offset, size)
            entry["order"].append(field)
        else:
            raise LayoutError(f"{where}: not a struct or field line: {line.strip()}")
    if not structs:
        raise LayoutError(f"{path}: no structs")
    for name, entry in structs.items():
        if entry["class"] == "appendable" and entry["fields"].get("struct_size", (None, 0))[1] != 4:
            raise LayoutError(f"{path}: {name} is appendable but has no 4-byte struct_size")
    return structs


def number_of(word, where):
    if not word.isdigit():
        raise LayoutError(f"{where}: '{word}' is not a byte count")
    return int(word)


def compare(old_path, new_path):
    old, new = parse(old_path), parse(new_path)
    problems = []
    for name, before in old.items():
        after = new.get(name)
        if after is None:
            problems.append(f"{name} was removed")
            continue
        if after["class"] != before["class"]:
            problems.append(f"{name} was {before['class']} and is now {after['class']}")
            continue
        for field in before["order"]:
            was = before["fields"][field]
            now = after["fields"].get(field)
            if now is None:
                problems.append(f"{name}.{field} was removed")
            elif now[0] != was[0]:
                problems.append(f"{name}.{field} moved from offset {was[0]} to {now[0]}")
            elif now[1] != was[1]:
                problems.append(f"{name}.{field} changed size from {was[1]} to {now[1]}")
        added = [field for field in after["order"] if field not in before["fields"]]
        if before["class"] == "frozen":
            if after["size"] != before["size"]:
                problems.append(f"{name} is frozen but its size changed from {before['size']} to {after['size']}")
            for field in added:
                problems.append(f"{name} is frozen but gained {field}")
            continue
        if after["size"] < before["size"]:
            problems.append(f"{name} shrank from {before['size']} to {after['size']}")
        for field in added:
            offset = after["fields"][field][0]
            if offset < before["size"]:
                problems.append(f"{name}.{field} was added at offset {offset}, inside the old struct "
                                f"({before['size']} bytes); appendable structs grow only at the end")
    for problem in problems:
        print(f"FAIL {new_path} against {old_path}: {problem}")
    if problems:
        return 1
    grown = sorted(name for name in old if new[name]["size"] != old[name]["size"])
    print(f"ok: {len(old)} structs kept, grown at the end: {', '.join(grown) or 'none'}, "
          f"new structs: {len(new) - len(old)}")
    return 0


def declared_structs(header):
    """{name: (comment above the definition, [field names in order])} from the header."""
    structs = {}
    pattern = re.compile(r"(?:(/\*(?:(?!\*/).)*\*/)\s*)?typedef struct (\w+) \{(.*?)\} \2;", re.S)
    for match in pattern.finditer(header):
        comment, name, body = match.group(1) or "", match.group(2), match.group(3)
        body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
        fields = []
        for declaration in body.split(";"):
            declaration = " ".join(declaration.split())
            if not declaration:
                continue
            pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(", declaration)
            if pointer:
                fields.append(pointer.group(1))
                continue
            declaration = re.sub(r"\[[^\]]*\]", "", declaration)
            for piece in declaration.split(","):
                fields.append(re.findall(r"\w+", piece)[-1])
        structs[name] = (" ".join(comment.split()), fields)
    return structs


def header(header_path, layout_path):
    layout = parse(layout_path)
    try:
        declared = declared_structs(open(header_path, encoding="utf-8").read())
    except OSError as error:
        raise LayoutError(f"{header_path}: {error.strerror}")
    problems = []
    for name in declared:
        if name not in layout:
            problems.append(f"{name} is defined in the header but missing from the layout")
    for name, entry in layout.items():
        if name not in declared:
            problems.append(f"{name} is in the layout but the header does not define it")
            continue
        comment, fields = declared[name]
        if fields != entry["order"]:
            problems.append(f"{name} declares fields {', '.join(fields)} but the layout lists {', '.join(entry['order'])}")
        frozen, appendable = "Frozen in 1.x" in comment, "Appendable" in comment
        if entry["class"] == "frozen" and not (frozen and not appendable):
            problems.append(f"{name} is frozen, but the comment above it does not say only \"Frozen in 1.x\"")
        elif entry["class"] == "appendable" and not (appendable and not frozen):
            problems.append(f"{name} is appendable, but the comment above it does not say only \"Appendable\"")
    for problem in problems:
        print(f"FAIL {header_path}: {problem}")
    if problems:
        return 1
    print(f"ok: the layout lists all {len(layout)} structs and "
          f"{sum(len(entry['order']) for entry in layout.values())} fields, each struct marked as its class")
    return 0


def main(argv):
    try:
        if len(argv) == 3 and argv[0] == "compare":
            return compare(argv[1], argv[2])
        if len(argv) == 3 and argv[0] == "header":
            return header(argv[1], argv[2])
    except LayoutError as error:
        print(f"abi_growth: {error}", file=sys.stderr)
        return 2
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
