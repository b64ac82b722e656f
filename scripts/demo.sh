#!/usr/bin/env bash
# What `make demo` shows, after `make build` staged every plugin into .build/plugins.
#
# For now: the plugins this build found and the profiles it offers. The real demo
# (a session from a recorded walk through the built-in default profile) replaces
# the commands below once the CLI has it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cli=".build/debug/sensebridge"

if [ ! -x "$cli" ]; then
    echo "demo: $cli was not built; this checkout does not have the sensebridge CLI yet (Sources/sensebridge)." >&2
    echo "      'make test' builds and tests what exists." >&2
    exit 69  # EX_UNAVAILABLE
fi

# The staged plugins come first on the search path, so the demo shows this build's.
export SENSEBRIDGE_PLUGIN_PATH="$root/.build/plugins${SENSEBRIDGE_PLUGIN_PATH:+:$SENSEBRIDGE_PLUGIN_PATH}"

run() {
    echo "\$ sensebridge $*" >&2
    "$cli" "$@"
}

run plugins list
# `profiles` arrives with the host's profile support; show it when this CLI has it.
if "$cli" profiles --help >/dev/null 2>&1; then
    run profiles list
fi
