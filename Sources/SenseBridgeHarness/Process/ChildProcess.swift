import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeProcess

/// Runs one child process in its own process group with a deadline, collecting a
/// bounded tail of its stdout and stderr and everything it writes on a private
/// result descriptor.
///
/// Built on `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose
/// SIGCHLD handling can hang under some test runners, and so the child can be put
/// in a new process group: on a timeout the whole group is killed, so a plugin that
/// forked a helper cannot keep the harness waiting on a pipe the helper holds open.
public enum ChildProcess {
    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Killed by the harness when the deadline passed.
        case timedOut
    }

    public struct Outcome: Sendable {
        public var termination: Termination
        /// stdout and stderr interleaved in the order they were read.
        public var output: OutputTail
        /// Bytes the child wrote to stdout alone (a plugin must write none there).
        public var standardOutputBytes: Int
        /// What the child wrote on the result descriptor (bounded).
        public var channel: [UInt8]
        public var duration: TimeInterval
    }

    /// The descriptor number the child finds its result channel on.
    public static let resultDescriptor: Int32 = 3
    /// A chatty or hostile child cannot make the harness keep more than this of the channel.
    static let channelLimit = 256 * 1024

    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           timeout: TimeInterval, outputCapacity: Int = 64 * 1024) throws -> Outcome {
        let started = MonotonicClock.nanoseconds()
        let (pid, spawnedEnds) = try ProcessSpawn.serialized { () throws -> (pid_t, [Int32]) in
            let out = try SpawnPipe(), err = try SpawnPipe(), channel = try SpawnPipe()
            // The parent keeps only the read ends, so EOF arrives when the child's side closes.
            defer { [out.write, err.write, channel.write].forEach { close($0) } }
            do {
                let pid = try ProcessSpawn.spawn(executable, arguments, environment: environment,
                                                 descriptors: [(out.write, 1), (err.write, 2), (channel.write, resultDescriptor)])
                return (pid, [out.read, err.read, channel.read])
            } catch {
                [out.read, err.read, channel.read].forEach { close($0) }
                throw error
            }
        }
        var readEnds = spawnedEnds
        defer { readEnds.forEach { if $0 >= 0 { close($0) } } }
        readEnds.forEach { _ = fcntl($0, F_SETFL, fcntl($0, F_GETFL) | O_NONBLOCK) }

        var tail = OutputTail(capacity: outputCapacity)
        var stdoutBytes = 0
        var channelBytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = started + UInt64(max(0, timeout) * 1e9)
        var termination: Termination?

        func drain(_ index: Int) {
            let fd = readEnds[index]
            guard fd >= 0 else { return }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    let chunk = buffer[0..<count]
                    switch index {
                    case 0: stdoutBytes += count; tail.append(chunk)
                    case 1: tail.append(chunk)
                    default: if channelBytes.count < channelLimit { channelBytes.append(contentsOf: chunk.prefix(channelLimit - channelBytes.count)) }
                    }
                    continue
                }
                if count < 0 && (errno == EINTR) { continue }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
                close(fd)  // EOF or a real error: this stream is finished.
                readEnds[index] = -1
                return
            }
        }

        func poll(untilNanoseconds limit: UInt64) {
            let now = MonotonicClock.nanoseconds()
            // A bounded wait: data wakes us at once, a child's exit within 20 ms.
            let wait = Int32(clamping: min(20, limit > now ? (limit - now) / 1_000_000 + 1 : 0))
            var fds = readEnds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), wait) }
            for index in readEnds.indices where readEnds[index] >= 0 { drain(index) }
        }

        while termination == nil {
            poll(untilNanoseconds: deadline)
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                switch ProcessSpawn.Termination(waitStatus: status) {
                case .exited(let code): termination = .exited(code)
                case .signalled(let signal): termination = .signalled(signal)
                }
            } else if MonotonicClock.nanoseconds() >= deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                termination = .timedOut
            }
        }
        // Whatever the child left behind in its group goes too; then the pipes reach EOF.
        kill(-pid, SIGKILL)
        let drainLimit = MonotonicClock.nanoseconds() + 2_000_000_000
        while readEnds.contains(where: { $0 >= 0 }) && MonotonicClock.nanoseconds() < drainLimit {
            poll(untilNanoseconds: drainLimit)
        }
        let duration = Double(MonotonicClock.nanoseconds() - started) / 1e9
        return Outcome(termination: termination!, output: tail, standardOutputBytes: stdoutBytes,
                       channel: channelBytes, duration: duration)
    }
}
