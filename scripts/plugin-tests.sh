#!/usr/bin/env bash
# Runs `sensebridge plugins test` on every staged plugin manifest and fails if any
# plugin fails a check, as a packager checks an installed set. `make plugin-tests` calls
# it after `make build` has staged the manifests and libraries into .build/plugins/.
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

# A plugin whose manifest says usesNetwork cannot work unconfigured (it has no address),
# and must never be pointed at a real provider by a test. It is tested against the
# stand-in server in Tests/Servers/llm_server.py on 127.0.0.1, through --config.
server_pid="" network_json=""
stop_server() { [ -z "$server_pid" ] || kill -9 "$server_pid" 2>/dev/null || true; server_pid=""; }
# Starts the stand-in server in this shell (so it can be killed) and sets network_json.
start_server() {
    local line port=""
    coproc LLM { exec python3 Tests/Servers/llm_server.py --record /dev/null 2>/dev/null; }
    server_pid=$LLM_PID
    while IFS= read -r -t 15 line <&"${LLM[0]}"; do
        case "$line" in "PORT "*) port=${line#PORT }; break ;; esac
    done
    if [ -z "$port" ]; then
        echo "plugin-tests: the stand-in server did not start within 15 s" >&2
        stop_server
        return 1
    fi
    network_json=$(printf '{"baseURL": "http://127.0.0.1:%s/ok/v1", "model": "harness"}' "$port")
}

# The speech-dispatcher target speaks through a daemon: a private one, headless, started by
# scripts/test-daemons/speechd.sh (the Swift tests use the same script) at a quick pace,
# since the harness renders 64 KiB and hundreds of messages in a row.
speechd_dir=""
stop_speechd() {
    [ -z "$speechd_dir" ] || { scripts/test-daemons/speechd.sh stop "$speechd_dir" || true; rm -rf "$speechd_dir"; }
    speechd_dir=""
}

# The braille target needs a BRLTTY with a display: Tests/Servers/brltty_display.py starts
# one headless (the vr driver, the script playing a 40-cell display; docs/BRAILLE.md), the
# same helper the Swift tests use. It runs in this shell so it can be stopped.
brltty_pid="" brltty_dir="" braille_json=""
stop_brltty() {
    if [ -n "$brltty_pid" ]; then
        exec {BRL[1]}>&- 2>/dev/null || true     # EOF on its stdin: it stops BRLTTY and exits
        for _ in $(seq 50); do kill -0 "$brltty_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$brltty_pid" 2>/dev/null || true
    fi
    brltty_pid=""
}
start_brltty() {
    local line host=""
    brltty_dir=$(mktemp -d)
    coproc BRL { exec python3 Tests/Servers/brltty_display.py --dir "$brltty_dir" --cells 40 2>"$brltty_dir/helper.err"; }
    brltty_pid=$BRL_PID
    while IFS= read -r -t 30 line <&"${BRL[0]}"; do
        case "$line" in "HOST "*) host=${line#HOST } ;; READY) break ;; esac
    done
    if [ -z "$host" ] || [ "$line" != READY ]; then
        echo "plugin-tests: the test BRLTTY did not start within 30 s; see $brltty_dir/brltty.log" >&2
        stop_brltty
        return 1
    fi
    braille_json=$(printf '{"host": "%s", "readingWindowSeconds": 0.5}' "$host")
}

scene_dir="" media_dir=""
cleanup() {
    stop_server; stop_speechd; stop_brltty
    [ -z "$scene_dir" ] || rm -rf "$scene_dir"; [ -z "$media_dir" ] || rm -rf "$media_dir"; [ -z "$brltty_dir" ] || rm -rf "$brltty_dir"
}
trap cleanup EXIT
# Prints LD_LIBRARY_PATH=… FAKENECT_PATH=… for a short synthetic corridor, or fails saying why.
fakenect_environment() {
    local lib
    lib=$(dirname "$(ls /usr/lib/*/fakenect/libfreenect.so.0.5 2>/dev/null | head -n 1)")
    if [ ! -e "$lib/libfreenect.so.0.5" ]; then
        echo "plugin-tests: fakenect is not installed (Debian: libfreenect-bin); run scripts/deps.sh." >&2
        return 1
    fi
    scene_dir=$(mktemp -d)
    if ! python3 scripts/make-fakenect-scene.py open-corridor "$scene_dir/corridor" --duration 1.5 --block 8 >&2; then
        echo "plugin-tests: scripts/make-fakenect-scene.py could not write the harness's recording." >&2
        return 1
    fi
    echo "LD_LIBRARY_PATH=$lib FAKENECT_PATH=$scene_dir/corridor"
}

# Prints the --config JSON for the camera source: a one-second test-pattern video written
# now with ffmpeg into $1 (the manifest's default input is /dev/video0, and CI has no
# camera). The directory is made by the caller: this runs in a $(…) subshell, whose
# variables the EXIT trap would never see.
camera_config() {
    local media_dir=$1
    if ! ffmpeg -hide_banner -loglevel error -nostdin -y -f lavfi -i testsrc=size=160x120:rate=10 -t 1 \
            "$media_dir/pattern.mp4" </dev/null >&2; then
        echo "plugin-tests: ffmpeg could not write the camera source's test video; run scripts/deps.sh." >&2
        return 1
    fi
    printf '{"input": "%s"}' "$media_dir/pattern.mp4"
}

# Prints the --config JSON for the audio source: a two-second tone written now with ffmpeg
# into $1 (the manifest's default input is the microphone, and CI has no sound server).
audio_config() {
    local media_dir=$1
    if ! ffmpeg -hide_banner -loglevel error -nostdin -y -f lavfi -i sine=frequency=1000:sample_rate=44100:duration=2 \
            "$media_dir/tone.wav" </dev/null >&2; then
        echo "plugin-tests: ffmpeg could not write the audio source's test tone; run scripts/deps.sh." >&2
        return 1
    fi
    printf '{"input": "%s"}' "$media_dir/tone.wav"
}

failed=()
for manifest in "${manifests[@]}"; do
    echo "== $manifest"
    config=()
    if python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get("capabilities", {}).get("usesNetwork") else 1)' "$manifest" 2>/dev/null; then
        if ! start_server; then failed+=("$manifest"); continue; fi
        config=(--config "$network_json")
        echo "   (usesNetwork: tested against the stand-in server, $network_json)"
    fi
    # The Kinect source needs a device, or fakenect replaying a recording: the harness
    # runs under fakenect on a synthetic corridor written now (docs/SYNTHETIC_SCENES.md).
    runner=()
    if [ "$(basename "$manifest")" = freenect-source.json ]; then
        if ! fakenect_env=$(fakenect_environment); then failed+=("$manifest"); continue; fi
        # shellcheck disable=SC2206  # two NAME=value words
        runner=(env $fakenect_env)
        echo "   (under fakenect: $fakenect_env)"
    fi
    if [ "$(basename "$manifest")" = camera-source.json ]; then
        [ -n "$media_dir" ] || media_dir=$(mktemp -d)
        if ! camera_json=$(camera_config "$media_dir"); then failed+=("$manifest"); continue; fi
        config=(--config "$camera_json")
        echo "   (no camera here: reads a test-pattern video, $camera_json)"
    fi
    if [ "$(basename "$manifest")" = audio-source.json ]; then
        [ -n "$media_dir" ] || media_dir=$(mktemp -d)
        if ! audio_json=$(audio_config "$media_dir"); then failed+=("$manifest"); continue; fi
        config=(--config "$audio_json")
        echo "   (no microphone here: reads a tone, $audio_json)"
    fi
    if [ "$(basename "$manifest")" = speech-dispatcher.json ]; then
        speechd_dir=$(mktemp -d /tmp/sb-speechd.XXXXXX)
        if ! speechd_address=$(scripts/test-daemons/speechd.sh start "$speechd_dir" 0.00002 2); then
            stop_speechd
            failed+=("$manifest")
            continue
        fi
        config=(--config "{\"address\": \"$speechd_address\"}")
        echo "   (against a private speech-dispatcher at $speechd_address, sd_generic writing to a log)"
    fi
    if [ "$(basename "$manifest")" = braille.json ]; then
        if ! start_brltty; then failed+=("$manifest"); continue; fi
        config=(--config "$braille_json")
        echo "   (a headless BRLTTY with a virtual 40-cell display: $braille_json)"
    fi
    # shellcheck disable=SC2086  # extra arguments are split on purpose
    if ! "${runner[@]}" "$cli" plugins test "$manifest" "${config[@]}" ${SENSEBRIDGE_HARNESS_ARGS:-}; then
        failed+=("$manifest")
    fi
    stop_server
    stop_speechd
    stop_brltty
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "plugin-tests: ${#failed[@]} of ${#manifests[@]} plugin(s) failed:" >&2
    printf '  %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "plugin-tests: all ${#manifests[@]} plugin(s) passed."
