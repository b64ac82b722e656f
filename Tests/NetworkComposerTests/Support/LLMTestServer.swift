import Foundation
import SenseBridgeProcess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SenseBridgeRepositoryTesting

/// A Python test peer from Tests/Servers (llm_server.py by default, or llmock_peer.py),
/// started on 127.0.0.1 with a kernel-chosen port.
///
/// Both peers print "PORT <n>" once they answer; `init` waits for that line (bounded)
/// instead of sleeping. Every request a peer received is read back from its record file,
/// so assertions are about the bytes that really arrived. `stop()` (or release) kills it.
final class LLMTestServer {
    let port: Int
    let recordFile: URL
    let script: String
    private let process: SpawnedChild
    private let directory: TemporaryDirectory

    struct Request {
        var path: String
        var headers: [String: String]
        var body: String
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }

    struct StartFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// `script` is relative to the repository root; `arguments` follow `--record FILE`.
    /// The peer's stderr goes to a file, quoted when it does not start.
    init(script: String = "Tests/Servers/llm_server.py", arguments: [String] = [], startupTimeout: TimeInterval = 15) throws {
        self.script = script
        directory = try TemporaryDirectory("sensebridge-llm-server")
        recordFile = directory.file("requests.jsonl")
        let errorFile = directory.file("stderr.log")
        _ = FileManager.default.createFile(atPath: recordFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process = try SpawnedChild("python3", [RepositoryPaths.root.appendingPathComponent(script).path, "--record", recordFile.path] + arguments,
                                   standardErrorFile: errorFile)
        guard let line = process.firstLine(startingWith: "PORT ", timeout: startupTimeout), let port = Int(line) else {
            // Its stdout closed without a port: it is exiting (status 3: llmock missing).
            let ended = process.termination(within: 5)
            process.kill()
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw StartFailed(description: "\(script) " + (ended.map { "\($0) without printing its port" }
                                                               ?? "did not print its port within \(startupTimeout) s")
                              + (stderr.isEmpty ? "" : ": \(stderr)"))
        }
        self.port = port
    }

    deinit { stop() }

    /// SIGKILL, not SIGTERM: a child of the test runner can inherit a mask that blocks
    /// SIGTERM, and waiting on a signal that never lands would hang the suite.
    func stop() {
        process.kill()
    }

    /// The OpenAI-compatible base URL for a scenario (…/v1) or Anthropic's (no /v1).
    func baseURL(_ scenario: String, anthropic: Bool = false) -> String {
        "http://127.0.0.1:\(port)/\(scenario)" + (anthropic ? "" : "/v1")
    }

    func requests() -> [Request] {
        guard let text = WholeFile.read(recordFile.path).map({ String(decoding: $0, as: UTF8.self) }) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  object["method"] as? String == "POST" else { return nil }
            return Request(path: object["path"] as? String ?? "", headers: object["headers"] as? [String: String] ?? [:],
                           body: object["body"] as? String ?? "")
        }
    }

    /// Entries the server wrote about itself (e.g. how much of a huge reply it sent).
    func events(_ name: String) -> [[String: Any]] {
        guard let text = WholeFile.read(recordFile.path).map({ String(decoding: $0, as: UTF8.self) }) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return object?["event"] as? String == name ? object : nil
        }
    }

    /// Queues the behaviours the "script" scenario plays, one per request (llm_server.py).
    func script(_ scenarios: [String]) throws {
        let (status, _) = try control("POST", "/control/script", json: scenarios)
        guard status == 204 else { throw StartFailed(description: "the test server did not accept the script (HTTP \(status))") }
    }

    /// A request to the peer's own control API (not a provider path): its status and body.
    func control(_ method: String, _ path: String, json: Any? = nil, timeout: TimeInterval = 15) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let done = DispatchSemaphore(value: 0)
        let box = ReplyBox()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            box.status = (response as? HTTPURLResponse)?.statusCode
            box.body = data ?? Data()
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + timeout) == .success, let status = box.status else {
            throw StartFailed(description: "\(script) did not answer \(method) \(path)")
        }
        return (status, box.body)
    }
}

/// Unchecked Sendable: written by a completion handler before it signals; read after the wait.
private final class PortBox: @unchecked Sendable {
    var port: Int?
}

private final class ReplyBox: @unchecked Sendable {
    var status: Int?
    var body = Data()
}
