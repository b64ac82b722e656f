import Foundation
import SenseBridgeRepositoryTesting

/// llmock 0.2.2 as a chaos peer: Tests/Servers/llmock_peer.py started like llm_server.py
/// (`LLMTestServer(script:)`), scripted over llmock's control API, judged by `llmock report`.
/// Tests/Servers/README.md ("llmock as a chaos peer") says what each behaviour does.
final class LLMockPeer {
    let server: LLMTestServer

    /// Whether the python3 the peers run under imports llmock and uvicorn. scripts/deps.sh
    /// installs llmock when it is missing, so CI has it; a suite that needs it is disabled
    /// (and says so) rather than passing without it.
    static let isInstalled: Bool = (try? run(["python3", "-c", "import llmock, uvicorn"], timeout: 60).status) == 0

    /// Startup is bounded generously: importing FastAPI takes a second or more on a busy machine.
    init() throws {
        server = try LLMTestServer(script: "Tests/Servers/llmock_peer.py", startupTimeout: 30)
    }

    var port: Int { server.port }

    /// OpenAI-compatible `…/v1`, or Anthropic's `…/anthropic` (llmock serves `/anthropic/v1/messages`).
    func baseURL(anthropic: Bool) -> String {
        "http://127.0.0.1:\(port)" + (anthropic ? "/anthropic" : "/v1")
    }

    /// Queues behaviours for the next requests, e.g. `["type": "fail", "status": 503]`.
    func queue(_ behaviors: [[String: Any]]) throws {
        let (status, body) = try server.control("POST", "/_llmock/scenario", json: ["behaviors": behaviors])
        guard status == 201 else { throw Failed("llmock refused the scenario (HTTP \(status)): \(String(decoding: body, as: UTF8.self))") }
    }

    /// Forgets requests, queued behaviours and spent quota, so the next verdict judges only what follows.
    func reset() throws {
        let (status, _) = try server.control("POST", "/_llmock/reset", json: [String: Any]())
        guard status == 200 else { throw Failed("llmock did not reset (HTTP \(status))") }
    }

    /// Provider requests in arrival order, from the peer's record file: what was sent,
    /// including a request still being held by a delay.
    func requests() -> [LLMTestServer.Request] { server.requests() }

    /// llmock's journal: one object per finished attempt (`status`, `retry_after`, `fault`, `duration`, …).
    func journal() throws -> [[String: Any]] {
        let (status, body) = try server.control("GET", "/_llmock/requests")
        guard status == 200, let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let requests = object["requests"] as? [[String: Any]] else { throw Failed("llmock's journal was unreadable (HTTP \(status))") }
        return requests
    }

    /// The codes of the verdict's findings ("gave_up", …), errors first.
    func findings() throws -> [String] {
        let (status, body) = try server.control("GET", "/_llmock/verdict")
        guard status == 200, let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let findings = object["findings"] as? [[String: Any]] else { throw Failed("llmock's verdict was unreadable (HTTP \(status))") }
        return findings.compactMap { $0["code"] as? String }
    }

    /// `llmock report --url …`: exit 0 when no error was found (1 for an error, or with
    /// `strict` a warning; 2 when the server cannot be reached), and the text report. Run
    /// as `python3 -m llmock.cli`, the console script's module (0.2.2 has no `llmock.__main__`,
    /// and the `llmock` script may not be on PATH), under the same python3 as the peer.
    func report(strict: Bool = false) throws -> (status: Int32, output: String) {
        try Self.run(["python3", "-m", "llmock.cli", "report", "--url", "http://127.0.0.1:\(port)"] + (strict ? ["--strict"] : []),
                     timeout: 60)
    }

    /// Runs a command (looked up on PATH) with stdout and stderr together; kills it after `timeout`.
    static func run(_ arguments: [String], timeout: TimeInterval) throws -> (status: Int32, output: String) {
        // rich colours nothing on a pipe; NO_COLOR makes sure of it.
        let environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let result = try ProcessRunner.run(arguments[0], Array(arguments.dropFirst()), environment: environment, timeout: timeout)
        guard !result.timedOut else { throw Failed("\(arguments.joined(separator: " ")) did not finish within \(timeout) s") }
        return (result.status, result.standardOutput + result.standardError)
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
