import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// A headless PulseAudio whose microphone hears what the bench writes into its FIFO
/// (scripts/test-daemons/pulseaudio.sh: `start DIR` prints the PULSE_SERVER address; its
/// pipe source reads DIR/mic.fifo, s16le 16 kHz mono), and the paced writer that feeds it.
struct LiveMicrophone {
    static let script = RepositoryPaths.root.appendingPathComponent("scripts/test-daemons/pulseaudio.sh").path

    let directory: URL
    let server: String
    var fifo: String { directory.appendingPathComponent("mic.fifo").path }

    /// Starts the daemon, or says why it cannot run here.
    static func start(in directory: URL) -> Measured<LiveMicrophone> {
        guard FileManager.default.isExecutableFile(atPath: script) else {
            return .notMeasured("\(script) is not in this tree")
        }
        let started: ProcessRunner.Result
        do {
            started = try ProcessRunner.run(script, ["start", directory.path], timeout: 30)
        } catch {
            return .notMeasured("\(script) could not be run (\(error))")
        }
        guard started.status == 0 else {
            let reason = started.standardError.split(separator: "\n").first.map(String.init) ?? "exit \(started.status)"
            return .notMeasured("the headless PulseAudio did not start (\(reason))")
        }
        let line = started.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let server = line.hasPrefix("PULSE_SERVER=") ? String(line.dropFirst("PULSE_SERVER=".count)) : line
        guard !server.isEmpty else { return .notMeasured("pulseaudio.sh start printed no PULSE_SERVER address") }
        return .value(LiveMicrophone(directory: directory, server: server))
    }

    func stop() {
        _ = try? ProcessRunner.run(Self.script, ["stop", directory.path], timeout: 30)
    }

    struct Stalled: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `pcm` (s16le, 16 kHz mono) into the FIFO as a microphone would hear it: a
    /// 10 ms block at each 10 ms tick of the monotonic clock, so a sample enters the FIFO
    /// at most 10 ms before its time. Returns the wall-clock time (seconds since 1970) of
    /// the first sample: sample n was heard at that time + n / 16000. Never blocks for
    /// long: a FIFO nobody reads is an error, not a hang.
    func feed(_ pcm: [UInt8]) throws -> Double {
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Stalled(description: "\(fifo): cannot be opened for writing (\(String(cString: strerror(errno)))): is PulseAudio's pipe source reading it?")
        }
        defer { close(descriptor) }
        let block = 320  // 10 ms of s16 at 16 kHz
        let started = MonotonicClock.nanoseconds()
        let wall = Date().timeIntervalSince1970
        var offset = 0, index: UInt64 = 0
        while offset < pcm.count {
            let due = started + index * 10_000_000
            let now = MonotonicClock.nanoseconds()
            if due > now { usleep(UInt32((due - now) / 1000)) }
            let end = min(pcm.count, offset + block)
            while offset < end {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                guard poll(&poller, 1, 2000) > 0 else { throw Stalled(description: "\(fifo): PulseAudio stopped reading the microphone") }
                let written = pcm.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, end - offset) }
                if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard written > 0 else { throw Stalled(description: "\(fifo): \(String(cString: strerror(errno)))") }
                offset += written
            }
            index += 1
        }
        return wall
    }

    /// The samples of a 16 kHz mono 16-bit WAV as make-sound-clips.py writes it: the
    /// 44-byte header SenseBridge's own writer makes, then the data.
    static func pcm(_ url: URL) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count >= WAVHeader.size,
              Array(bytes[..<WAVHeader.size]) == WAVHeader(sampleRate: 16000, channels: 1, dataBytes: bytes.count - WAVHeader.size).bytes else {
            throw MeasuredRun.Failed(description: "\(url.path): not a plain 16 kHz mono 16-bit WAV")
        }
        return Array(bytes[WAVHeader.size...])
    }
}

/// User + system CPU seconds of `root` and of every live descendant (its plugin runners),
/// from /proc/<pid>/stat; `root`'s count also holds the children it has reaped.
func childTreeCPUSeconds(root: pid_t) -> Double {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    func seconds(_ pid: Int32, reaped: Bool) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // after "pid (comm)": state ppid … utime(11) stime(12) cutime(13) cstime(14)
        let numbers = stat[stat.index(after: close)...].split(separator: " ")
        guard numbers.count > 14 else { return 0 }
        let own = (Double(numbers[11]) ?? 0) + (Double(numbers[12]) ?? 0)
        let children = reaped ? (Double(numbers[13]) ?? 0) + (Double(numbers[14]) ?? 0) : 0
        return (own + children) / ticks
    }
    return seconds(root, reaped: true) + MeasuredRun.descendants(of: root).map { seconds($0, reaped: false) }.reduce(0, +)
}
