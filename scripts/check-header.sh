#!/usr/bin/env bash
# Compiles the ABI header as its users will: as C11 and as C++17, every warning an
# error, both as a plugin and as a host (scripts/tools/header-check.c), runs both
# programs, and checks that C and C++ agree on every struct's size and offsets.
#
# Why C++ too: a host or plugin written in C++ includes the same header, and an
# `extern "C"` slip or a C-only construct would only show up in their build.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# SB_HEADER_DIR lets the check be pointed at a candidate header before it replaces the real one.
header_dir="${SB_HEADER_DIR:-$root/Sources/CSenseBridgeABI/include}"
source="$root/scripts/tools/header-check.c"
out="$root/.build/header-check"
CC="${CC:-cc}"
CXX="${CXX:-c++}"
mkdir -p "$out"

passes=0 failures=0
pass() { echo "PASS $*"; passes=$((passes + 1)); }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

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

echo "check-header: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
