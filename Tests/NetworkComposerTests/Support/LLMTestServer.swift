import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SenseBridgeTesting

/// Tests/Servers/llm_server.py, started on 127.0.0.1 with a kernel-chosen port.
///
/// The server prints "PORT <n>" once it listens; `init` waits for that line (bounded)
/// instead of sleeping. Every request it received is read back from its record file, so
/// assertions are about the bytes that really arrived. `stop()` (or release) kills it.
final class LLMTestServer {
    let port: Int
    let recordFile: URL
    private let process: Process
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

    init(startupTimeout: TimeInterval = 15) throws {
        directory = try TemporaryDirectory("sensebridge-llm-server")
        recordFile = directory.file("requests.jsonl")
        _ = FileManager.default.createFile(atPath: recordFile.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryPaths.root.appendingPathComponent("Tests/Servers/llm_server.py").path,
                             "--record", recordFile.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let found = PortBox()
        let ready = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        DispatchQueue.global().async {
            var text = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }), let port = Int(line.dropFirst(5)) {
                    found.port = port
                    break
                }
            }
            ready.signal()
        }
        guard ready.wait(timeout: .now() + startupTimeout) == .success, let port = found.port else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailed(description: "llm_server.py did not print its port within \(startupTimeout) s")
        }
        self.port = port
    }

    deinit { stop() }

    /// SIGKILL, not SIGTERM: a child of the test runner can inherit a mask that blocks
    /// SIGTERM, and waiting on a signal that never lands would hang the suite.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The OpenAI-compatible base URL for a scenario (…/v1) or Anthropic's (no /v1).
    func baseURL(_ scenario: String, anthropic: Bool = false) -> String {
        "http://127.0.0.1:\(port)/\(scenario)" + (anthropic ? "" : "/v1")
    }

    func requests() -> [Request] {
        guard let text = try? String(contentsOf: recordFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  object["method"] as? String == "POST" else { return nil }
            return Request(path: object["path"] as? String ?? "", headers: object["headers"] as? [String: String] ?? [:],
                           body: object["body"] as? String ?? "")
        }
    }

    /// Entries the server wrote about itself (e.g. how much of a huge reply it sent).
    func events(_ name: String) -> [[String: Any]] {
        guard let text = try? String(contentsOf: recordFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return object?["event"] as? String == name ? object : nil
        }
    }

    /// Queues the behaviours the "script" scenario plays, one per request.
    func script(_ scenarios: [String]) throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/control/script")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: scenarios)
        let done = DispatchSemaphore(value: 0)
        let status = PortBox()
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status.port = (response as? HTTPURLResponse)?.statusCode
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 10) == .success, status.port == 204 else {
            throw StartFailed(description: "the test server did not accept the script")
        }
    }
}

/// Unchecked Sendable: written by the completion handler before it signals; read after the wait.
private final class PortBox: @unchecked Sendable {
    var port: Int?
}
