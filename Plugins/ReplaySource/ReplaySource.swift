import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Replays a recording as a sensing source: the sensor a test, a demo or a third
/// party's harness run can have on any machine.
///
/// With `pace: "recorded"` frames arrive at their recorded times, stamped on the host's
/// monotonic clock, so a session loop sees the same cadence a live sensor gives;
/// `"fast"` hands them out at once for scripts and stamps each with its recording time
/// alone (nanoseconds since the recording's zero, rounded to the nearest), so a fast
/// replay carries no trace of when it ran and the session that reads it can keep a
/// logical clock (`AwarenessSession.Clock.recording`). A corrupt recording fails at
/// create with the file and line, never mid-run: create reads the whole file once,
/// keeping no frame.
///
/// Frames are then streamed from the file during each run (`RecordingReader`), never
/// held beyond the current one, so memory does not grow with the recording's length.
/// The file is read again by every run: if it changed since create and a line turned
/// bad, `nextFrame` fails with the file, the line and the reason (an I/O error for the
/// session, which then holds its last state), and keeps failing for that run.
final class ReplaySource: SensingSourcePlugin {
    struct Config: Decodable {
        var path: String?
        var pace: String?
    }

    private let path: String
    private let paced: Bool
    private let host: HostServices
    /// This run's reader, and a frame read but not yet due (a paced call that timed out).
    private var reader: RecordingReader?
    private var pending: Recording.Frame?
    private var started = false
    private var runID: UInt64 = 0
    private var startNanoseconds: UInt64 = 0
    /// The last timestamp handed out in this run; nil before its first frame.
    private var lastTimestamp: UInt64?
    /// The recording's zero: its first frame's recorded time. A recording may be written
    /// on any clock (a logger's Unix epoch seconds, a cut from a longer walk), and time
    /// counted from 0 made such a walk "run for 28891333 minutes", clamped its caption
    /// cues at 100 hours and, paced, waited decades for the first frame.
    private var firstTime: Double?

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
        self.path = path
        var frames = 0
        do {
            let reader = try ReplaySource.open(path)
            while try reader.next() != nil { frames += 1 }
        } catch let error as RecordingError {
            throw PluginError.invalidConfig(error.description)
        } catch let error as RecordingReader.ReadFailure {
            throw PluginError.io("\(error).")
        }
        self.host = host
        host.log(.info, "replay.opened", [("frames", .public(String(frames)))])
    }

    /// The recording from its first line; errors are worded as reading the whole file was.
    private static func open(_ path: String) throws -> RecordingReader {
        do {
            return try RecordingReader(contentsOf: URL(fileURLWithPath: path), name: path)
        } catch {
            throw PluginError.io("\(path): cannot be read (\((error as NSError).localizedDescription)).")
        }
    }

    func start() throws {
        reader = try Self.open(path)
        pending = nil
        started = true
        runID += 1
        // A fast run has no real time: its clock is the recording's own, from zero.
        startNanoseconds = paced ? host.monotonicNanoseconds() : 0
        lastTimestamp = nil
        firstTime = nil
    }

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        guard started, let reader else { throw PluginError.notStarted }
        if pending == nil {
            do {
                pending = try reader.next()
            } catch {
                throw PluginError.io("\(error)")
            }
        }
        guard let frame = pending else { throw PluginError.endOfStream }
        let zero = firstTime ?? frame.time
        firstTime = zero
        let offset = Self.nanoseconds(frame.time - zero)
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
        pending = nil
        // Strictly increasing within a run, even for recordings that start at time 0.
        let timestamp = lastTimestamp.map { max(startNanoseconds + offset, $0 + 1) } ?? startNanoseconds + offset
        lastTimestamp = timestamp
        switch frame.content {
        case .records(let records):
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .records(records))
        case .depth(let map):
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .depth(map))
        }
    }

    /// A recorded time in whole nanoseconds, rounded to the nearest: truncating made
    /// 4.1 s (4099999999.9999995 ns as a Double) one nanosecond early, so a frame written
    /// exactly one narration interval after another landed a hair before its tick.
    /// Clamped so an absurd recorded time (the parser accepts any finite one) cannot
    /// trap; a difference of two finite times may overflow to +∞, which clamps too.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(0, min((seconds * 1e9).rounded(), 9e18)))
    }

    func stop() {
        started = false
        reader = nil
        pending = nil
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
    PluginExport.sensingSource(ReplaySource.self, id: "org.sensebridge.replay-source", version: "1.0.0", abiMinor: 7)
}
