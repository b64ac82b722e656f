"""Self-test of llm_server.py: one request per server-shaped and small-model scenario
and per structured-output mode, checking the status and the shape of what comes back.

Standard library only. Run from the repository root:

    python3 -m unittest Tests/Servers/test_llm_server.py
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.request

SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "llm_server.py")

SCHEMA = {"type": "object", "properties": {"phrase": {"type": "string"}}, "required": ["phrase"],
          "additionalProperties": False}
JSON_SCHEMA = {"type": "json_schema", "json_schema": {"name": "subject_phrase", "strict": True, "schema": SCHEMA}}
JSON_OBJECT = {"type": "json_object", "schema": SCHEMA}
TEXT = "text-mode"  # marker: no response_format key at all


def instructions(language="English", words=6, wants_json=True):
    """Close to the composer's prompt: the server reads the language and the word ceiling from it."""
    shape = 'Reply only with JSON of the form {"phrase": "..."}.' if wants_json else \
        "Reply with the noun phrase only: no quotes, no JSON, no other words."
    return ("You write the subject of a scene description for a blind person. The user message is a JSON "
            "array of object names that a camera detected. Reply with one noun phrase in %s that names those "
            "objects. Use at most %d words. %s" % (language, words, shape))


def openai_body(mode, labels=("chair", "table"), language="English", words=6):
    body = {"model": "test-model", "max_tokens": 64, "temperature": 0, "stream": False,
            "messages": [{"role": "system", "content": instructions(language, words, wants_json=mode is not TEXT)},
                         {"role": "user", "content": json.dumps(list(labels))}]}
    if mode is not TEXT:
        body["response_format"] = mode
    return body


def anthropic_body(forced_tool=True, labels=("chair", "table")):
    body = {"model": "test-model", "max_tokens": 64, "temperature": 0, "system": instructions(),
            "messages": [{"role": "user", "content": json.dumps(list(labels))}]}
    if forced_tool:
        body["tools"] = [{"name": "subject_phrase", "description": "Report the noun phrase.", "input_schema": SCHEMA}]
        body["tool_choice"] = {"type": "tool", "name": "subject_phrase"}
    return body


class LLMServerTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory(prefix="llm-server-test")
        cls.record = os.path.join(cls.directory.name, "requests.jsonl")
        cls.process = subprocess.Popen([sys.executable, SERVER, "--record", cls.record],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = cls.process.stdout.readline()
        if not line.startswith("PORT "):
            cls.process.kill()
            raise RuntimeError("llm_server.py did not print its port: %r" % line)
        cls.port = int(line.split()[1])

    @classmethod
    def tearDownClass(cls):
        cls.process.kill()
        cls.process.wait()
        cls.process.stdout.close()
        cls.directory.cleanup()

    def post(self, scenario, body, anthropic=False):
        """(status, headers, raw bytes) of one request."""
        path = "/%s/v1/messages" % scenario if anthropic else "/%s/v1/chat/completions" % scenario
        request = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path),
                                         data=json.dumps(body).encode("utf-8"), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers, error.read()

    def content(self, raw):
        return json.loads(raw)["choices"][0]["message"]["content"]

    def last_record(self):
        with open(self.record, encoding="utf-8") as handle:
            lines = [json.loads(line) for line in handle if line.strip()]
        return [entry for entry in lines if entry.get("method") == "POST"][-1]

    # -- existing behaviour stays as it was -----------------------------------

    def test_ok_still_echoes_json_and_a_forced_tool(self):
        status, _, raw = self.post("ok", openai_body(JSON_SCHEMA))
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(self.content(raw)), {"phrase": "a chair and a table"})
        status, _, raw = self.post("ok", anthropic_body(), anthropic=True)
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(raw)["content"][0]["input"], {"phrase": "a chair and a table"})

    def test_existing_scenarios_unchanged(self):
        self.assertEqual(self.post("unauthorized", openai_body(JSON_SCHEMA))[0], 401)
        self.assertEqual(self.post("missing-model", openai_body(JSON_SCHEMA))[0], 404)
        status, headers, _ = self.post("rate-limited", openai_body(JSON_SCHEMA))
        self.assertEqual((status, headers["Retry-After"]), (429, "20"))
        self.assertEqual(self.post("server-error", openai_body(JSON_SCHEMA))[0], 500)
        self.assertEqual(self.post("malformed", openai_body(JSON_SCHEMA))[2], b'{"choices": [{"message": {"content": ')
        self.assertEqual(self.content(self.post("sentence", openai_body(JSON_SCHEMA))[2]),
                         "There is a car about 2 feet ahead \u2014 dangerous.")
        self.assertEqual(self.post("no-such-scenario", openai_body(JSON_SCHEMA))[0], 400)

    def test_requested_language_still_read_from_the_prompt(self):
        status, _, raw = self.post("ok", openai_body(JSON_SCHEMA, language="Spanish"))
        self.assertEqual(json.loads(self.content(raw)), {"phrase": "una silla y una mesa"})
        status, _, raw = self.post("bare", openai_body(TEXT, language="Vietnamese", words=8))
        self.assertEqual(self.content(raw), "một cái ghế và một cái bàn")
        # Seven words do not fit six: the last label is dropped, as before.
        status, _, raw = self.post("bare", openai_body(TEXT, language="Vietnamese", words=6))
        self.assertEqual(self.content(raw), "một cái ghế")

    # -- llama-cpp-python ------------------------------------------------------

    def test_llama_cpp_refuses_json_schema_with_a_500_naming_response_format(self):
        status, headers, raw = self.post("llama-cpp", openai_body(JSON_SCHEMA))
        self.assertEqual(status, 500)
        self.assertEqual(headers["Content-Type"], "application/json")
        error = json.loads(raw)["error"]
        self.assertEqual(error["type"], "internal_server_error")
        self.assertIsNone(error["param"])
        self.assertIsNone(error["code"])
        self.assertTrue(error["message"].startswith("1 validation error:\n  {'type': 'literal_error', "
                                                    "'loc': ('body', 'response_format', 'type')"), error["message"])
        self.assertIn("Input should be 'text' or 'json_object'", error["message"])
        self.assertIn("'input': 'json_schema'", error["message"])
        self.assertEqual(self.last_record()["response_format"], "json_schema")

    def test_llama_cpp_json_object_is_compact_json(self):
        for mode in (JSON_OBJECT, {"type": "json_object"}):
            status, headers, raw = self.post("llama-cpp", openai_body(mode))
            self.assertEqual(status, 200)
            self.assertEqual(self.content(raw), '{"phrase": "a chair and a table"}')
            reply = json.loads(raw)
            self.assertRegex(reply["id"], r"^chatcmpl-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
            self.assertEqual(reply["object"], "chat.completion")
            self.assertEqual(list(reply["choices"][0]["message"]), ["content", "role"])
            self.assertEqual(reply["choices"][0]["finish_reason"], "stop")
            self.assertEqual(set(reply["usage"]), {"prompt_tokens", "completion_tokens", "total_tokens"})
        self.assertEqual(self.last_record()["response_format"], "json_object")

    def test_llama_cpp_text_mode_is_a_capitalised_sentence(self):
        for mode in (TEXT, {"type": "text"}):
            status, _, raw = self.post("llama-cpp", openai_body(mode))
            self.assertEqual(status, 200)
            self.assertEqual(self.content(raw), "A chair and a table.")
        status, _, raw = self.post("llama-cpp", openai_body(TEXT, language="Spanish"))
        self.assertEqual(self.content(raw), "Una silla y una mesa.")
        self.assertEqual(self.last_record()["response_format"], "absent")

    def test_llama_cpp_has_no_messages_route(self):
        status, _, raw = self.post("llama-cpp", anthropic_body(), anthropic=True)
        self.assertEqual((status, json.loads(raw)), (404, {"detail": "Not Found"}))

    # -- Ollama ------------------------------------------------------------------

    def test_ollama_structured_modes_are_pretty_json(self):
        for mode in (JSON_SCHEMA, JSON_OBJECT):
            status, _, raw = self.post("ollama", openai_body(mode))
            self.assertEqual(status, 200)
            self.assertTrue(raw.endswith(b"}\n"))
            reply = json.loads(raw)
            self.assertRegex(reply["id"], r"^chatcmpl-\d{1,3}$")
            self.assertEqual(reply["system_fingerprint"], "fp_ollama")
            self.assertEqual(reply["object"], "chat.completion")
            self.assertEqual(self.content(raw), '{\n  "phrase": "a chair and a table"\n}\n')
            self.assertEqual(reply["choices"][0]["finish_reason"], "stop")

    def test_ollama_ignores_an_unknown_type_and_rejects_a_body_it_cannot_bind(self):
        status, _, raw = self.post("ollama", openai_body({"type": "xml"}))
        self.assertEqual((status, self.content(raw)), (200, "A chair and a table."))
        status, headers, raw = self.post("ollama", openai_body("json"))
        self.assertEqual(status, 400)
        self.assertEqual(headers["Content-Type"], "application/json; charset=utf-8")
        self.assertEqual(json.loads(raw), {"error": {
            "message": "json: cannot unmarshal string into Go struct field ChatCompletionRequest.response_format "
                       "of type openai.ResponseFormat",
            "type": "invalid_request_error", "param": None, "code": None}})
        self.assertEqual(self.last_record()["response_format"], "string")

    # -- vLLM ---------------------------------------------------------------------

    def test_vllm_guided_json_is_compact_in_vllms_body(self):
        for mode in (JSON_SCHEMA, JSON_OBJECT):
            status, _, raw = self.post("vllm", openai_body(mode))
            self.assertEqual(status, 200)
            reply = json.loads(raw)
            self.assertRegex(reply["id"], r"^chatcmpl-[0-9a-f]{32}$")
            choice = reply["choices"][0]
            self.assertEqual(choice["message"]["content"], '{"phrase": "a chair and a table"}')
            self.assertEqual(choice["message"]["tool_calls"], [])
            self.assertIsNone(choice["logprobs"])
            self.assertIsNone(choice["stop_reason"])
            self.assertEqual(choice["finish_reason"], "stop")
            self.assertIn("prompt_tokens_details", reply["usage"])

    def test_vllm_text_mode_and_an_unknown_type(self):
        status, _, raw = self.post("vllm", openai_body(TEXT))
        self.assertEqual((status, self.content(raw)), (200, "A chair and a table."))
        status, _, raw = self.post("vllm", openai_body({"type": "xml"}))
        self.assertEqual(status, 400)
        error = json.loads(raw)["error"]
        self.assertEqual((error["type"], error["code"]), ("Bad Request", 400))
        self.assertIn("Input should be 'text', 'json_object' or 'json_schema'", error["message"])

    # -- small-model reply shapes ------------------------------------------------

    def test_small_model_shapes_whatever_the_format(self):
        expected = {
            "fenced": '```json\n{"phrase": "a chair and a table"}\n```',
            "preamble-fenced": 'Here is the JSON:\n```json\n{"phrase": "a chair and a table"}\n```',
            "chatter": '{"phrase": "a chair and a table"}\n\nI hope this helps! Let me know if you need anything else.',
            "bare": "a chair and a table",
            "unrelated": "The weather is lovely today.",
            "fenced-unrelated": '```json\n{"phrase": "a cat on the sofa"}\n```',
        }
        for scenario, content in expected.items():
            for mode in (JSON_SCHEMA, JSON_OBJECT, TEXT):
                with self.subTest(scenario=scenario, mode=mode if mode is TEXT else mode["type"]):
                    status, _, raw = self.post(scenario, openai_body(mode))
                    self.assertEqual((status, self.content(raw)), (200, content))
            with self.subTest(scenario=scenario, wire="anthropic"):
                status, _, raw = self.post(scenario, anthropic_body(forced_tool=True), anthropic=True)
                blocks = json.loads(raw)["content"]
                self.assertEqual((status, blocks), (200, [{"type": "text", "text": content}]))

    def test_word_ceiling_applies_to_the_echo(self):
        status, _, raw = self.post("bare", openai_body(TEXT, labels=("chair", "table", "door", "person"), words=5))
        self.assertEqual(self.content(raw), "a chair and a table")

    def test_script_plays_new_scenarios(self):
        request = urllib.request.Request("http://127.0.0.1:%d/control/script" % self.port,
                                         data=json.dumps(["llama-cpp", "fenced"]).encode(), method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            self.assertEqual(response.status, 204)
        self.assertEqual(self.post("script", openai_body(JSON_SCHEMA))[0], 500)
        self.assertTrue(self.content(self.post("script", openai_body(JSON_SCHEMA))[2]).startswith("```json"))
        self.assertEqual(json.loads(self.content(self.post("script", openai_body(JSON_SCHEMA))[2])),
                         {"phrase": "a chair and a table"})


if __name__ == "__main__":
    unittest.main()
