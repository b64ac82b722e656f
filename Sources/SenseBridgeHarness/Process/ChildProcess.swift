import Foundation
import SenseBridgeCore
import SenseBridgeHost

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

    public struct SpawnFailed: Error, CustomStringConvertible {
        public var executable: String
        public var errno: Int32
        public var description: String { "could not start \(executable): \(String(cString: strerror(errno)))" }
    }

    /// The descriptor number the child finds its result channel on.
    public static let resultDescriptor: Int32 = 3
    /// A chatty or hostile child cannot make the harness keep more than this of the channel.
    static let channelLimit = 256 * 1024

    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           timeout: TimeInterval, outputCapacity: Int = 64 * 1024) throws -> Outcome {
        let started = MonotonicClock.nanoseconds()
        markInheritedDescriptorsCloseOnExec()
        let out = try Pipe2(), err = try Pipe2(), channel = try Pipe2()
        var readEnds = [out.read, err.read, channel.read]
        defer { readEnds.forEach { if $0 >= 0 { close($0) } } }

        let pid: pid_t
        do {
            pid = try spawn(executable, arguments, environment, stdout: out.write, stderr: err.write, channel: channel.write)
        } catch {
            [out.write, err.write, channel.write].forEach { close($0) }
            throw error
        }
        // The parent keeps only the read ends, so EOF arrives when the child's side closes.
        [out.write, err.write, channel.write].forEach { close($0) }
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
                termination = decode(status)
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

    /// Nothing else of this process's (a test runner's sockets, another child's pipe)
    /// leaks into a child: a helper a plugin forks would otherwise hold it open.
    /// (glibc's `posix_spawn_file_actions_addclosefrom_np` would do this per spawn,
    /// but it is a GNU extension Swift does not import.)
    static func markInheritedDescriptorsCloseOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let fd = Int32(name), fd > 2 else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Decodes a wait status without the C macros Swift does not import.
    static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(signal)
    }

    private static func spawn(_ executable: String, _ arguments: [String], _ environment: [String: String],
                              stdout: Int32, stderr: Int32, channel: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        posix_spawn_file_actions_adddup2(&actions, channel, resultDescriptor)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // Undo an inherited SIG_IGN (SIGPIPE is ignored by many runtimes) so the child
        // dies and reports as any program would.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        guard result == 0 else { throw SpawnFailed(executable: executable, errno: result) }
        return pid
    }
}

/// A close-on-exec pipe whose write end sits above the descriptors the child
/// remaps, so no `dup2` in the child is a no-op that would keep close-on-exec set.
private struct Pipe2 {
    let read: Int32
    let write: Int32

    init() throws {
        var fds: [Int32] = [-1, -1]
        // pipe2(O_CLOEXEC) is not imported; the harness spawns from one thread, so the
        // window before FD_CLOEXEC is set cannot leak into another spawn.
        guard pipe(&fds) == 0 else { throw ChildProcess.SpawnFailed(executable: "pipe", errno: errno) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        let high = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        guard high >= 0 else {
            close(fds[0]); close(fds[1])
            throw ChildProcess.SpawnFailed(executable: "pipe", errno: errno)
        }
        close(fds[1])
        read = fds[0]
        write = high
    }
}

/// A NULL-terminated `char *[]` that lives as long as the value.
private final class CStringArray {
    private var storage: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        storage = strings.map { strdup($0) } + [nil]
    }

    var pointers: UnsafePointer<UnsafeMutablePointer<CChar>?> {
        storage.withUnsafeBufferPointer { $0.baseAddress! }
    }

    deinit { storage.forEach { free($0) } }
}
