# Sourced by the test daemons' scripts (speechd.sh, pulseaudio.sh); not run on its own.

# Ends the daemon whose pid DIR/daemon.pid holds, when that pid is still the daemon
# (its /proc comm starts with NAME): SIGTERM, up to 5 s for it to go, then SIGKILL;
# removes the pid file. Nothing to do when there is no pid file.
#
# The check matters: speech-dispatcher leaves after 30 s idle (-t 30), and a test run
# starts so many processes (a runner per plugin per session) that pids wrap within
# minutes. Signalled by number alone, a daemon long gone was another process: in a CI
# run, the CLI of some other test, killed mid-session.
stop_daemon() {
    local dir=$1 name=$2 pid
    [ -f "$dir/daemon.pid" ] || return 0
    pid=$(cat "$dir/daemon.pid")
    if is_daemon "$pid" "$name"; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do
            is_daemon "$pid" "$name" || break
            sleep 0.1
        done
        is_daemon "$pid" "$name" && kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/daemon.pid"
}

# Whether PID is alive and is NAME (a prefix of its comm, which the kernel cuts at 15 bytes).
is_daemon() {
    local comm
    comm=$(cat "/proc/$1/comm" 2>/dev/null) || return 1
    case "$comm" in "$2"*) return 0 ;; *) return 1 ;; esac
}
