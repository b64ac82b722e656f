#!/usr/bin/env bash
# A PulseAudio sound server for tests: headless, private, and gone when the test is.
#
#   scripts/test-daemons/pulseaudio.sh start DIR   starts a server on DIR/native whose one
#                                                  source, "mic", hears what is written
#                                                  into DIR/mic.fifo (s16le, 16 kHz, mono),
#                                                  and prints its address
#                                                  (unix:DIR/native) once it answers
#   scripts/test-daemons/pulseaudio.sh stop DIR    stops it (SIGTERM, then SIGKILL)
#
# Use it with PULSE_SERVER=<the printed address>. The server loads no configuration
# (-n) and only two modules: the native protocol on DIR/native without authentication,
# and module-pipe-source reading DIR/mic.fifo. There is no sound card here; raw samples
# written into the FIFO are what the microphone hears, as fast as they are written, so a
# writer that must sound like a live microphone is paced (scripts/test-daemons/feed-mic.py).
# The server also ends when the process that ran `start` (its parent: the test) is gone.
# HOME, XDG_RUNTIME_DIR and XDG_CONFIG_HOME point into DIR, so the server writes its
# state (cookie, pid file) there and nowhere else. It runs as root in the test
# containers, which PulseAudio allows with a warning.
set -euo pipefail
# shellcheck source=daemon-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/daemon-lib.sh"

command=${1:-}
dir=${2:-}
if [ -z "$command" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop DIR" >&2
    exit 64
fi

case "$command" in
start)
    for tool in pulseaudio pactl; do
        if ! command -v "$tool" >/dev/null; then
            echo "pulseaudio.sh: $tool is not installed (Debian: pulseaudio pulseaudio-utils); run scripts/deps.sh." >&2
            exit 69
        fi
    done
    mkdir -p "$dir/runtime" "$dir/config"
    dir=$(cd "$dir" && pwd)
    chmod 700 "$dir/runtime"
    # module-pipe-source makes the FIFO itself and refuses one that is already there.
    rm -f "$dir/mic.fifo"
    # Detached with setsid so a test's process group signals do not reach it; the pid
    # file is how stop finds it.
    HOME="$dir" XDG_RUNTIME_DIR="$dir/runtime" XDG_CONFIG_HOME="$dir/config" \
        setsid pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no --system=no \
        -L "module-native-protocol-unix auth-anonymous=1 socket=$dir/native" \
        -L "module-pipe-source source_name=mic file=$dir/mic.fifo format=s16le rate=16000 channels=1" \
        </dev/null >"$dir/pulseaudio.log" 2>&1 &
    echo $! >"$dir/daemon.pid"
    # The server never exits on its own (--exit-idle-time=-1): a watcher ends it when the
    # process that started this script (the test) is gone, even one that crashed before
    # it could call stop.
    owner=$PPID
    setsid bash -c 'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -TERM "$2" 2>/dev/null' \
        watcher "$owner" "$(cat "$dir/daemon.pid")" </dev/null >/dev/null 2>&1 &
    # Ready when the server answers a client on its socket and lists the source (100
    # tries, 10 s at most): a module that failed to load leaves a server without it.
    for _ in $(seq 1 100); do
        if PULSE_SERVER="unix:$dir/native" timeout 2 pactl list short sources 2>/dev/null | grep -q "^[0-9]*[[:space:]]mic[[:space:]]"; then
            echo "unix:$dir/native"
            exit 0
        fi
        if ! kill -0 "$(cat "$dir/daemon.pid")" 2>/dev/null; then
            echo "pulseaudio.sh: pulseaudio exited at start; its log:" >&2
            cat "$dir/pulseaudio.log" >&2 || true
            exit 70
        fi
        sleep 0.1
    done
    echo "pulseaudio.sh: pulseaudio did not answer on $dir/native within 10 s; its log:" >&2
    cat "$dir/pulseaudio.log" >&2 || true
    "$0" stop "$dir" || true
    exit 70
    ;;
stop)
    stop_daemon "$dir" pulseaudio
    rm -f "$dir/native" "$dir/mic.fifo"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 64
    ;;
esac
