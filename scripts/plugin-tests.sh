#!/usr/bin/env bash
# Runs `sensebridge plugin test` on every staged plugin manifest and fails if any
# plugin fails a check. `make test` calls it after `make build` has staged the
# manifests and libraries into .build/plugins/.
#
#   scripts/plugin-tests.sh [DIR]     DIR defaults to .build/plugins
#
# Environment: SENSEBRIDGE_CLI (default .build/debug/sensebridge),
#              SENSEBRIDGE_HARNESS_ARGS (extra arguments, e.g. "--timeout 40").
set -u
cd "$(dirname "$0")/.."

cli=${SENSEBRIDGE_CLI:-.build/debug/sensebridge}
dir=${1:-.build/plugins}

if [ ! -x "$cli" ]; then
    echo "plugin-tests: $cli is missing; run 'make build' first." >&2
    exit 66
fi
if [ ! -d "$dir" ]; then
    echo "plugin-tests: $dir does not exist; run 'make build' to stage the plugins." >&2
    exit 66
fi

shopt -s nullglob
manifests=("$dir"/*.json)   # profiles live in $dir/profiles/ and are not manifests
if [ ${#manifests[@]} -eq 0 ]; then
    echo "plugin-tests: no plugin manifests in $dir; nothing to test." >&2
    exit 0
fi

failed=()
for manifest in "${manifests[@]}"; do
    echo "== $manifest"
    # shellcheck disable=SC2086  # extra arguments are split on purpose
    if ! "$cli" plugin test "$manifest" ${SENSEBRIDGE_HARNESS_ARGS:-}; then
        failed+=("$manifest")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "plugin-tests: ${#failed[@]} of ${#manifests[@]} plugin(s) failed:" >&2
    printf '  %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "plugin-tests: all ${#manifests[@]} plugin(s) passed."
