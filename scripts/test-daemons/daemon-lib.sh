# Sourced by the test daemons' scripts (speechd.sh, pulseaudio.sh); not run on its own.

# Ends the daemon whose pid DIR/daemon.pid holds: SIGTERM, up to 5 s for it to go, then
# SIGKILL; removes the pid file. Nothing to do when there is no pid file.
stop_daemon() {
    local dir=$1 pid
    [ -f "$dir/daemon.pid" ] || return 0
    pid=$(cat "$dir/daemon.pid")
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/daemon.pid"
}
