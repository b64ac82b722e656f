#!/usr/bin/env bash
# Writes sensebridge.pc for an install prefix from scripts/sensebridge.pc.in.
#
#   scripts/write-pkgconfig.sh PREFIX OUTPUT_FILE
#
# The version is the ABI version read from the header itself, so the two cannot
# drift: `pkg-config --atleast-version=1.0 sensebridge` asks for ABI 1.0 or later.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -eq 2 ] || { echo "usage: scripts/write-pkgconfig.sh PREFIX OUTPUT_FILE" >&2; exit 64; }
prefix="$1" output="$2"
header="$root/Sources/CSenseBridgeABI/include/sensebridge.h"

version_part() {
    local value
    value="$(sed -n "s/^#define SB_ABI_$1 \([0-9][0-9]*\)u\$/\1/p" "$header")"
    [ -n "$value" ] || { echo "write-pkgconfig: cannot read SB_ABI_$1 from $header." >&2; exit 1; }
    echo "$value"
}
major="$(version_part MAJOR)"
minor="$(version_part MINOR)"

mkdir -p "$(dirname "$output")"
sed -e "s|@PREFIX@|$prefix|g" -e "s|@ABI_MAJOR@|$major|g" -e "s|@ABI_MINOR@|$minor|g" \
    "$root/scripts/sensebridge.pc.in" >"$output"
