import Foundation
import Glibc
import SenseBridgeRepositoryTesting
import Testing

/// The suites that listen through a private sound server, one at a time: the plugin finds
/// its server through this process's PULSE_SERVER, which only one test may set at once.
@Suite(.serialized) struct SoundServerTests {}

/// A private PulseAudio for one test, started and stopped through
/// scripts/test-daemons/pulseaudio.sh: its own socket, and one source, `mic`, that hears
/// what scripts/test-daemons/feed-mic.py writes into its FIFO.
final class TestPulse {
    let fixtures: AudioFixtures
    private(set) var address = ""
    private var previousServer: String?

    static var script: String { RepositoryPaths.root.appendingPathComponent("scripts/test-daemons/pulseaudio.sh").path }
    static var feeder: String { RepositoryPaths.root.appendingPathComponent("scripts/test-daemons/feed-mic.py").path }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ fixtures: AudioFixtures) throws {
        self.fixtures = fixtures
        let result = try ProcessRunner.run("/bin/bash", [Self.script, "start", fixtures.path("pulse")], timeout: 30)
        guard result.status == 0 else {
            throw Failure(description: "pulseaudio.sh start failed (\(result.status)): \(result.standardError)")
        }
        address = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        stop()
        if let previousServer { setenv("PULSE_SERVER", previousServer, 1) } else { unsetenv("PULSE_SERVER") }
    }

    func stop() {
        _ = try? ProcessRunner.run("/bin/bash", [Self.script, "stop", fixtures.path("pulse")], timeout: 30)
    }

    /// Writes `wav` (16 kHz 16-bit mono) into the microphone at its own pace, in the
    /// background, for `seconds` at most.
    func feed(_ wav: String, seconds: Int = 20) throws -> SpawnedChild {
        try SpawnedChild("/usr/bin/timeout", [String(seconds), "python3", Self.feeder, fixtures.path("pulse/mic.fifo"), wav, "--realtime"])
    }

    /// When the feeder wrote each chunk, by its first sample's index (the host's clock),
    /// read from its output.
    static func writeTimes(_ output: Data) -> [Int: UInt64] {
        var times: [Int: UInt64] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let frame = Int(fields[0]), let time = UInt64(fields[1]) { times[frame] = time }
        }
        return times
    }

    /// The streams recording from the server now (`pactl list short source-outputs`).
    func recordingStreams() throws -> Int {
        let result = try ProcessRunner.run("pactl", ["list", "short", "source-outputs"], environment: ["PULSE_SERVER": address, "PATH": "/usr/bin:/bin"],
                                           timeout: 10)
        guard result.status == 0 else { throw Failure(description: "pactl failed: \(result.standardError)") }
        return result.standardOutput.split(separator: "\n").count
    }

    /// Points this process's pulse clients (the plugin, in process or in a runner started
    /// from here) at the server.
    func use() {
        previousServer = previousServer ?? ProcessInfo.processInfo.environment["PULSE_SERVER"]
        setenv("PULSE_SERVER", address, 1)
    }
}
