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

Besides the generic scenarios, some reproduce what a real server answers to each
structured-output mode (response_format json_schema, json_object, or none): "llama-cpp",
"ollama" and "vllm"; and some reproduce what a small model writes when nothing enforces
the format ("fenced", "preamble-fenced", "chatter", "bare", "unrelated",
"fenced-unrelated"). Tests/Servers/README.md says where each shape comes from.
"""

import argparse
import email.utils
import json
import random
import re
import signal
import socket
import sys
import threading
import time
import uuid
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


# ---------------------------------------------------------------------------
# Structured-output negotiation: what real servers answer to each response_format
# mode, and what small models write when nothing enforces the format.
# ---------------------------------------------------------------------------

ABSENT = None  # no response_format key in the request


def request_json(body):
    try:
        request = json.loads(body)
    except ValueError:
        return {}
    return request if isinstance(request, dict) else {}


def response_format_of(body):
    """The request's response_format value as sent (ABSENT when there is no key)."""
    return request_json(body).get("response_format", ABSENT)


def response_format_type(body):
    """What the request asked for, for the record: the type string, "absent", or the
    JSON kind of a response_format that is not an object with a string type."""
    request = request_json(body)
    if "response_format" not in request:
        return "absent"
    value = request["response_format"]
    if isinstance(value, dict):
        kind = value.get("type")
        return kind if isinstance(kind, str) else "type:" + json_kind(kind)
    return json_kind(value)


def json_kind(value):
    """The kind of a decoded JSON value, as Go's encoding/json names it in its errors."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def requested_phrase(body):
    return echo_phrase(labels_from(body, False), requested_language(body), word_ceiling(body))


def as_small_model_sentence(phrase):
    """How a small instruction-tuned model writes a bare noun phrase it was asked for
    without any format enforcing it: capitalised, with a full stop."""
    return phrase[:1].upper() + phrase[1:] + "."


def requested_model(body, default):
    model = request_json(body).get("model")
    return model if isinstance(model, str) and model else default


def rough_tokens(text):
    return max(1, len(text) // 4)


# -- llama-cpp-python 0.3.x (python -m llama_cpp.server) -----------------------
#
# Its request model (llama_cpp/llama_types.py, ChatCompletionRequestResponseFormat)
# is a TypedDict whose type is Literal["text", "json_object"] plus an optional
# "schema", so a json_schema request fails pydantic validation. The route class
# (llama_cpp/server/errors.py, RouteErrorHandler) catches every exception from the
# FastAPI handler, validation errors included, and answers them as
#   500 {"error": {"message": str(exc), "type": "internal_server_error", "param": null, "code": null}}
# (the known quirk: a 500 where a 422 belongs). str(exc) is FastAPI's rendering of a
# RequestValidationError: with current FastAPI (0.11x and later) a count line, each
# pydantic error dict, then the endpoint's file, line and route. The message below was
# reproduced by running llama-cpp-python 0.3.36's own errors.py and types.py (from its
# sdist) under FastAPI 0.165 and pydantic 2.13; the endpoint line is that release's
# app.py (the @router.post of create_chat_completion, line 376); the path prefix is
# wherever the package is installed. Older FastAPI prints only the list of error dicts.
LLAMA_CPP_APP_PY = "/usr/local/lib/python3.11/site-packages/llama_cpp/server/app.py"
LLAMA_CPP_ROUTE_LINE = 376


def llama_cpp_validation_error(response_format):
    """The pydantic error for a response_format llama-cpp-python's schema refuses, or
    None when it accepts it."""
    if response_format is ABSENT:
        return None
    if not isinstance(response_format, dict):
        return {"type": "dict_type", "loc": ("body", "response_format"),
                "msg": "Input should be a valid dictionary", "input": response_format}
    if "type" not in response_format:
        return {"type": "missing", "loc": ("body", "response_format", "type"),
                "msg": "Field required", "input": response_format}
    if response_format["type"] not in ("text", "json_object"):
        return {"type": "literal_error", "loc": ("body", "response_format", "type"),
                "msg": "Input should be 'text' or 'json_object'", "input": response_format["type"],
                "ctx": {"expected": "'text' or 'json_object'"}}
    return None


def fastapi_validation_message(errors, source_file, line, function, route):
    """str(RequestValidationError) as FastAPI 0.11x+ renders it (fastapi/exceptions.py)."""
    text = "%d validation error%s:\n" % (len(errors), "" if len(errors) == 1 else "s")
    text += "".join("  %s\n" % (error,) for error in errors)
    text += '\n  File "%s", line %d, in %s\n    %s' % (source_file, line, function, route)
    return text.rstrip()


def llama_cpp_reply(body):
    """(status, body bytes, extra headers) for the llama-cpp scenario."""
    response_format = response_format_of(body)
    error = llama_cpp_validation_error(response_format)
    if error is not None:
        message = fastapi_validation_message([error], LLAMA_CPP_APP_PY, LLAMA_CPP_ROUTE_LINE,
                                             "create_chat_completion", "POST /v1/chat/completions")
        reply = {"error": {"message": message, "type": "internal_server_error", "param": None, "code": None}}
        return 500, starlette_json(reply), {}
    phrase = requested_phrase(body)
    if isinstance(response_format, dict) and response_format.get("type") == "json_object":
        # json_object (with or without "schema") is grammar-constrained JSON.
        content = json.dumps({"phrase": phrase}, ensure_ascii=False)
    else:
        content = as_small_model_sentence(phrase)
    # llama_chat_format._convert_text_completion_to_chat, serialised through the
    # server's TypedDict response model: message keys come out content, role.
    prompt = rough_tokens(body)
    completion = rough_tokens(content)
    reply = {
        "id": "chatcmpl-%s" % uuid.uuid4(),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": requested_model(body, "models/qwen2.5-0.5b-instruct-q4_k_m.gguf"),
        "choices": [{"index": 0, "message": {"content": content, "role": "assistant"},
                     "logprobs": None, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
    }
    return 200, starlette_json(reply), {"openai-processing-ms": "412"}


def starlette_json(value):
    """Starlette's JSONResponse rendering: compact, UTF-8, no trailing newline."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


# -- Ollama's OpenAI-compatible endpoint (/v1/chat/completions) ----------------
#
# openai/openai.go (FromChatRequest): "json_object" becomes format "json";
# "json_schema" with json_schema.schema becomes that schema; any other type (or
# json_schema without a schema) is silently ignored and the model writes free text.
# Ollama has no "invalid response_format type" error. The 400s it does give come from
# middleware/openai.go: a body gin cannot bind (ShouldBindJSON, Go's encoding/json
# error text) or that FromChatRequest refuses, as openai.NewError(400, ...):
#   {"error":{"message":"...","type":"invalid_request_error","param":null,"code":null}}
# written by gin's AbortWithStatusJSON (json.Marshal, no newline). A success is
# openai.ToChatCompletion written by json.NewEncoder, so it ends with a newline.

def ollama_reply(body):
    response_format = response_format_of(body)
    bind_error = None
    if response_format is not ABSENT and not isinstance(response_format, dict):
        bind_error = ("json: cannot unmarshal %s into Go struct field ChatCompletionRequest.response_format "
                      "of type openai.ResponseFormat" % json_kind(response_format))
    elif isinstance(response_format, dict) and "type" in response_format \
            and not isinstance(response_format["type"], (str, type(None))):
        bind_error = ("json: cannot unmarshal %s into Go struct field ResponseFormat.response_format.type "
                      "of type string" % json_kind(response_format["type"]))
    if bind_error is not None:
        reply = {"error": {"message": bind_error, "type": "invalid_request_error", "param": None, "code": None}}
        return 400, go_json(reply), {"Content-Type": "application/json; charset=utf-8"}
    phrase = requested_phrase(body)
    kind = (response_format.get("type") or "").strip().lower() if isinstance(response_format, dict) else ""
    nested = response_format.get("json_schema") if isinstance(response_format, dict) else None
    constrained = kind == "json_object" or (kind == "json_schema" and isinstance(nested, dict)
                                            and nested.get("schema") is not None)
    if constrained:
        # What a small model writes under Ollama's JSON grammar: the object spread
        # over lines, then a newline (the shape varies with the model).
        content = json.dumps({"phrase": phrase}, ensure_ascii=False, indent=2) + "\n"
    else:
        content = as_small_model_sentence(phrase)
    prompt = rough_tokens(body)
    completion = rough_tokens(content)
    reply = {
        "id": "chatcmpl-%d" % random.randrange(999),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": requested_model(body, "llama3.2:1b"),
        "system_fingerprint": "fp_ollama",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
    }
    return 200, go_json(reply) + b"\n", {}


def go_json(value):
    """Go's encoding/json: compact, UTF-8, with <, > and & escaped as it does by default."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").encode("utf-8")


# -- vLLM's OpenAI server (vllm serve) ------------------------------------------
#
# vllm/entrypoints/openai/protocol.py (0.10.x): ResponseFormat.type is
# Literal["text", "json_object", "json_schema"] (or a structural_tag format), and
# json_schema / json_object become guided decoding, so the content is the JSON the
# grammar allowed. The body is ChatCompletionResponse.model_dump() through
# JSONResponse, every optional field present as null and tool_calls an empty list.
# A type outside the union fails validation; api_server.py's
# validation_exception_handler answers 400 with f"{str(exc)} {str(exc.errors())}"
# in {"error": {"message", "type": "Bad Request", "param": null, "code": 400}}.
# That message was reproduced with vLLM 0.10's models under FastAPI 0.165; the
# endpoint file and line in it depend on the installed vLLM and are illustrative.
VLLM_API_SERVER_PY = "/usr/local/lib/python3.12/dist-packages/vllm/entrypoints/openai/api_server.py"
VLLM_ROUTE_LINE = 590


def vllm_validation_errors(response_format):
    if response_format is ABSENT or response_format is None:
        return []
    if not isinstance(response_format, dict):
        return [{"type": "model_attributes_type", "loc": ("body", "response_format", "ResponseFormat"),
                 "msg": "Input should be a valid dictionary or object to extract fields from",
                 "input": response_format},
                {"type": "model_attributes_type", "loc": ("body", "response_format", "StructuralTagResponseFormat"),
                 "msg": "Input should be a valid dictionary or object to extract fields from",
                 "input": response_format}]
    kind = response_format.get("type")
    if kind in ("text", "json_object", "json_schema"):
        return []
    if "type" not in response_format:
        type_errors = [{"type": "missing", "loc": ("body", "response_format", model, "type"),
                        "msg": "Field required", "input": response_format}
                       for model in ("ResponseFormat", "StructuralTagResponseFormat")]
    else:
        type_errors = [
            {"type": "literal_error", "loc": ("body", "response_format", "ResponseFormat", "type"),
             "msg": "Input should be 'text', 'json_object' or 'json_schema'", "input": kind,
             "ctx": {"expected": "'text', 'json_object' or 'json_schema'"}},
            {"type": "literal_error", "loc": ("body", "response_format", "StructuralTagResponseFormat", "type"),
             "msg": "Input should be 'structural_tag'", "input": kind, "ctx": {"expected": "'structural_tag'"}}]
    return type_errors + [
        {"type": "missing", "loc": ("body", "response_format", "StructuralTagResponseFormat", "structures"),
         "msg": "Field required", "input": response_format},
        {"type": "missing", "loc": ("body", "response_format", "StructuralTagResponseFormat", "triggers"),
         "msg": "Field required", "input": response_format},
    ]


def vllm_reply(body):
    response_format = response_format_of(body)
    errors = vllm_validation_errors(response_format)
    if errors:
        message = fastapi_validation_message(errors, VLLM_API_SERVER_PY, VLLM_ROUTE_LINE,
                                             "create_chat_completion", "POST /v1/chat/completions")
        message = "%s %s" % (message, errors)
        reply = {"error": {"message": message, "type": "Bad Request", "param": None, "code": 400}}
        return 400, starlette_json(reply), {}
    phrase = requested_phrase(body)
    kind = response_format.get("type") if isinstance(response_format, dict) else None
    if kind in ("json_schema", "json_object"):
        content = json.dumps({"phrase": phrase}, ensure_ascii=False)
    else:
        content = as_small_model_sentence(phrase)
    prompt = rough_tokens(body)
    completion = rough_tokens(content)
    reply = {
        "id": "chatcmpl-%s" % uuid.uuid4().hex,
        "object": "chat.completion",
        "created": int(time.time()),
        "model": requested_model(body, "Qwen/Qwen2.5-0.5B-Instruct"),
        "choices": [{"index": 0,
                     "message": {"role": "assistant", "content": content, "refusal": None, "annotations": None,
                                 "audio": None, "function_call": None, "tool_calls": [], "reasoning_content": None},
                     "logprobs": None, "finish_reason": "stop", "stop_reason": None}],
        "service_tier": None,
        "system_fingerprint": None,
        "usage": {"prompt_tokens": prompt, "total_tokens": prompt + completion, "completion_tokens": completion,
                  "prompt_tokens_details": None},
        "prompt_logprobs": None,
        "kv_transfer_params": None,
    }
    return 200, starlette_json(reply), {}


SERVER_SHAPES = {"llama-cpp": llama_cpp_reply, "ollama": ollama_reply, "vllm": vllm_reply}


# -- what small models write when nothing enforces the format ----------------------
# Each is answered with 200 whatever response_format (or tool_choice) said: they model
# a server that ignores the format and a model that half follows the prompt.

def small_model_content(scenario, body):
    phrase = requested_phrase(body)
    compact = json.dumps({"phrase": phrase}, ensure_ascii=False)
    if scenario == "fenced":
        return "```json\n%s\n```" % compact
    if scenario == "preamble-fenced":
        return "Here is the JSON:\n```json\n%s\n```" % compact
    if scenario == "chatter":
        return "%s\n\nI hope this helps! Let me know if you need anything else." % compact
    if scenario == "bare":
        return phrase
    if scenario == "unrelated":
        return "The weather is lovely today."
    if scenario == "fenced-unrelated":
        # Well-formed JSON that names something that was never sent.
        return "```json\n%s\n```" % json.dumps({"phrase": "a cat on the sofa"})
    raise KeyError(scenario)


SMALL_MODEL_SHAPES = ("fenced", "preamble-fenced", "chatter", "bare", "unrelated", "fenced-unrelated")


def text_reply_body(anthropic, content):
    """A 200 whose only content is this text, in either wire format."""
    if anthropic:
        reply = {"id": "msg_test", "type": "message", "role": "assistant",
                 "content": [{"type": "text", "text": content}], "stop_reason": "end_turn"}
    else:
        reply = {"id": "chatcmpl-test", "object": "chat.completion",
                 "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}
    return json.dumps(reply, ensure_ascii=False).encode("utf-8")


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
                           "headers": dict((k.lower(), v) for k, v in self.headers.items()), "body": body,
                           "response_format": response_format_type(body)})
        anthropic = self.path.endswith("/v1/messages")
        if not (anthropic or self.path.endswith("/chat/completions")):
            self.send_bytes(404, b"<html>404 page not found</html>", "text/html")
            return
        if scenario == "script":
            scenario = self.state.next_scripted()
        self.respond(scenario, body, anthropic)

    def respond(self, scenario, body, anthropic):
        wants_tool = '"tool_choice"' in body
        if scenario in SERVER_SHAPES:
            self.respond_as_server(scenario, body, anthropic, wants_tool)
        elif scenario in SMALL_MODEL_SHAPES:
            self.send_bytes(200, text_reply_body(anthropic, small_model_content(scenario, body)))
        elif scenario == "ok":
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
        elif scenario == "rate-limited-briefly":
            # Retry-After in whole seconds is the usual form; one second keeps a test short.
            self.send_bytes(429, b'{"error": {"message": "Rate limit reached.", "type": "rate_limit_error"}}', extra={"Retry-After": "1"})
        elif scenario == "busy-until":
            # The HTTP-date form of Retry-After, two seconds ahead.
            when = email.utils.formatdate(time.time() + 2, usegmt=True)
            self.send_bytes(503, b'{"error": {"message": "Overloaded."}}', extra={"Retry-After": when})
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

    def respond_as_server(self, scenario, body, anthropic, wants_tool):
        if anthropic:
            if scenario == "llama-cpp":
                # llama-cpp-python has no Messages route: FastAPI's own 404.
                self.send_bytes(404, b'{"detail":"Not Found"}')
            else:
                # Ollama and vLLM also serve /v1/messages; that side is not modelled on
                # their bodies, only answered as "ok" is (a forced tool gets tool_use).
                phrase = requested_phrase(body)
                self.send_bytes(200, success_body(True, "json", phrase, wants_tool))
            return
        status, payload, headers = SERVER_SHAPES[scenario](body)
        content_type = headers.pop("Content-Type", "application/json")
        self.send_bytes(status, payload, content_type, extra=headers)

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
