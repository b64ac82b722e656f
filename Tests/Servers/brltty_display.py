#!/usr/bin/env python3
"""A real BRLTTY with a braille display played by this program, for tests.

BRLTTY runs headless with its `vr` (Virtual) driver as a server on a Unix socket in
DIR; this program connects to it as the display (the driver's text protocol:
Virtual.README in brltty's docs), says how many cells it has, and records every
"Braille" line the driver sends. BrlAPI listens on the local socket
/var/lib/BrlAPI/<N> (BrlAPI host ":N"); N is chosen free and held under a lock.

    python3 Tests/Servers/brltty_display.py --dir DIR [--cells 20] [--api N] [--no-display]

stdout, one line each:
    HOST :N           the BrlAPI host for the plugin's "host" setting
    READY             BRLTTY answers on BrlAPI (and, with a display, the display is connected)
    CELLS <dots>      (only after "watch") each window the display shows: cells joined
                      by "|", each the dot numbers ("1245"), "0" for a blank cell
    STOPPED           after "stop"
stdin, one command a line:
    key FWinRt        a BRLTTY command the display sends (FWinLt, FWinRt, LnUp, LnDn, ...)
    key Route 3       a cell command with its argument (routing key over cell 3)
    stop              ends BRLTTY (SIGTERM, then SIGKILL after 2 s); the display waits
    start             starts BRLTTY again on the same N; READY again
    quit / EOF        ends BRLTTY and this program
Every window shown is also appended to DIR/cells.log, one line each; every command
received to DIR/commands.log; BRLTTY's own log goes to DIR/brltty.log.

SENSEBRIDGE_BRLTTY_LOG sets BRLTTY's -l (default "warning"; "info,server" logs every
BrlAPI request and every key passed to a client).

`--no-display` runs BRLTTY with braille driver "no": BrlAPI answers, with no display.
"""
import argparse, fcntl, os, select, signal, socket, subprocess, sys, time, random

LOCKS = "/tmp"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def socket_alive(path):
    s = socket.socket(socket.AF_UNIX)
    try:
        s.settimeout(0.5)
        s.connect(path)
        return True
    except OSError:
        return False
    finally:
        s.close()


def claim_number(pinned):
    """A BrlAPI number whose socket nobody serves, held by an flock for our life."""
    candidates = [pinned] if pinned is not None else random.sample(range(100, 999), 200)
    for n in candidates:
        lock = open(os.path.join(LOCKS, "sensebridge-brlapi-%d.lock" % n), "w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if pinned is not None else fcntl.LOCK_NB))
        except OSError:
            lock.close()
            continue
        path = "/var/lib/BrlAPI/%d" % n
        if os.path.exists(path):
            if socket_alive(path):
                lock.close()
                continue
            for stale in (path, "/var/lib/BrlAPI/.%d" % n):
                try:
                    os.unlink(stale)
                except OSError:
                    pass
        return n, lock
    sys.exit("brltty_display: no free BrlAPI number")


class Display:
    def __init__(self, args, number):
        self.args, self.number = args, number
        self.proc = None
        self.conn = None
        self.buffer = b""
        self.watch = False
        self.log = open(os.path.join(args.dir, "cells.log"), "a")

    def start(self):
        d = self.args.dir
        vr = os.path.join(d, "vr.sock")
        for stale in (vr, "/var/lib/BrlAPI/%d" % self.number, "/var/lib/BrlAPI/.%d" % self.number):
            try:
                os.unlink(stale)
            except OSError:
                pass
        driver = ["-b", "no"] if self.args.no_display else ["-b", "vr", "-d", "server:" + vr]
        command = ["brltty", "-n", "-e", "-q", "-l", os.environ.get("SENSEBRIDGE_BRLTTY_LOG", "warning"), "-Z",
                   "-f", "/dev/null", "-F", "/dev/null", "-P", os.path.join(d, "brltty.pid"),
                   "-W", d, "-U", d, "-x", "no", "-s", "no",
                   "-A", "host=:%d,auth=none" % self.number] + driver
        err = open(os.path.join(d, "brltty.log"), "a")
        # In this program's process group: a test that kills the group (SIGKILL, no
        # cleanup possible) takes BRLTTY with it.
        self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=err, stderr=err)
        deadline = time.time() + 20
        api = "/var/lib/BrlAPI/%d" % self.number
        while time.time() < deadline:
            if self.proc.poll() is not None:
                sys.exit("brltty_display: brltty exited with %s (see %s)" % (self.proc.returncode, err.name))
            if not self.args.no_display and self.conn is None and os.path.exists(vr):
                try:
                    c = socket.socket(socket.AF_UNIX)
                    c.connect(vr)
                    c.sendall(b"cells %d\n" % self.args.cells)
                    self.conn, self.buffer = c, b""
                except OSError:
                    self.conn = None
            if (self.args.no_display or self.conn is not None) and os.path.exists(api) and socket_alive(api):
                # BrlAPI answers before the virtual driver has taken the display's size:
                # a client connecting then is told 0 cells. BRLTTY writes its first window
                # once the driver is up, so that window, not the socket, is the sign.
                if self.args.no_display or self.first_window_shown(deadline):
                    say("READY")
                    return
            time.sleep(0.05)
        sys.exit("brltty_display: brltty did not answer within 20 s")

    def first_window_shown(self, deadline):
        """Reads what BRLTTY writes to the display until its first window (logged like
        every other), or the deadline; False when none came."""
        shown = len(open(os.path.join(self.args.dir, "cells.log")).read().splitlines())
        while time.time() < deadline:
            ready, _, _ = select.select([self.conn], [], [], max(0.0, deadline - time.time()))
            if not ready:
                return False
            data = self.conn.recv(65536)
            if not data:
                return False
            self.received(data)
            self.log.flush()
            if len(open(os.path.join(self.args.dir, "cells.log")).read().splitlines()) > shown:
                return True
        return False

    def stop(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def log_command(self, line):
        with open(os.path.join(self.args.dir, "commands.log"), "a") as f:
            f.write(line + "\n")

    def received(self, data):
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            line = line.decode("utf-8", "replace").strip()
            if not line.startswith("Braille "):
                continue
            body = line[len("Braille "):].strip().strip('"')
            cells = [c.strip() or "0" for c in body.split("|")]
            text = "|".join(cells)
            self.log.write(text + "\n")
            self.log.flush()
            if self.watch:
                say("CELLS " + text)

    def command(self, line):
        self.log_command(line)
        words = line.split()
        if not words:
            return True
        if words[0] == "key" and len(words) >= 2 and self.conn is not None:
            self.conn.sendall((" ".join(words[1:]) + "\n").encode())
        elif words[0] == "watch":
            self.watch = True
        elif words[0] == "stop":
            self.stop()
            say("STOPPED")
        elif words[0] == "start":
            if self.proc is None:
                self.start()
        elif words[0] == "quit":
            return False
        return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--cells", type=int, default=20)
    parser.add_argument("--api", type=int)
    parser.add_argument("--no-display", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    number, lock = claim_number(args.api)
    display = Display(args, number)
    signal.signal(signal.SIGTERM, lambda *_: (display.stop(), os._exit(143)))
    say("HOST :%d" % number)
    display.start()
    stdin = sys.stdin.buffer.raw
    pending = b""
    try:
        while True:
            sources = [stdin] + ([display.conn] if display.conn is not None else [])
            ready, _, _ = select.select(sources, [], [], 0.5)
            if display.proc is not None and display.proc.poll() is not None:
                display.proc = None
            for source in ready:
                if source is stdin:
                    data = os.read(stdin.fileno(), 4096)
                    if not data:
                        return
                    pending += data
                    while b"\n" in pending:
                        line, pending = pending.split(b"\n", 1)
                        if not display.command(line.decode()):
                            return
                else:
                    try:
                        data = display.conn.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        display.conn.close()
                        display.conn = None
                    else:
                        display.received(data)
    finally:
        display.stop()


if __name__ == "__main__":
    main()
