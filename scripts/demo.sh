#!/usr/bin/env bash
# What `make demo` shows, after `make build` staged every plugin into .build/plugins:
# the sample scene (samples/kitchen.records.jsonl) described through the built-in
# default profile (blind: speech and haptics), then through the deaf profile
# (captions and haptics), printing what was said and where every output went; then
# a recorded corridor walk with hands-free awareness through the deaf-blind profile.
#
#   scripts/demo.sh [OUTPUT_DIR]     default: .build/demo-output (emptied first)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cli=".build/debug/sensebridge"
scene="samples/kitchen.records.jsonl"
out="${1:-$root/.build/demo-output}"

if [ ! -x "$cli" ]; then
    echo "demo: $cli was not built; run 'make demo' (it builds first)." >&2
    exit 69  # EX_UNAVAILABLE
fi

# The staged plugins come first on the search path, so the demo shows this build's.
export SENSEBRIDGE_PLUGIN_PATH="$root/.build/plugins${SENSEBRIDGE_PLUGIN_PATH:+:$SENSEBRIDGE_PLUGIN_PATH}"
rm -rf "$out"
mkdir -p "$out"

run() {
    echo
    echo "\$ sensebridge $*"
    "$cli" "$@"
}

echo "SenseBridge demo: one scene, described as each profile delivers it."
echo "The scene ($scene) is what a detector, a sound classifier, OCR and a depth sensor reported:"
grep -v '^#' "$scene" | sed 's/^/    /'

run describe --records "$scene" --output "$out"
run describe --records "$scene" --output "$out" --profile deaf

echo
echo "What was written to $out:"
( cd "$out" && find . -type f | sort | while read -r file; do
    case "$file" in
        *.wav) printf '    %-34s %s s of speech\n' "$file" "$(soxi -D "$file" 2>/dev/null || echo '?')" ;;
        *) printf '    %-34s %s lines\n' "$file" "$(wc -l < "$file")" ;;
    esac
done )
echo
echo "Captions ($out/captions.vtt):"
sed 's/^/    /' "$out/captions.vtt"
echo
echo "Hands-free awareness: the sample corridor walk (samples/corridor.recording.jsonl), replayed"
echo "fast, for a deaf-blind person (haptics only). Alerts come from the depth frames, with the"
echo "floor rejected by gravity; descriptions come from the records frames."
run walk --fast --profile deaf-blind --output "$out/walk"

echo
echo "Try another language:  $cli describe --records $scene --locale es"
echo "Write your own profile: see docs/MANIFESTS.md; list them with '$cli profiles list'."
