#!/usr/bin/env bash
# Compiles the ABI header as its users will: as C11 and as C++17, every warning an
# error, both as a plugin and as a host (scripts/tools/header-check.c), runs both
# programs, and checks that C and C++ agree on every struct's size and offsets.
#
# Why C++ too: a host or plugin written in C++ includes the same header, and an
# `extern "C"` slip or a C-only construct would only show up in their build.
#
# Then the printed layout against the checked-in record (on x86_64, which it records):
#   - it equals Sources/CSenseBridgeABI/abi-<major>.<minor>.layout for the header's
#     version, or the check fails with the diff;
#   - it follows every earlier abi-<major>.*.layout by the header's growth rules
#     (scripts/tools/abi_growth.py compare);
#   - it lists every struct and field the header declares, and the header marks
#     each struct frozen or appendable as the layout classes it (abi_growth.py
#     header): header-check.c's table is written by hand;
#   - the checks refuse deliberately broken copies (a moved field, a grown frozen
#     struct, a field inserted into an appendable one, a missing mark, a field the
#     table leaves out), so their PASS means something.
#
# Then sensebridge_util.h, the helpers compiled into every C plugin:
#   - scripts/tools/util-check.c compiles as C11 and C++17 with the same flags, and
#     again with the stricter ones a plugin may build with (-Wformat=2, -Wconversion,
#     -Wshadow ...): the helpers are inline, so their warnings are the plugin's;
#   - it runs, as C and as C++, checking each helper (a message cut inside a 2-, 3-
#     and 4-byte character, bytes that are not UTF-8, the empty-message fallback, a
#     NULL error, config lookups on full, 1.1-sized and unflattened host tables);
#   - built as a library with -fvisibility=hidden, it exports exactly
#     sensebridge_plugin_entry (nm -D), in C and in C++ (no mangled name);
#   - it refuses broken copies of the header (a cut that keeps half a character, a
#     byte passed through unchecked, a lookup that reads past struct_size, an
#     SB_EXPORT that exports nothing).
#
# `scripts/check-header.sh --write-layout` rewrites the reference for the header's
# version instead of comparing with it: for an intended change only, reviewed as a
# diff. An earlier version's file is regenerated from that version's header:
#   git show <commit>:Sources/CSenseBridgeABI/include/sensebridge.h >/tmp/h/sensebridge.h
#   SB_HEADER_DIR=/tmp/h scripts/check-header.sh --write-layout
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# SB_HEADER_DIR lets the check be pointed at a candidate header before it replaces the real one.
header_dir="${SB_HEADER_DIR:-$root/Sources/CSenseBridgeABI/include}"
source="$root/scripts/tools/header-check.c"
growth="$root/scripts/tools/abi_growth.py"
layouts="$root/Sources/CSenseBridgeABI"
out="$root/.build/header-check"
CC="${CC:-cc}"
CXX="${CXX:-c++}"
write_layout=0
case "${1:-}" in
    "") ;;
    --write-layout) write_layout=1 ;;
    *) echo "usage: scripts/check-header.sh [--write-layout]" >&2; exit 64 ;;
esac
mkdir -p "$out"

passes=0 failures=0
pass() { echo "PASS $*"; passes=$((passes + 1)); }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
relative() { echo "${1#"$root"/}"; }

compile() {  # name, compiler and flags...
    local name="$1"; shift
    if "$@" -I"$header_dir" -o "$out/$name" "$source" 2>"$out/$name.log"; then
        pass "$name compiles: $*"
    else
        fail "$name does not compile: $*"
        sed 's/^/    /' "$out/$name.log"
        return 1
    fi
}

c_ok=0 cxx_ok=0
compile header-check-c11 "$CC" -std=c11 -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -Wmissing-prototypes && c_ok=1
compile header-check-cxx17 "$CXX" -x c++ -std=c++17 -Wall -Wextra -pedantic -Werror && cxx_ok=1

for pair in "c11:$c_ok" "cxx17:$cxx_ok"; do
    name="header-check-${pair%%:*}"
    [ "${pair##*:}" = 1 ] || continue
    if "$out/$name" >"$out/$name.layout"; then
        pass "$name drives its plugin through the header and prints the layout"
    else
        fail "$name ran but failed (exit $?)"
        [ "$name" = header-check-c11 ] && c_ok=0
    fi
done

if [ "$c_ok$cxx_ok" = 11 ]; then
    if diff -u "$out/header-check-c11.layout" "$out/header-check-cxx17.layout" >"$out/layout.diff"; then
        pass "C and C++ agree on $(wc -l <"$out/header-check-c11.layout") sizes and offsets"
    else
        fail "C and C++ disagree on struct layout:"
        sed 's/^/    /' "$out/layout.diff"
    fi
fi

# ---------------------------------------------------------------- the reference

version_part() {  # MAJOR or MINOR, read from the header being checked
    sed -n "s/^#define SB_ABI_$1 \([0-9][0-9]*\)u\$/\1/p" "$header_dir/sensebridge.h"
}
major="$(version_part MAJOR)" minor="$(version_part MINOR)"
layout="$out/header-check-c11.layout"
reference="$layouts/abi-$major.$minor.layout"

reference_text() {  # the reference file: what it is, then the printed table
    cat <<EOF
# SenseBridge plugin ABI $major.$minor: the size and class of every struct in sensebridge.h,
# and the offset and size of every field, in bytes, as compiled for x86_64 Linux
# (LP64, System V ABI). Another platform may lay the same header out differently;
# this file records x86_64 only.
#
# frozen:     embedded in another struct, an array element, or without struct_size;
#             its size and offsets never change within major $major.
# appendable: passed by pointer with struct_size; a minor may add fields at its end.
#
# \`make check-header\` fails unless the header's layout equals the file for its
# version and follows every earlier abi-$major.*.layout by the growth rules
# (scripts/tools/abi_growth.py). Written by \`scripts/check-header.sh --write-layout\`;
# regenerate it only for an intended change, and review the diff.
EOF
    cat "$layout"
}

# The comparer must refuse a broken copy of the checked-in reference, made by one
# awk program (the reference, not the printed layout, so a broken header cannot
# make these fail for the wrong reason).
refuses() {  # name, text its report must contain, awk program
    local name="$1" expected="$2" program="$3" status=0
    awk "$program" "$reference" >"$out/broken-$name.layout"
    python3 "$growth" compare "$reference" "$out/broken-$name.layout" >"$out/broken-$name.log" 2>&1 || status=$?
    if [ "$status" = 1 ] && grep -qF "$expected" "$out/broken-$name.log"; then
        pass "the comparer refuses $name: $expected"
    else
        fail "the comparer accepted $name (exit $status; expected \"$expected\"):"
        sed 's/^/    /' "$out/broken-$name.log"
    fi
}

# The header check must refuse a header edited by one sed program.
header_refuses() {  # name, text its report must contain, sed program
    local name="$1" expected="$2" program="$3" status=0
    sed "$program" "$header_dir/sensebridge.h" >"$out/edited-$name.h"
    python3 "$growth" header "$out/edited-$name.h" "$reference" >"$out/edited-$name.log" 2>&1 || status=$?
    if ! cmp -s "$header_dir/sensebridge.h" "$out/edited-$name.h" && [ "$status" = 1 ] \
        && grep -qF "$expected" "$out/edited-$name.log"; then
        pass "the header check refuses $name: $expected"
    else
        fail "the header check accepted $name (exit $status; expected \"$expected\"):"
        sed 's/^/    /' "$out/edited-$name.log"
    fi
}

if [ "$c_ok" != 1 ] || [ -z "$major" ] || [ -z "$minor" ]; then
    fail "no layout to check (the C program failed, or SB_ABI_MAJOR/SB_ABI_MINOR cannot be read)"
elif [ "$(uname -m)" != x86_64 ]; then
    echo "SKIP the layout references record x86_64; this machine is $(uname -m)"
elif [ "$write_layout" = 1 ]; then
    reference_text >"$reference"
    pass "wrote $(relative "$reference") ($(grep -c '^struct' "$layout") structs, $(grep -c '^field' "$layout") fields)"
else
    if [ ! -f "$reference" ]; then
        fail "there is no $(relative "$reference") for ABI $major.$minor; write it with scripts/check-header.sh --write-layout"
    elif grep -v '^#' "$reference" | diff -u --label "$(relative "$reference")" --label "sensebridge.h as compiled" - "$layout" \
        >"$out/reference.diff"; then
        pass "the layout equals $(relative "$reference") ($(grep -c '^struct' "$layout") structs, $(grep -c '^field' "$layout") fields)"
    else
        fail "the layout differs from $(relative "$reference"); if the change is intended and follows the growth rules, rewrite it with scripts/check-header.sh --write-layout:"
        sed 's/^/    /' "$out/reference.diff"
    fi

    for earlier in "$layouts"/abi-"$major".*.layout; do
        [ -f "$earlier" ] && [ "$earlier" != "$reference" ] || continue
        # Only earlier minors: an older header checked with SB_HEADER_DIR does not follow a newer one.
        earlier_minor="${earlier##*/abi-"$major".}" earlier_minor="${earlier_minor%.layout}"
        [ "$earlier_minor" -lt "$minor" ] || continue
        if python3 "$growth" compare "$earlier" "$layout" >"$out/growth.log" 2>&1; then
            pass "ABI $major.$minor follows $(relative "$earlier") by the growth rules ($(tail -n 1 "$out/growth.log" | sed "s/^ok: //"))"
        else
            fail "ABI $major.$minor breaks the growth rules against $(relative "$earlier"):"
            sed 's/^/    /' "$out/growth.log"
        fi
    done

    if python3 "$growth" header "$header_dir/sensebridge.h" "$layout" >"$out/header.log" 2>&1; then
        pass "$(tail -n 1 "$out/header.log" | sed 's/^ok: //') ($(grep -c ' frozen$' "$layout") frozen, $(grep -c ' appendable$' "$layout") appendable)"
    else
        fail "the layout table and the header disagree (scripts/tools/header-check.c lists every field by hand):"
        sed 's/^/    /' "$out/header.log"
    fi

    if [ -f "$reference" ]; then
        refuses "a moved field" "sb_frame.records moved from offset 128 to 136" \
            '$2 == "sb_frame.records" { $4 = 136 } { print }'
        refuses "a grown frozen struct" "sb_record is frozen but its size changed from 40 to 48" \
            '$2 == "sb_record" { $4 = 48 } { print } $2 == "sb_record.distance_m" { print "field sb_record.extra offset 40 size 8" }'
        refuses "a field inserted into an appendable struct" "sb_message.priority was added at offset 4" \
            '$2 == "sb_message" { $4 += 8 } $1 == "field" && $2 ~ /^sb_message\./ && $4 > 0 { $4 += 8 } { print }
             $2 == "sb_message.struct_size" { print "field sb_message.priority offset 4 size 4" }'
        header_refuses "an unmarked frozen struct" "sb_box is frozen" \
            's/Frozen in 1.x: embedded in sb_record/Embedded in sb_record/'
        header_refuses "a field the table leaves out" "sb_record declares fields kind, flags, label, confidence, box, distance_m, extra" \
            's|^    float distance_m; .*|&\n    float extra;|'
    fi
fi

# ------------------------------------------------------------ the util header

util_source="$root/scripts/tools/util-check.c"
util_header="$header_dir/sensebridge_util.h"
strict_c="-Wformat=2 -Wconversion -Wsign-conversion -Wshadow -Wcast-qual -Wundef"

util_build() {  # name, header directory, compiler and flags...: compiles util-check, 0 when it compiled
    local name="$1" directory="$2"; shift 2
    "$@" -I"$directory" -o "$out/$name" "$util_source" 2>"$out/$name.log"
}

util_exports() {  # library: its defined, exported symbols on one line
    nm -D --defined-only --extern-only "$1" | awk '{print $NF}' | sort | tr '\n' ' '
}

for language in c11 cxx17; do
    if [ "$language" = c11 ]; then
        compiler=("$CC" -std=c11 -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -Wmissing-prototypes)
    else
        compiler=("$CXX" -x c++ -std=c++17 -Wall -Wextra -pedantic -Werror)
    fi
    name="util-check-$language"
    if util_build "$name" "$header_dir" "${compiler[@]}"; then
        pass "$name compiles: ${compiler[*]}"
        if "$out/$name" >"$out/$name.out" 2>&1; then
            pass "$name: $(tail -n 1 "$out/$name.out" | sed 's/^util-check: //') (every helper of sensebridge_util.h)"
        else
            fail "$name ran but failed:"; sed 's/^/    /' "$out/$name.out"
        fi
    else
        fail "$name does not compile: ${compiler[*]}"; sed 's/^/    /' "$out/$name.log"
    fi
    # shellcheck disable=SC2086 # the strict flags are words
    if util_build "$name-strict" "$header_dir" "${compiler[@]}" $strict_c -fsyntax-only; then
        pass "$name compiles with a plugin's stricter warnings: $strict_c"
    else
        fail "$name does not compile with $strict_c:"; sed 's/^/    /' "$out/$name-strict.log"
    fi
    if util_build "$name.so" "$header_dir" "${compiler[@]}" -shared -fPIC -fvisibility=hidden; then
        exported="$(util_exports "$out/$name.so")"
        if [ "$exported" = "sensebridge_plugin_entry " ]; then
            pass "$name.so built with -fvisibility=hidden exports exactly sensebridge_plugin_entry (SB_EXPORT)"
        else
            fail "$name.so built with -fvisibility=hidden exports '$exported', not just sensebridge_plugin_entry"
        fi
    else
        fail "$name.so does not build as a library:"; sed 's/^/    /' "$out/$name.so.log"
    fi
done

# Clang warns where GCC does not (a format string passed on to vsnprintf without the
# format attribute, under -Wformat=2), and many plugins build with it.
if command -v clang >/dev/null 2>&1; then
    # shellcheck disable=SC2086 # the strict flags are words
    if util_build util-check-clang-strict "$header_dir" clang -std=c11 -Wall -Wextra -pedantic -Werror $strict_c -fsyntax-only; then
        pass "util-check compiles with clang and $strict_c"
    else
        fail "util-check does not compile with clang and $strict_c:"; sed 's/^/    /' "$out/util-check-clang-strict.log"
    fi
fi

# util-check must refuse a header edited by one sed program: it compiles against the
# edited copy (beside the real sensebridge.h) and must fail with the expected line.
util_refuses() {  # name, text its output must contain, sed program
    local name="$1" expected="$2" program="$3" status=0 copy="$out/util-broken-$1"
    copy="${copy// /-}"
    mkdir -p "$copy"
    cp "$header_dir/sensebridge.h" "$copy/"
    sed "$program" "$util_header" >"$copy/sensebridge_util.h"
    if cmp -s "$util_header" "$copy/sensebridge_util.h"; then
        fail "util-check: the edit for $name changed nothing (the header moved on; update the sed program)"
        return
    fi
    if ! util_build "util-broken" "$copy" "$CC" -std=c11; then
        fail "util-check: the copy with $name does not compile:"; sed 's/^/    /' "$out/util-broken.log"
        return
    fi
    "$out/util-broken" >"$copy/out" 2>&1 || status=$?
    if [ "$status" = 1 ] && grep -qF "FAIL $expected" "$copy/out"; then
        pass "util-check refuses $name: $expected"
    else
        fail "util-check accepted $name (exit $status; expected \"FAIL $expected\"):"
        sed 's/^/    /' "$copy/out"
    fi
}

util_refuses "a cut that keeps half a character" \
    "sb_error_set cut at the capacity after 2 byte(s) of a 3-byte character keeps only whole characters" \
    '/the character the cut tore/d'
util_refuses "bytes that are not UTF-8 copied as they are" \
    "sb_error_set writes '?' for each byte of the arguments that is not UTF-8" \
    "s/error->message\[out++\] = '?';/error->message[out++] = (char)from[in];/"
util_refuses "a lookup that reads past a 1.1 host's struct_size" \
    "sb_config_get returns NULL for a 1.1- or 1.0-sized sb_host_services (never reads past struct_size)" \
    's/SB_STRUCT_HAS(host, sb_host_services, config_entry_count) && //'
util_refuses "a lookup that walks NULL entries" \
    "sb_config_get returns NULL for NULL entries and a NULL host" \
    's/ && host->config_entries != NULL;/;/; s/if (!sb_config_readable(host) || !key) return NULL;/if (!host || !key) return NULL;/'

# SB_EXPORT that exports nothing: the library must then fail the nm check above.
broken_export="$out/util-broken-export"
mkdir -p "$broken_export"
cp "$header_dir/sensebridge.h" "$broken_export/"
sed 's/__attribute__((visibility("default")))//' "$util_header" >"$broken_export/sensebridge_util.h"
if util_build "util-broken-export.so" "$broken_export" "$CC" -std=c11 -shared -fPIC -fvisibility=hidden \
    && [ "$(util_exports "$out/util-broken-export.so")" != "sensebridge_plugin_entry " ]; then
    pass "the export check refuses an SB_EXPORT without visibility(\"default\") (exports '$(util_exports "$out/util-broken-export.so")')"
else
    fail "the export check accepted an SB_EXPORT without visibility(\"default\")"
fi

echo "check-header: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
