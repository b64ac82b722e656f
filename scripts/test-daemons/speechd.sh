#!/usr/bin/env bash
# A speech-dispatcher for tests: headless, private, and gone when the test is.
#
#   scripts/test-daemons/speechd.sh start DIR [PER_BYTE [MAX]]
#                                               writes DIR/conf, starts the daemon on
#                                               DIR/speechd.sock, prints its address
#                                               (unix_socket:DIR/speechd.sock) once it answers
#   scripts/test-daemons/speechd.sh stop DIR    stops it (SIGTERM, then SIGKILL)
#
# The daemon has its own config dir (-C), socket (-S), log dir (-L) and pid file, no
# autospawn, and exits on its own 30 s after its last client left (-t 30), so a test
# that crashed leaves nothing running for long. Its only output module is sd_generic
# running DIR/conf/speak.sh for each utterance, which appends to DIR/spoken.log:
#
#   BEGIN <tab> <language> <tab> <rate> <tab> <text>
#   END <tab> <language> <tab> <rate> <tab> <text>
#
# Between the two it "speaks": sleeps 50 ms plus PER_BYTE seconds per byte of text
# (default 0.04, about the pace of real speech), at most MAX seconds (default 600). The
# conformance harness renders 64 KiB and a thousand messages in a row, so
# scripts/plugin-tests.sh starts it with a far quicker pace.
#
# A message cut off (by an important one, or CANCEL) is killed between the two lines, so
# the log shows BEGIN without END. No sound device is touched. The Swift tests
# (Tests/SpeechDispatcherTests) and scripts/plugin-tests.sh both start it through here.
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
    if ! command -v speech-dispatcher >/dev/null; then
        echo "speechd.sh: speech-dispatcher is not installed (Debian: speech-dispatcher); run scripts/deps.sh." >&2
        exit 69
    fi
    modules=/usr/lib/speech-dispatcher-modules
    [ -d "$modules" ] || modules=$(dirname "$(ls /usr/lib/*/speech-dispatcher-modules/sd_generic 2>/dev/null | head -n 1)")
    if [ ! -x "$modules/sd_generic" ]; then
        echo "speechd.sh: speech-dispatcher's sd_generic module is missing (looked in /usr/lib/speech-dispatcher-modules)." >&2
        exit 69
    fi
    per_byte=${3:-0.04}
    max_seconds=${4:-600}
    mkdir -p "$dir/conf/modules" "$dir/log"
    dir=$(cd "$dir" && pwd)
    : >"$dir/spoken.log"
    cat >"$dir/conf/speak.sh" <<SPEAK
#!/bin/sh
# \$1 language, \$2 rate, \$3 the text. Written by scripts/test-daemons/speechd.sh.
printf 'BEGIN\t%s\t%s\t%s\n' "\$1" "\$2" "\$3" >>"$dir/spoken.log"
bytes=\$(printf '%s' "\$3" | wc -c)
sleep "\$(awk -v n="\$bytes" 'BEGIN { s = 0.05 + n * $per_byte; if (s > $max_seconds) s = $max_seconds; printf "%.3f", s }')"
printf 'END\t%s\t%s\t%s\n' "\$1" "\$2" "\$3" >>"$dir/spoken.log"
SPEAK
    chmod +x "$dir/conf/speak.sh"
    cat >"$dir/conf/modules/testlog.conf" <<MODULE
# Each utterance to $dir/spoken.log through speak.sh; no audio.
# \$DATA arrives with each ' written as '\\'' (sd_generic's escaping), so it belongs in single quotes.
GenericExecuteSynth "sh $dir/conf/speak.sh '\$LANGUAGE' '\$RATE' '\$DATA'"
GenericLanguage "en" "en" "utf-8"
GenericLanguage "es" "es" "utf-8"
GenericLanguage "vi" "vi" "utf-8"
AddVoice "en" "MALE1" "test-en"
AddVoice "es" "MALE1" "test-es"
AddVoice "vi" "MALE1" "test-vi"
GenericRateAdd 0
GenericRateMultiply 1
GenericMaxChunkLength 100000
# sd_generic cuts text into a process per sentence by default; one per message keeps
# the log one line per utterance (¶ stands in for "never": the option cannot be empty).
GenericDelimiters "¶"
MODULE
    cat >"$dir/conf/speechd.conf" <<CONF
# Written by scripts/test-daemons/speechd.sh: one generic module, no sound.
LogLevel 3
LogDir "$dir/log"
AddModule "testlog" "sd_generic" "testlog.conf"
DefaultModule testlog
DefaultLanguage "en"
DefaultRate 0
DefaultPunctuationMode "some"
# The generic module plays nothing itself (speak.sh writes a file), but speechd still
# opens an audio output for it: libao's null driver, chosen in DIR/.libao below.
AudioOutputMethod "libao"
CONF
    printf 'default_driver=null\nquiet\n' >"$dir/.libao"
    # -s: run in the foreground as this shell's child, detached with setsid so a test's
    # process group signals do not reach it; the pid file is how stop finds it.
    # HOME is DIR so libao reads DIR/.libao.
    HOME="$dir" setsid speech-dispatcher -s -C "$dir/conf" -m "$modules" -c unix_socket -S "$dir/speechd.sock" \
        -t 30 -L "$dir/log" -l 3 -P "$dir/speechd.pid" </dev/null >"$dir/log/stdout.log" 2>&1 &
    echo $! >"$dir/daemon.pid"
    # Ready when the socket accepts a command: SSIP answers "HELP" with 2xx lines.
    for _ in $(seq 1 100); do
        if [ -S "$dir/speechd.sock" ] && python3 - "$dir/speechd.sock" <<'PY' 2>/dev/null
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.settimeout(1)
s.connect(sys.argv[1])
s.sendall(b"QUIT\r\n")
s.recv(100)
PY
        then
            echo "unix_socket:$dir/speechd.sock"
            exit 0
        fi
        if ! kill -0 "$(cat "$dir/daemon.pid")" 2>/dev/null; then
            echo "speechd.sh: speech-dispatcher exited at start; its log:" >&2
            cat "$dir/log/stdout.log" "$dir/log/speech-dispatcher.log" >&2 2>/dev/null || true
            exit 70
        fi
        sleep 0.1
    done
    echo "speechd.sh: speech-dispatcher did not answer on $dir/speechd.sock within 10 s" >&2
    "$0" stop "$dir" || true
    exit 70
    ;;
stop)
    stop_daemon "$dir" speech-dispatch
    # Its modules die with it; a generic module's speak.sh may outlive it by one sleep.
    rm -f "$dir/speechd.sock"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 64
    ;;
esac
