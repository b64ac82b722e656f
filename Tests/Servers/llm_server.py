#!/usr/bin/env python3
"""A stand-in language-model server for SenseBridge's network composer tests.

Standard library only. Listens on 127.0.0.1 with a port the kernel picks and prints
"PORT <n>" on stdout once it accepts connections, so a test waits for that line
instead of sleeping. The first path segment chooses the behaviour, so one server
serves every scenario:

    http://127.0.0.1:<port>/<scenario>/v1/chat/completions   (OpenAI-compatible)
    http://127.0.0.1:<port>/<scenario>/v1/messages           (Anthropic Messages)

Every request is appended to the --record file as one JSON line (method, path,
headers, the exact body bytes as text), so a test asserts on what really arrived.
POST /control/script with a JSON list of scenario names queues the behaviours the
"script" scenario plays in order ("ok" once the list is empty).
"""

import argparse
import json
import re
import signal
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TEN_MB = 10 * 1024 * 1024

FIXED_PHRASES = {
    # A reply that ignores the schema: a confident sentence with a distance and a danger.
    "sentence": ("text", "There is a car about 2 feet ahead \u2014 dangerous."),
    "spanish": ("json", "una silla y una mesa"),
    "english": ("json", "a chair and a table"),
    "gun": ("json", "a loaded gun"),
}


class State:
    def __init__(self, record_path):
        self.record_path = record_path
        self.lock = threading.Lock()
        self.script = []
        self.release = threading.Event()

    def record(self, entry):
        with self.lock:
            with open(self.record_path, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(entry, sort_keys=True) + "\n")
                handle.flush()

    def next_scripted(self):
        with self.lock:
            return self.script.pop(0) if self.script else "ok"


# Spanish and Vietnamese names for the labels tests and the conformance harness send
# (compose-corpus and the reviewed labels of compose-grounding's generated scenes),
# copied from SenseBridgeCore's SpokenVocabulary so a well-behaved reply is one the
# host's validator and grounding check accept.
TRANSLATIONS = {
    "es": {"chair": "una silla", "table": "una mesa", "door": "una puerta", "person": "una persona",
           "cup": "una taza", "bottle": "una botella", "laptop": "un portátil", "book": "un libro",
           "bicycle": "una bicicleta", "dog": "un perro", "bench": "un banco", "backpack": "una mochila",
           "car": "un coche", "bus": "un autobús", "traffic_light": "un semáforo"},
    "vi": {"chair": "một cái ghế", "table": "một cái bàn", "door": "một cánh cửa", "person": "một người",
           "cup": "một cái cốc", "bottle": "một cái chai", "laptop": "một chiếc máy tính xách tay",
           "book": "một quyển sách", "bicycle": "một chiếc xe đạp", "dog": "một con chó",
           "bench": "một cái ghế dài", "backpack": "một cái ba lô", "car": "một chiếc ô tô",
           "bus": "một chiếc xe buýt", "traffic_light": "một cột đèn giao thông"},
}
JOINERS = {"en": " and ", "es": " y ", "vi": " và "}


def requested_language(body):
    """The language the instruction asks for, as a well-behaved model would read it."""
    if "in Spanish" in body:
        return "es"
    if "in Vietnamese" in body:
        return "vi"
    return "en"


def article(word):
    return "an" if word[:1].lower() in "aeiou" else "a"


def word_ceiling(body):
    match = re.search(r"at most (\d+) words", body)
    return int(match.group(1)) if match else 1000


def echo_phrase(labels, language="en", ceiling=1000):
    """Names the labels in the requested language, dropping the last ones that would
    not fit the word ceiling, as a well-behaved model would."""
    names = TRANSLATIONS.get(language, {})
    parts = []
    for label in labels:
        candidate = parts + [names.get(label) or "%s %s" % (article(label), label.replace("_", " "))]
        if parts and len(" ".join(candidate).split()) + len(JOINERS[language].split()) > ceiling:
            break
        parts = candidate
    if len(parts) <= 1:
        return "".join(parts) or "nothing"
    return ", ".join(parts[:-1]) + JOINERS[language] + parts[-1]


def labels_from(body, anthropic):
    try:
        request = json.loads(body)
        for message in request.get("messages", []):
            if message.get("role") == "user":
                return json.loads(message.get("content", "[]"))
    except (ValueError, AttributeError):
        pass
    return []


def success_body(anthropic, kind, phrase, wants_tool):
    if anthropic:
        if kind == "json" and wants_tool:
            block = {"type": "tool_use", "id": "toolu_test", "name": "subject_phrase", "input": {"phrase": phrase}}
        else:
            block = {"type": "text", "text": json.dumps({"phrase": phrase}) if kind == "json" else phrase}
        reply = {"id": "msg_test", "type": "message", "role": "assistant", "content": [block],
                 "stop_reason": "tool_use" if block["type"] == "tool_use" else "end_turn"}
    else:
        content = json.dumps({"phrase": phrase}) if kind == "json" else phrase
        reply = {"id": "chatcmpl-test", "object": "chat.completion",
                 "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}
    return json.dumps(reply).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeLLM/1"

    def log_message(self, fmt, *args):  # keep the test output quiet
        pass

    def handle_one_request(self):
        # A client that cancelled (the point of several tests) closes its end early;
        # that is expected here, not an error worth a traceback.
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def send_bytes(self, status, body, content_type="application/json", extra=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        self.state.record({"method": "GET", "path": self.path, "headers": dict((k.lower(), v) for k, v in self.headers.items()), "body": ""})
        self.send_bytes(404, b"not found", "text/plain")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0") or "0")
        raw = self.rfile.read(length) if length > 0 else b""
        body = raw.decode("utf-8", errors="replace")
        parts = [p for p in self.path.split("/") if p]
        scenario = parts[0] if parts else ""
        if scenario == "control":
            if parts[1:] == ["script"]:
                with self.state.lock:
                    self.state.script = list(json.loads(body))
                self.send_bytes(204, b"")
            elif parts[1:] == ["release"]:
                self.state.release.set()
                self.send_bytes(204, b"")
            else:
                self.send_bytes(404, b"no such control", "text/plain")
            return
        self.state.record({"method": "POST", "path": self.path,
                           "headers": dict((k.lower(), v) for k, v in self.headers.items()), "body": body})
        anthropic = self.path.endswith("/v1/messages")
        if not (anthropic or self.path.endswith("/chat/completions")):
            self.send_bytes(404, b"<html>404 page not found</html>", "text/html")
            return
        if scenario == "script":
            scenario = self.state.next_scripted()
        self.respond(scenario, body, anthropic)

    def respond(self, scenario, body, anthropic):
        wants_tool = '"tool_choice"' in body
        if scenario == "ok":
            phrase = echo_phrase(labels_from(body, anthropic), requested_language(body), word_ceiling(body))
            self.send_bytes(200, success_body(anthropic, "json", phrase, wants_tool))
        elif scenario in FIXED_PHRASES:
            kind, phrase = FIXED_PHRASES[scenario]
            self.send_bytes(200, success_body(anthropic, kind, phrase, wants_tool))
        elif scenario == "unauthorized":
            self.send_bytes(401, b'{"error": {"message": "Incorrect API key provided.", "type": "authentication_error"}}')
        elif scenario == "missing-model":
            self.send_bytes(404, b'{"error": {"message": "The model does not exist.", "code": "model_not_found"}}')
        elif scenario == "rate-limited":
            self.send_bytes(429, b'{"error": {"message": "Rate limit reached.", "type": "rate_limit_error"}}', extra={"Retry-After": "20"})
        elif scenario == "server-error":
            self.send_bytes(500, b'{"error": {"message": "Internal error."}}')
        elif scenario == "redirect":
            self.send_bytes(302, b"", "text/plain", extra={"Location": "/ok/v1/chat/completions"})
        elif scenario == "malformed":
            self.send_bytes(200, b'{"choices": [{"message": {"content": ')
        elif scenario == "hang":
            # Never answer; the test kills the server (or releases it) when done.
            self.state.release.wait()
        elif scenario == "drop":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "2000")
            self.end_headers()
            self.wfile.write(b'{"choices": [{"message": {"content": "a chair')
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        elif scenario in ("huge", "huge-chunked"):
            self.send_huge(chunked=(scenario == "huge-chunked"))
        else:
            self.send_bytes(400, b'{"error": {"message": "unknown test scenario"}}')

    def send_huge(self, chunked):
        """Ten megabytes of valid-looking JSON; records how many bytes got out
        before the client hung up, which is the figure the cap is judged by."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(TEN_MB))
        self.send_header("Connection", "close")
        self.end_headers()
        piece = b'{"pad": "' + b"x" * (64 * 1024 - 12) + b'"},'
        sent = 0
        try:
            while sent < TEN_MB:
                chunk = piece[: TEN_MB - sent]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                else:
                    self.wfile.write(chunk)
                sent += len(chunk)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.state.record({"event": "huge-sent", "bytes": sent, "chunked": chunked})
        self.close_connection = True


def main():
    # A test runner may start us with every signal blocked (the mask is inherited across
    # exec); unblock the ones used to stop us, or a test would wait forever.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", required=True, help="append one JSON line per request here")
    arguments = parser.parse_args()
    Handler.state = State(arguments.record)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
