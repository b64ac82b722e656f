#!/usr/bin/env bash
# Puts every plugin manifest beside the library it names, where the host can load
# it: manifests/*.json plus their libraries from the Swift build directory into
# .build/plugins/, and manifests/profiles/*.json into .build/plugins/profiles/.
#
#   scripts/stage-plugins.sh [--clean] [--bin-path DIR] [--dest DIR] [--profiles-dest DIR] [--models DIR]
#
# The models scripts/deps.sh installed (--models, default .build/models) are linked as
# DEST/models, where manifest defaults name them as {manifestDir}/models/…; the link is
# relative, so an installed tree (make install: PREFIX/share/sensebridge/models) keeps it
# under DESTDIR and after a move.
#
# A manifest whose library was not built fails the whole step, naming both: a
# plugin that silently goes missing here is an output a person silently loses later.
# `make install` calls this with the release build and the install prefix.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

clean=0 bin_path="" dest=".build/plugins" profiles_dest="" models=".build/models"
while [ $# -gt 0 ]; do
    case "$1" in
        --clean) clean=1 ;;
        --bin-path) bin_path="$2"; shift ;;
        --dest) dest="$2"; shift ;;
        --profiles-dest) profiles_dest="$2"; shift ;;
        --models) models="$2"; shift ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "stage-plugins: unknown argument '$1'. See 'scripts/stage-plugins.sh --help'." >&2; exit 64 ;;
    esac
    shift
done
[ -n "$bin_path" ] || bin_path="$(swift build --show-bin-path)"
[ -n "$profiles_dest" ] || profiles_dest="$dest/profiles"

if [ "$clean" = 1 ]; then
    # Staged from scratch each build, so a manifest removed from manifests/ does
    # not linger in .build/plugins and keep loading.
    rm -rf "$dest"
fi
mkdir -p "$dest"

shopt -s nullglob
manifests=(manifests/*.json)
profiles=(manifests/profiles/*.json)

# Reads what staging needs from one manifest, or explains what is wrong with it.
# Prints the library file name.
read_manifest() {
    python3 - "$1" <<'PY'
import json, sys
path = sys.argv[1]
try:
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)
except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
    sys.exit(f"stage-plugins: {path}: not a readable JSON file: {error}")
if not isinstance(manifest, dict):
    sys.exit(f"stage-plugins: {path}: a manifest is a JSON object")
schema = manifest.get("schema")
if schema != "sensebridge.plugin-manifest/1":
    sys.exit(f"stage-plugins: {path}: 'schema' is {schema!r}; expected 'sensebridge.plugin-manifest/1'")
library = manifest.get("library")
if not isinstance(library, str) or not library.endswith(".so") or "/" in library or library.startswith("."):
    sys.exit(f"stage-plugins: {path}: 'library' must be a file name such as 'libName.so' (got {library!r})")
print(library)
PY
}

failures=0
for manifest in "${manifests[@]}"; do
    if ! library="$(read_manifest "$manifest")"; then
        failures=$((failures + 1))
        continue
    fi
    if [ ! -f "$bin_path/$library" ]; then
        echo "stage-plugins: $manifest names $library, which was not built in $bin_path." >&2
        echo "               Add its product to Package.swift (the plugins list) or fix 'library' in the manifest." >&2
        failures=$((failures + 1))
        continue
    fi
    install -m 0644 "$manifest" "$dest/"
    install -m 0755 "$bin_path/$library" "$dest/"
    echo "stage-plugins: $manifest + $library"
done

if [ ${#profiles[@]} -gt 0 ]; then
    mkdir -p "$profiles_dest"
fi
for profile in "${profiles[@]}"; do
    if ! python3 - "$profile" <<'PY'
import json, sys
try:
    with open(sys.argv[1], encoding="utf-8") as f:
        json.load(f)
except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
    sys.exit(f"stage-plugins: {sys.argv[1]}: not a readable JSON file: {error}")
PY
    then
        failures=$((failures + 1))
        continue
    fi
    install -m 0644 "$profile" "$profiles_dest/"
done

# Sample recordings and scenes, which plugin defaults name as {manifestDir}/samples/…
# so a plugin created with its default config has real input on any machine.
if [ -d samples ]; then
    mkdir -p "$dest/samples"
    install -m 0644 samples/* "$dest/samples/"
fi

# Models are large: linked, never copied, into the staged directory.
ln -sfn "$(realpath -m --relative-to="$dest" "$models")" "$dest/models"
if [ ! -d "$models" ]; then
    echo "stage-plugins: $models does not exist: run scripts/deps.sh to install the models; until then the object detector fails loading, naming its model file." >&2
fi

if [ "$failures" -gt 0 ]; then
    echo "stage-plugins: $failures manifest or profile problem(s); nothing is missing silently, fix the files above." >&2
    exit 1
fi
echo "stage-plugins: staged ${#manifests[@]} plugin(s) and ${#profiles[@]} profile(s) into $dest$([ ${#manifests[@]} -eq 0 ] && echo ' (manifests/ has none yet)')."
