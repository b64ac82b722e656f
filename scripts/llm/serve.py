"""llama-cpp-python's own OpenAI-compatible server, with every chat exchange logged.

Run as `python scripts/llm/serve.py ARGS...`, where ARGS are exactly those of
`python -m llama_cpp.server` (--model, --host, --port, --n_ctx, ...): this file runs that
module unchanged. The one addition is an ASGI wrapper around the app it builds, which
appends each POST /v1/chat/completions exchange (the request body as received, the
response status and the response body as sent) as one JSON line to the file named by
SENSEBRIDGE_LLM_EXCHANGES.

Why: scripts/test-llm.sh shows what the model really replied to what SenseBridge really
asked. Reading both on the server side means the prompt is never re-typed in a script
(the composer's prompt lives in Swift and changes), and no proxy process or second port
stands between SenseBridge and the server.
"""

import json
import os
import runpy
import sys
import time

import llama_cpp.server.app as server_app

LOG_PATH = os.environ.get("SENSEBRIDGE_LLM_EXCHANGES")
LOGGED_PATH = "/v1/chat/completions"


class ExchangeLog:
    """Pure ASGI middleware: passes every message through untouched and keeps a copy."""

    def __init__(self, app, path):
        self.app = app
        self.path = path

    def __getattr__(self, name):
        # Anything that looks at the app's attributes (state, routes...) sees FastAPI's.
        if name == "app":
            raise AttributeError(name)
        return getattr(self.app, name)

    async def __call__(self, scope, receive, send):
        if scope.get("type") != "http" or scope.get("path") != LOGGED_PATH or not self.path:
            await self.app(scope, receive, send)
            return
        request = bytearray()
        response = bytearray()
        status = None
        started = time.time()

        async def logging_receive():
            message = await receive()
            if message.get("type") == "http.request":
                request.extend(message.get("body", b""))
            return message

        async def logging_send(message):
            nonlocal status
            if message.get("type") == "http.response.start":
                status = message.get("status")
            elif message.get("type") == "http.response.body":
                response.extend(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, logging_receive, logging_send)
        finally:
            entry = {
                "started": started,
                "seconds": round(time.time() - started, 3),
                "request": request.decode("utf-8", "replace"),
                "status": status,
                "response": response.decode("utf-8", "replace"),
            }
            # One write per line, so a reader never sees half an exchange.
            with open(self.path, "a", encoding="utf-8") as log:
                log.write(json.dumps(entry, ensure_ascii=False) + "\n")


_create_app = server_app.create_app


def create_app(*args, **kwargs):
    return ExchangeLog(_create_app(*args, **kwargs), LOG_PATH)


# llama_cpp.server.__main__ does `from llama_cpp.server.app import create_app` when it
# runs, so replacing the attribute first is enough for it to serve the wrapped app.
server_app.create_app = create_app
sys.argv[0] = "llama_cpp.server"
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
