#!/usr/bin/env python3
"""llmock (PyPI) as a chaos peer for SenseBridge's network composer tests.

Runs llmock's FastAPI app in this very process through uvicorn, on 127.0.0.1 with a
port the kernel picks (or --port), and prints "PORT <n>" on stdout once GET /health
answers: the same convention as llm_server.py, so a test reuses its startup code.
One process: SIGTERM shuts it down (uvicorn's graceful shutdown, capped at one second,
then the process ends by that signal); SIGKILL leaves nothing behind. It also ends
itself if its parent dies, so a crashed test runner leaves no server.

    OpenAI-compatible   http://127.0.0.1:<port>/v1/chat/completions
    Anthropic Messages  http://127.0.0.1:<port>/anthropic/v1/messages
    control             http://127.0.0.1:<port>/_llmock/{scenario,requests,verdict,reset}

--record FILE appends one JSON line per provider request (method, path, headers,
body), the format llm_server.py writes. Exits with status 3 and a message when llmock
is not installed. Tests/Servers/README.md says how to drive it and read its verdict.
"""

import argparse
import json
import os
import signal
import socket
import sys
import threading
import time
import urllib.request

NOT_INSTALLED = 3


class Recorder:
    """ASGI wrapper that writes each provider request to a JSON-lines file as it arrives."""

    def __init__(self, app, path):
        self.app = app
        self.path = path
        self.lock = threading.Lock()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] == "/health" or scope["path"].startswith("/_llmock"):
            await self.app(scope, receive, send)
            return
        chunks = []
        written = False

        async def recording_receive():
            nonlocal written
            message = await receive()
            if message["type"] == "http.request" and not written:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    written = True
                    self.write(scope, b"".join(chunks))
            return message

        await self.app(scope, recording_receive, send)

    def write(self, scope, body):
        headers = {}
        for key, value in scope.get("headers", []):
            headers[key.decode("latin-1").lower()] = value.decode("latin-1")
        path = scope["path"] + ("?" + scope["query_string"].decode("latin-1") if scope.get("query_string") else "")
        entry = {"method": scope["method"], "path": path, "headers": headers,
                 "body": body.decode("utf-8", errors="replace")}
        with self.lock, open(self.path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, sort_keys=True) + "\n")
            handle.flush()


def announce_when_ready(server, port, timeout):
    """Print PORT once /health answers; give up (and stop) if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.started:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/health" % port, timeout=2) as response:
                    if response.status == 200:
                        print("PORT %d" % port, flush=True)
                        return
            except OSError:
                pass
        time.sleep(0.05)
    print("llmock_peer: llmock did not answer /health within %.0f s" % timeout, file=sys.stderr, flush=True)
    os.kill(os.getpid(), signal.SIGTERM)


def end_with_parent():
    """Stop when the process that started us is gone (we get re-parented)."""
    parent = os.getppid()
    while True:
        time.sleep(1)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)
            return


def main():
    # A test runner may start us with every signal blocked (the mask is inherited across
    # exec); unblock the ones used to stop us, or a test would wait forever.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: one the kernel picks)")
    parser.add_argument("--record", help="append one JSON line per provider request here")
    parser.add_argument("--response-style", default="varied", choices=("static", "hello", "echo", "varied"),
                        help="llmock's unscripted text (default varied, llmock's own default)")
    parser.add_argument("--tool-mode", default="auto", choices=("auto", "off"),
                        help="auto: call an offered (or forced) tool; off: always answer in text")
    parser.add_argument("--startup-timeout", type=float, default=15.0)
    arguments = parser.parse_args()

    try:
        import uvicorn
        from llmock.chaos import ChaosSettings, StreamChaos
        from llmock.main import create_app
        from llmock.ratelimit import LimitSettings
        from llmock.simulation import MockResponseSettings
    except ImportError as error:
        print("llmock_peer: llmock is not installed (%s). Install it with: python3 -m pip install llmock "
              "(scripts/deps.sh does when it is missing)." % error, file=sys.stderr)
        return NOT_INSTALLED

    # Settings are passed explicitly so that LLMOCK_* variables in the environment
    # (random errors, quotas, a shutdown report on stdout) cannot change a test.
    os.environ.pop("LLMOCK_REPORT", None)
    app = create_app(
        chaos=ChaosSettings(),
        responses=MockResponseSettings(response_style=arguments.response_style, tool_mode=arguments.tool_mode),
        limits=LimitSettings(),
        stream_chaos=StreamChaos(),
    )
    if arguments.record:
        app = Recorder(app, arguments.record)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", arguments.port))
    port = listener.getsockname()[1]

    # Quiet on stdout: a test reads stdout only up to the PORT line, and a pipe nobody
    # drains would block the server once full, so no access log at all.
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    threading.Thread(target=announce_when_ready, args=(server, port, arguments.startup_timeout),
                     daemon=True).start()
    threading.Thread(target=end_with_parent, daemon=True).start()
    server.run(sockets=[listener])
    return 0


if __name__ == "__main__":
    sys.exit(main())
