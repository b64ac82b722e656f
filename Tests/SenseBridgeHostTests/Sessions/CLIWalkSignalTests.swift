import Foundation
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// Ctrl-C and SIGTERM end a walk the way a person and a shell expect: the session stops
/// cleanly (its summary and "stopped" are still said), then the exit status is 128 + the
/// signal, so `walk && next` does not go on as if the walk had finished.
///
/// The walk replays the 9 s sample at its recorded pace, so it is still running when the
/// signal comes; the test waits for its first line instead of sleeping.
@Suite struct CLIWalkSignalTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalStopsTheWalkCleanlyWithTheShellsStatus(signal: Int32, status: Int32) throws {
        let home = try TemporaryDirectory()
        let child = try ProcessRunner.startCLI(["walk", "--json", "--profile", "deaf", "--output", home.file("out").path], home: home.url)
        let errors = DataBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors.data = SpawnedChild.readToEnd(child.standardError) }

        let started = try #require(child.firstLine(startingWith: #"{"locale":"en","signal":"status""#, timeout: 60),
                                   "the walk never said it started")
        #expect(started.contains("SenseBridge has started."))
        #expect(kill(child.pid, signal) == 0)
        let rest = String(decoding: SpawnedChild.readToEnd(child.standardOutput), as: UTF8.self)
        let ended = child.termination(within: 30)
        if ended == nil { child.kill() }
        group.wait()
        let stderr = String(decoding: errors.data, as: UTF8.self)

        #expect(ended == .exited(status), "ended \(ended.map(String.init(describing:)) ?? "not at all"); stderr: \(stderr)")
        let messages = rest.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        let signals = messages.compactMap { $0["signal"] as? String }
        // The clean stop, in order, and stopped early: the sample's last alert is at 9 s.
        #expect(signals.suffix(2) == ["summary", "status"], "\(rest)")
        #expect(messages.last?["text"] as? String == "SenseBridge has stopped.")
        #expect(messages.last.flatMap { $0["targets"] as? [String] } == ["captions", "haptics"], "stopped reached both outputs")
        #expect((messages.last?["time"] as? Double ?? 99) < 9, "the walk ran to its end instead of stopping")
        #expect(stderr.contains("Rendered through profile 'deaf'"), "the walk finished its own reporting: \(stderr)")
    }
}

/// Unchecked Sendable: written by one reader thread, read after `group.wait()`.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
