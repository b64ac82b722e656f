import Foundation
import Glibc
import SenseBridgeRepositoryTesting
import Testing

/// A private speech-dispatcher for one test, started and stopped through
/// scripts/test-daemons/speechd.sh (the same script scripts/plugin-tests.sh uses): its own
/// config, socket, log dir and sd_generic module writing every utterance to `spoken.log`.
final class TestSpeechd {
    struct Utterance: Equatable {
        var finished: Bool   // false: the BEGIN line; true: the END line
        var language: String
        var rate: String
        var text: String
    }

    let directory: TemporaryDirectory
    private(set) var address = ""
    private let pace: [String]

    static var script: String { RepositoryPaths.root.appendingPathComponent("scripts/test-daemons/speechd.sh").path }

    /// `perByte` seconds of "speech" per byte of text (plus 50 ms), at most `maximum`.
    init(perByte: Double = 0.04, maximum: Double = 600) throws {
        // A short path: a unix socket's must fit in 108 bytes.
        directory = try TemporaryDirectory("sb-speechd")
        pace = [String(perByte), String(maximum)]
        try start()
    }

    deinit { stop() }

    func start() throws {
        let result = try ProcessRunner.run("/bin/bash", [Self.script, "start", directory.url.path] + pace, timeout: 30)
        guard result.status == 0 else {
            throw Failure(description: "speechd.sh start failed (\(result.status)): \(result.standardError)")
        }
        address = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        _ = try? ProcessRunner.run("/bin/bash", [Self.script, "stop", directory.url.path], timeout: 30)
    }

    /// SIGKILL, as a crash: no goodbye on the socket.
    func crash() throws {
        let text = try String(contentsOf: directory.file("daemon.pid"), encoding: .utf8)
        let pid = try requireValue(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), "daemon pid")
        // Only while that pid is still the daemon: it leaves after 30 s idle, and a test
        // run wraps pids within minutes, so by number alone this could kill another test's process.
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        try #require(comm.hasPrefix("speech-dispatch"), "the daemon (pid \(pid)) is gone already: \(comm)")
        kill(pid, SIGKILL)
        // Gone once the pid is no more, or a zombie (a container's init may never reap it).
        _ = CallOnAnotherThread.until(seconds: 10) {
            guard kill(pid, 0) == 0 else { return true }
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.components(separatedBy: ") ").last?.hasPrefix("Z") ?? true
        }
        stop()
    }

    var log: [Utterance] {
        let text = (try? String(contentsOf: directory.file("spoken.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            return Utterance(finished: fields[0] == "END", language: fields[1], rate: fields[2], text: fields[3])
        }
    }

    func began(_ text: String) -> Bool { log.contains { !$0.finished && $0.text == text } }
    func ended(_ text: String) -> Bool { log.contains { $0.finished && $0.text == text } }

    /// The texts begun, in order.
    var begun: [String] { log.filter { !$0.finished }.map(\.text) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}

/// `Optional` unwrapped or a thrown failure (for code outside a #require context).
func requireValue<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw TestSpeechd.Failure(description: "\(what) is missing") }
    return value
}
