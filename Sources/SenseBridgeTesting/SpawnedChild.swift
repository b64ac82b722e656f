import Foundation
import SenseBridgeProcess

/// A child process of a test, started with `posix_spawn` (SenseBridgeProcess), never with
/// Foundation's `Process`.
///
/// Why: `Process.run()` in swift-corelibs-foundation up to Swift 6.3.1 copies a whole
/// 256-byte `d_name` out of each `/proc/self/fd` entry and crashes the test runner with
/// SIGSEGV when an entry sits at the end of a mapped page (fixed upstream in
/// swift-corelibs-foundation#5472). The more descriptors a test process holds — servers,
/// pipes, runners — the likelier it is; one CI run of this suite died of it.
/// Unchecked Sendable: `lock` guards `status`; the descriptors are owned here and closed once.
public final class SpawnedChild: @unchecked Sendable {
    public let pid: pid_t
    /// Read ends of the child's stdout and stderr (-1 when redirected elsewhere), and the
    /// write end of its stdin (-1 when it reads /dev/null).
    public private(set) var standardOutput: Int32
    public private(set) var standardError: Int32
    public private(set) var standardInput: Int32
    private let lock = NSLock()
    private var status: ProcessSpawn.Termination?

    public struct NotFound: Error, CustomStringConvertible {
        public var executable: String
        public var description: String { "\(executable): not found on PATH" }
    }

    /// `executable` is a path, or a name looked up on PATH. `environment` nil inherits
    /// this process's. `standardErrorFile` sends stderr to a file instead of a pipe.
    /// `terminalInput` makes stdin a pseudo-terminal (`isatty` is true in the child, as
    /// for a person at a keyboard); `send` then types into it, and it is not closed.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, withInput: Bool = false,
                terminalInput: Bool = false, standardErrorFile: URL? = nil) throws {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let path = try Self.resolve(executable, path: environment["PATH"] ?? "/usr/bin:/bin")
        let spawned = try ProcessSpawn.serialized { () throws -> (pid_t, Int32, Int32, Int32) in
            let out = try SpawnPipe(), err = try SpawnPipe(), input = try SpawnPipe()
            var errorTarget = err.write
            if let standardErrorFile {
                errorTarget = open(standardErrorFile.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
                guard errorTarget >= 0 else { throw ProcessSpawn.Failed(executable: standardErrorFile.path, errno: errno) }
            }
            var descriptors = [(out.write, Int32(1)), (errorTarget, Int32(2))]
            let terminal = terminalInput ? try Self.openTerminal() : nil
            if let terminal {
                descriptors.append((terminal.follower, 0))
            } else if withInput {
                descriptors.append((input.read, 0))
            }
            defer {
                [out.write, err.write, input.read].forEach { close($0) }
                if errorTarget != err.write { close(errorTarget) }
                if let terminal { close(terminal.follower) }
            }
            do {
                let pid = try ProcessSpawn.spawn(path, arguments, environment: environment, descriptors: descriptors)
                if standardErrorFile != nil { close(err.read) }
                if !withInput || terminal != nil { close(input.write) }
                let typed = terminal?.controller ?? (withInput ? input.write : -1)
                return (pid, out.read, standardErrorFile == nil ? err.read : -1, typed)
            } catch {
                [out.read, err.read, input.write].forEach { close($0) }
                if let terminal { close(terminal.controller) }
                throw error
            }
        }
        (pid, standardOutput, standardError, standardInput) = spawned
    }

    deinit {
        kill()
        [standardOutput, standardError, standardInput].forEach { if $0 >= 0 { close($0) } }
    }

    /// A pseudo-terminal pair, both ends close-on-exec: the child gets the follower as
    /// stdin, the test keeps the controller to type into. Linux's own calls, since Glibc's
    /// module leaves posix_openpt, grantpt and unlockpt out: /dev/ptmx, then TIOCSPTLCK to
    /// unlock and TIOCGPTN for the follower's number.
    static func openTerminal() throws -> (controller: Int32, follower: Int32) {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard controller >= 0 else { throw ProcessSpawn.Failed(executable: "/dev/ptmx", errno: errno) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(controller, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(controller, UInt(0x8004_5430) /* TIOCGPTN */, &number) == 0 else {
            let failure = errno
            close(controller)
            throw ProcessSpawn.Failed(executable: "a pseudo-terminal", errno: failure)
        }
        let name = "/dev/pts/\(number)"
        let follower = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard follower >= 0 else {
            let failure = errno
            close(controller)
            throw ProcessSpawn.Failed(executable: name, errno: failure)
        }
        return (controller, follower)
    }

    static func resolve(_ executable: String, path: String) throws -> String {
        if executable.contains("/") { return executable }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(executable)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw NotFound(executable: executable)
    }

    /// Types `keys` at the child's terminal (`terminalInput`), leaving it open for more.
    public func type(_ keys: String) {
        guard standardInput >= 0 else { return }
        let bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            // From the buffer itself: `&bytes[offset]` may hand write(2) a copy of one element.
            let written = bytes.withUnsafeBytes { write(standardInput, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Writes `data` to the child's stdin and closes it.
    public func send(_ data: Data) {
        guard standardInput >= 0 else { return }
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(standardInput, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
        closeInput()
    }

    public func closeInput() {
        if standardInput >= 0 { close(standardInput) }
        standardInput = -1
    }

    /// Everything on `descriptor` until EOF (blocking).
    public static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while descriptor >= 0 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    /// Reads stdout up to the first line starting with `prefix` (that line, without it),
    /// within `timeout`; nil at EOF or timeout. What follows the line is not kept.
    public func firstLine(startingWith prefix: String, timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: standardOutput, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = buffer.withUnsafeMutableBytes { read(standardOutput, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            text += String(decoding: buffer[..<count], as: UTF8.self)
            if let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first(where: { $0.hasPrefix(prefix) }) {
                return String(line.dropFirst(prefix.count))
            }
        }
        return nil
    }

    /// How it ended, waiting at most `timeout`; nil while it still runs.
    public func termination(within timeout: TimeInterval) -> ProcessSpawn.Termination? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let ended = reap() { return ended }
            if Date() >= deadline { return nil }
            usleep(5_000)
        }
    }

    /// Waits for the end, however long it takes.
    @discardableResult
    public func wait() -> ProcessSpawn.Termination {
        while true {
            if let ended = lock.withLock({ status }) { return ended }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, 0)
            if result == pid { return record(raw) }
            if result < 0 && errno == EINTR { continue }
            return gone()
        }
    }

    public var isRunning: Bool { reap() == nil }

    /// SIGKILL to its process group (a helper it forked dies with it), then reaped.
    public func kill() {
        guard isRunning else { return }
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        wait()
    }

    private func reap() -> ProcessSpawn.Termination? {
        if let ended = lock.withLock({ status }) { return ended }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == pid { return record(raw) }
        return result < 0 && errno == ECHILD ? gone() : nil
    }

    /// The child is no longer ours to wait for (reaped on another thread, whose status
    /// wins if it recorded one). Recorded, so `kill()` never signals its pid again: with
    /// pid_max at 32768 a busy run reuses pids within minutes, and `kill(-pid)` on a
    /// reused one would kill some other process group, perhaps the test run's own.
    private func gone() -> ProcessSpawn.Termination {
        lock.withLock {
            if status == nil { status = .exited(-1) }
            return status!
        }
    }

    private func record(_ raw: Int32) -> ProcessSpawn.Termination {
        let ended = ProcessSpawn.Termination(waitStatus: raw)
        lock.withLock { status = ended }
        return ended
    }
}
