import Foundation

/// Starts a child process with exactly the descriptors it is given, for the runner
/// (`sensebridge-plugin-runner`) and the harness's per-check children alike.
///
/// Built on `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose
/// SIGCHLD handling can hang under some test runners, and so the child can be put in
/// a new process group: killing the group also kills any helper a plugin forked,
/// which would otherwise hold the child's pipes open.
public enum ProcessSpawn {
    /// Held from creating a child's pipes until it has been spawned: a pipe is not
    /// close-on-exec for an instant after `pipe()`, and a spawn on another thread in
    /// that instant would hand it to an unrelated child, which would then hold it open.
    /// `body` runs on `SpawnThread`, so a child that dies with its parent dies with this
    /// process, not with the thread that happened to ask for it.
    public static func serialized<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        return try SpawnThread.shared.run(body)
    }

    private static let spawnLock = NSLock()

    public struct Failed: Error, CustomStringConvertible {
        public var executable: String
        public var errno: Int32
        public var description: String { "could not start \(executable): \(String(cString: strerror(errno)))" }

        public init(executable: String, errno: Int32) {
            self.executable = executable
            self.errno = errno
        }
    }

    /// How a child ended, from its wait status.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// Decodes a wait status without the C macros Swift does not import.
        public init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        public var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signalled(let signal):
                let meaning = SignalName.meaning(signal).map { ", \($0)" } ?? ""
                return "was killed by \(SignalName.name(signal))\(meaning)"
            }
        }
    }

    /// Spawns `executable`; `descriptors` maps a parent descriptor to the number the
    /// child finds it on. stdin is /dev/null. The child starts with no signals blocked
    /// and the common ones at their defaults (a runtime's inherited SIG_IGN for SIGPIPE
    /// would otherwise keep a crashing child from dying as any program would).
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                             descriptors: [(parent: Int32, child: Int32)], newProcessGroup: Bool = true) throws(Failed) -> pid_t {
        markInheritedDescriptorsCloseOnExec()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (parent, child) in descriptors { posix_spawn_file_actions_adddup2(&actions, parent, child) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup { flags |= POSIX_SPAWN_SETPGROUP }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        guard result == 0 else { throw Failed(executable: executable, errno: result) }
        return pid
    }

    /// Nothing else of this process's (a test runner's sockets, another child's pipe)
    /// leaks into a child: a helper a plugin forks would otherwise hold it open.
    /// (glibc's `posix_spawn_file_actions_addclosefrom_np` would do this per spawn,
    /// but it is a GNU extension Swift does not import.)
    public static func markInheritedDescriptorsCloseOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let fd = Int32(name), fd > 2 else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}

/// A close-on-exec pipe whose write end sits above the descriptors a child remaps, so
/// no `dup2` in the child is a no-op that would keep close-on-exec set.
public struct SpawnPipe: Sendable {
    public let read: Int32
    public let write: Int32

    public init() throws(ProcessSpawn.Failed) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ProcessSpawn.Failed(executable: "pipe", errno: errno) }
        // pipe2(O_CLOEXEC) is not imported; both ends are moved above 10 with
        // F_DUPFD_CLOEXEC. Create pipes inside `ProcessSpawn.serialized`.
        let readEnd = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
        let writeEnd = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0]); close(fds[1])
        guard readEnd >= 0, writeEnd >= 0 else {
            if readEnd >= 0 { close(readEnd) }
            if writeEnd >= 0 { close(writeEnd) }
            throw ProcessSpawn.Failed(executable: "pipe", errno: errno)
        }
        read = readEnd
        write = writeEnd
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
