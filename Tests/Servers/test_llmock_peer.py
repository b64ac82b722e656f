"""Self-test of llmock_peer.py: it starts, prints its port, takes scripted faults and
replies over the control API, records requests, and gives a passing verdict for a
client that does not retry (gave_up is a warning). Skipped when llmock is missing.

    python3 -m unittest Tests/Servers/test_llmock_peer.py
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.request

PEER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "llmock_peer.py")


class LLMockPeerTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory(prefix="llmock-peer-test")
        cls.record = os.path.join(cls.directory.name, "requests.jsonl")
        cls.process = subprocess.Popen([sys.executable, PEER, "--record", cls.record],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = cls.process.stdout.readline()
        if not line.startswith("PORT "):
            status = cls.process.wait(timeout=20)
            error = cls.process.stderr.read()
            cls.process.stdout.close()
            cls.process.stderr.close()
            cls.directory.cleanup()
            if status == 3:
                raise unittest.SkipTest(error.strip())
            raise RuntimeError("llmock_peer.py exited %s without a port: %s" % (status, error))
        cls.port = int(line.split()[1])

    @classmethod
    def tearDownClass(cls):
        cls.process.send_signal(signal.SIGTERM)
        cls.process.wait(timeout=20)
        cls.process.stdout.close()
        cls.process.stderr.close()
        cls.directory.cleanup()

    def setUp(self):
        self.call("POST", "/_llmock/reset", {})

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                return response.status, response.headers, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers, json.loads(error.read() or b"null")

    def chat(self, labels):
        return self.call("POST", "/v1/chat/completions", {
            "model": "test-model", "max_tokens": 64, "temperature": 0, "stream": False,
            "messages": [{"role": "system", "content": "Reply with one noun phrase in English."},
                         {"role": "user", "content": json.dumps(labels)}],
            "response_format": {"type": "json_schema", "json_schema": {
                "name": "subject_phrase", "strict": True,
                "schema": {"type": "object", "properties": {"phrase": {"type": "string"}}, "required": ["phrase"]}}}})

    def test_fault_then_scripted_reply_then_a_passing_verdict(self):
        status, _, _ = self.call("POST", "/_llmock/scenario", {"behaviors": [{"type": "fail", "status": 503}]})
        self.assertEqual(status, 201)
        status, headers, body = self.chat(["chair", "table"])
        self.assertEqual((status, headers["retry-after"], body["error"]["type"]), (503, "1", "server_error"))
        self.call("POST", "/_llmock/scenario",
                  {"behaviors": [{"type": "reply", "text": json.dumps({"phrase": "a chair and a table"})}]})
        # A different body: the same one would count as a retry that ignored Retry-After.
        status, _, body = self.chat(["chair", "table", "door"])
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body["choices"][0]["message"]["content"]), {"phrase": "a chair and a table"})
        _, _, verdict = self.call("GET", "/_llmock/verdict")
        self.assertTrue(verdict["passed"])
        self.assertEqual([f["code"] for f in verdict["findings"]], ["gave_up"])
        with open(self.record, encoding="utf-8") as handle:
            paths = [json.loads(line)["path"] for line in handle]
        self.assertEqual(paths[-2:], ["/v1/chat/completions", "/v1/chat/completions"])

    def test_unscripted_json_schema_reply_is_a_schema_example(self):
        status, _, body = self.chat(["cup"])
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body["choices"][0]["message"]["content"]), {"phrase": "mock-phrase"})


if __name__ == "__main__":
    unittest.main()
