import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Replays a recording as a sensing source: the sensor a test, a demo or a third
/// party's harness run can have on any machine.
///
/// With `pace: "recorded"` frames arrive at their recorded times, so a session loop
/// sees the same cadence a live sensor gives; `"fast"` hands them out at once for
/// scripts. A corrupt recording fails at create with the file and line, never mid-run.
final class ReplaySource: SensingSourcePlugin {
    struct Config: Decodable {
        var path: String?
        var pace: String?
    }

    private let recording: Recording
    private let paced: Bool
    private let host: HostServices
    private var position = 0
    private var started = false
    private var runID: UInt64 = 0
    private var startNanoseconds: UInt64 = 0
    private var lastTimestamp: UInt64 = 0

    init(host: HostServices, config: PluginConfig) throws {
        let settings = try config.decode(Config.self)
        guard let path = settings.path, !path.isEmpty else {
            throw PluginError.invalidConfig("Config key 'path' must name a recording file (see docs/FORMATS.md).")
        }
        switch settings.pace ?? "recorded" {
        case "recorded": paced = true
        case "fast": paced = false
        case let other: throw PluginError.invalidConfig("Config key 'pace' must be \"recorded\" or \"fast\", not \"\(other)\".")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PluginError.io("\(path): cannot be read (\((error as NSError).localizedDescription)).")
        }
        do {
            recording = try Recording.parse(data, name: path)
        } catch let error as RecordingError {
            throw PluginError.invalidConfig(error.description)
        }
        self.host = host
        host.log(.info, "replay.opened", [("frames", .public(String(recording.frames.count)))])
    }

    func start() throws {
        started = true
        position = 0
        runID += 1
        startNanoseconds = host.monotonicNanoseconds()
    }

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        guard started else { throw PluginError.notStarted }
        guard position < recording.frames.count else { throw PluginError.endOfStream }
        let frame = recording.frames[position]
        let offset = UInt64(frame.time * 1e9)
        if paced {
            let due = startNanoseconds + offset
            let now = host.monotonicNanoseconds()
            let giveUp = now + UInt64(timeoutMilliseconds) * 1_000_000
            guard due <= giveUp else {
                // Not due within the timeout: wait out exactly the timeout, then say so.
                sleep(until: giveUp)
                return nil
            }
            sleep(until: due)
        }
        position += 1
        // Strictly increasing within a run, even for recordings that start at time 0.
        let timestamp = max(startNanoseconds + offset, lastTimestamp + 1)
        lastTimestamp = timestamp
        switch frame.content {
        case .records(let records):
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .records(records))
        case .depth(let map):
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .depth(map))
        }
    }

    func stop() {
        started = false
    }

    /// Sleeps until `deadline` on the host's clock. A signal that ends a sleep early does
    /// not hand a frame out before its time, and no timeout is too large (the former
    /// `usleep(timeout * 1000)` trapped on overflow past 71 minutes).
    private func sleep(until deadline: UInt64) {
        while true {
            let now = host.monotonicNanoseconds()
            guard deadline > now else { return }
            let wait = deadline - now
            var request = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
            _ = nanosleep(&request, nil)
        }
    }
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sensingSource(ReplaySource.self, id: "org.sensebridge.replay-source", version: "1.0.0")
}
