import Foundation
import SenseBridgeCore
import SenseBridgeProcess

/// The host's side of one `sensebridge-plugin-runner` process: spawns it, makes one
/// request at a time with a deadline, and turns every way it can end — a signal, an
/// exit, garbage on its pipe, silence past the deadline — into a `PluginStopped` that
/// names the plugin and how it died. Nothing the runner does can block the host past
/// the deadline it was given plus `grace`.
///
/// One reader thread polls the runner's three outputs: the reply pipe (messages), its
/// stdout (counted and dropped: stdout belongs to the host, and a plugin's prints could
/// hold what the camera saw), and its stderr (relayed to the host's stderr, each line
/// tagged with the plugin id, and the tail kept for the report of a crash).
/// Unchecked Sendable: `state` (under `condition`) holds everything mutable; `callLock` serialises requests.
public final class RunnerConnection: @unchecked Sendable {
    public struct Launch: Sendable {
        public var runner: URL
        public var manifest: PluginManifest
        public var memoryLimitMiB: Int
        public var denyNetwork: Bool
        /// Told once when the runner crashed or garbled its pipe (not when it was shut
        /// down, nor for a missed deadline): the host remembers such a plugin as broken.
        public var onBreakage: (@Sendable (PluginStopped) -> Void)?
        public init(runner: URL, manifest: PluginManifest, memoryLimitMiB: Int, denyNetwork: Bool,
                    onBreakage: (@Sendable (PluginStopped) -> Void)? = nil) {
            self.runner = runner
            self.manifest = manifest
            self.memoryLimitMiB = memoryLimitMiB
            self.denyNetwork = denyNetwork
            self.onBreakage = onBreakage
        }
    }

    /// How long a cancel or interrupt is given to work once a deadline has passed,
    /// before the process is killed.
    public static let grace: Double = 1.0
    /// Linux's F_SETPIPE_SZ, which Glibc's module does not export.
    private static let setPipeSize: Int32 = 1031
    /// Calls with no deadline of their own (hello, create, start, stop, destroy).
    static let housekeepingSeconds: Double = 15

    public let pluginID: String
    public let pid: pid_t
    /// What the runner reported about its network (`namespace`, `seccomp`, `allowed`, or why neither).
    public private(set) var network = ""
    private let launch: Launch
    private let log: HostLog
    private let pipe: FramedPipe
    private let stdoutRead: Int32
    private let stderrRead: Int32
    private let callLock = NSLock()
    private let condition = NSCondition()
    private var nextID: UInt32 = 1
    private var awaitedID: UInt32 = 0
    private var reply: RunnerReply?
    private var death: PluginStopped?
    private var readerFinished = false
    private var shuttingDown = false
    private var stderrTail = OutputTail(capacity: 4096)
    private var stderrLines = LineSplitter()
    private var stdoutBytes = 0

    /// Spawns the runner and waits for it to say which protocol it speaks.
    public init(_ launch: Launch, log: HostLog) throws {
        self.launch = launch
        self.log = log
        pluginID = launch.manifest.id
        IgnoreBrokenPipes.once()
        var arguments = ["--serve", "--memory-limit-mib", String(launch.memoryLimitMiB), "--parent-pid", String(getpid())]
        if launch.denyNetwork { arguments.append("--deny-network") }
        var environment = ProcessInfo.processInfo.environment
        environment["SENSEBRIDGE_RUNNER_PLUGIN"] = launch.manifest.id
        // The Swift runtime's crash report (registers and the memory they point at, which
        // can hold what the plugin was reading) would otherwise be the "last words" a
        // crash is reported with, burying what the plugin itself said. Opt in by setting it.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let spawned: (pid: pid_t, request: Int32, reply: Int32, out: Int32, err: Int32)
        do {
            spawned = try ProcessSpawn.serialized { () throws -> (pid_t, Int32, Int32, Int32, Int32) in
                let request = try SpawnPipe(), reply = try SpawnPipe(), out = try SpawnPipe(), err = try SpawnPipe()
                let childEnds = [request.read, reply.write, out.write, err.write]
                defer { childEnds.forEach { close($0) } }
                do {
                    let pid = try ProcessSpawn.spawn(launch.runner.path, arguments, environment: environment, descriptors: [
                        (out.write, 1), (err.write, 2),
                        (request.read, RunnerProtocol.requestDescriptor), (reply.write, RunnerProtocol.replyDescriptor)])
                    return (pid, request.write, reply.read, out.read, err.read)
                } catch let failed {
                    [request.write, reply.read, out.read, err.read].forEach { close($0) }
                    throw failed
                }
            }
        } catch let failed {
            throw PluginStopped(pluginID: launch.manifest.id, isolated: true, cause: .couldNotStart(String(describing: failed)))
        }
        pid = spawned.pid
        pipe = FramedPipe(read: spawned.reply, write: spawned.request)
        // A 64 KiB pipe would cut a 256x192 depth frame (192 KiB) into three hand-offs
        // between the processes; 1 MiB (the unprivileged maximum) carries it in one.
        [spawned.reply, spawned.request].forEach { _ = fcntl($0, Self.setPipeSize, 1 << 20) }
        stdoutRead = spawned.out
        stderrRead = spawned.err
        let thread = Thread { [self] in readLoop() }
        thread.name = "sensebridge.runner.\(pluginID)"
        thread.start()
        let ready: RunnerReply
        do {
            ready = try call(.hello(version: RunnerProtocol.version, logThreshold: UInt8(log.threshold.rawValue)),
                             seconds: Self.housekeepingSeconds)
        } catch {
            // Nobody will shut this one down: kill it and let go of its pipe now.
            stop(because: .couldNotStart("it did not answer hello (\(error))"))
            pipe.closeWriteEnd()
            throw error
        }
        guard case let .ready(version, _, network) = ready, version == RunnerProtocol.version else {
            let stopped = stop(because: .couldNotStart("it does not speak runner protocol \(RunnerProtocol.version)"))
            pipe.closeWriteEnd()
            throw stopped
        }
        self.network = network
        if network.hasPrefix("not-denied") { NetworkDenialNotice.sayOnce(network, log: log) }
    }

    deinit { shutdown() }

    /// Makes one request and waits for its reply until `deadline` (monotonic ns) plus
    /// `grace`. Past that, `nudge` (cancel or interrupt) is sent and `grace` more is
    /// given; then the runner is killed and the call throws `missedDeadline`. A `failed` reply throws
    /// the plugin's own `PluginCallError`, as the in-process call would.
    func call(_ request: RunnerRequest, deadline: UInt64, nudge: RunnerRequest? = nil) throws -> RunnerReply {
        callLock.lock()
        defer { callLock.unlock() }
        condition.lock()
        if let death {
            condition.unlock()
            throw death
        }
        let id = nextID
        nextID &+= 1
        awaitedID = id
        reply = nil
        condition.unlock()
        do {
            try pipe.send(request.encode(id: id))
        } catch {
            // The runner is gone; the reader thread is finding out how.
            return try awaitDeath()
        }
        var nudged = false
        // As in process: the plugin's own timeout first, then the nudge, then the kill.
        var limit = CallBounds.adding(UInt64(Self.grace * 1e9), to: deadline)
        condition.lock()
        while reply == nil && death == nil {
            if condition.wait(until: Date(monotonicNanoseconds: limit)) { continue }
            guard MonotonicClock.nanoseconds() >= limit else { continue }
            if let nudge, !nudged {
                nudged = true
                limit = MonotonicClock.nanoseconds() + UInt64(Self.grace * 1e9)
                condition.unlock()
                try? pipe.send(nudge.encode(id: 0))
                condition.lock()
                continue
            }
            condition.unlock()
            let over = Double(MonotonicClock.nanoseconds() &- deadline) / 1e9
            throw stop(because: .missedDeadline(seconds: max(0, over)))
        }
        defer { condition.unlock() }
        if let death { throw death }
        let answer = reply!
        reply = nil
        awaitedID = 0
        if case let .failed(status, message) = answer {
            throw PluginCallError(pluginID: pluginID, status: status, message: message)
        }
        if case .problem(let why) = answer {
            throw PluginStopped(pluginID: pluginID, isolated: true, cause: .couldNotStart(why))
        }
        return answer
    }

    func call(_ request: RunnerRequest, seconds: Double) throws -> RunnerReply {
        try call(request, deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }

    /// cancel or interrupt: [any-thread], no reply.
    func notify(_ request: RunnerRequest) {
        try? pipe.send(request.encode(id: 0))
    }

    /// Whether the runner is still serving.
    public var isAlive: Bool {
        condition.lock()
        defer { condition.unlock() }
        return death == nil
    }

    /// Asks the plugin to destroy its instance and the runner to exit; kills the whole
    /// process group if it does not within the housekeeping time. Leaves no process behind.
    public func shutdown() {
        condition.withLock { shuttingDown = true }
        if isAlive { _ = try? call(.destroy, seconds: 2) }
        pipe.closeWriteEnd()  // EOF: a runner that ignored destroy exits on it.
        condition.lock()
        let limit = Date(timeIntervalSinceNow: 2)
        while !readerFinished && condition.wait(until: limit) {}
        let finished = readerFinished
        condition.unlock()
        if !finished {
            _ = stop(because: .retired)
            // SIGKILL ends it unless the kernel holds it in uninterruptible sleep; the
            // host does not wait on that forever (the reader reaps it when it can).
            condition.lock()
            let killLimit = Date(timeIntervalSinceNow: 5)
            while !readerFinished && condition.wait(until: killLimit) {}
            condition.unlock()
        }
    }

    /// Records why the runner ended (the first reason wins) and kills its group; the
    /// reader thread reaps it.
    @discardableResult
    private func stop(because cause: PluginStopped.Cause) -> PluginStopped {
        condition.lock()
        let first = death == nil
        if first {
            death = PluginStopped(pluginID: pluginID, isolated: true, cause: cause, stderrTail: stderrTail.lastLines(6, maxBytes: 2048),
                                  memoryLimitMiB: launch.memoryLimitMiB)
        }
        let stopped = death!
        let broke = first && !shuttingDown && stopped.isBreakage
        condition.broadcast()
        condition.unlock()
        if broke { launch.onBreakage?(stopped) }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        return stopped
    }

    private func awaitDeath() throws -> RunnerReply {
        condition.lock()
        let limit = Date(timeIntervalSinceNow: 3)
        while death == nil && condition.wait(until: limit) {}
        condition.unlock()
        throw stop(because: .protocolGarbage("its pipe closed while a request was being sent"))
    }

    private func readLoop() {
        var frames = FrameAccumulator()
        var open = [pipe.readDescriptor, stdoutRead, stderrRead]
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        open.forEach { _ = fcntl($0, F_SETFL, fcntl($0, F_GETFL) | O_NONBLOCK) }
        var replyClosed = false
        while !replyClosed {
            var fds = open.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard !fds.isEmpty else { break }
            _ = fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), 1000) }
            for index in open.indices where open[index] >= 0 {
                let fd = open[index]
                if fd == pipe.readDescriptor {
                    var bodies: [[UInt8]] = []
                    do {
                        let stillOpen = try frames.read(from: fd, into: &bodies)
                        for body in bodies { try deliver(body) }
                        if !stillOpen {
                            open[index] = -1
                            replyClosed = true
                        }
                    } catch {
                        stop(because: .protocolGarbage(String(describing: error)))
                        replyClosed = true
                    }
                    continue
                }
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        let chunk = buffer[0..<count]
                        if fd == stdoutRead {
                            droppedStdout(count)
                        } else {
                            relayStderr(chunk)
                        }
                        continue
                    }
                    if count < 0 && errno == EINTR { continue }
                    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
                    open[index] = -1  // EOF
                    break
                }
            }
        }
        let termination = reap()
        // What it said on stderr on its way out is part of the report.
        drainRemaining(stderrRead, into: &buffer)
        stop(because: .died(termination))
        close(pipe.readDescriptor)
        close(stdoutRead)
        close(stderrRead)
        condition.lock()
        readerFinished = true
        condition.broadcast()
        condition.unlock()
    }

    private func deliver(_ body: [UInt8]) throws {
        let (id, message) = try RunnerReply.decode(body)
        if case .log(let event) = message {
            log.event(event.level, event.name, [.public("plugin", pluginID)] + event.fields.filter { $0.name != "plugin" })
            return
        }
        condition.lock()
        defer { condition.unlock() }
        // A reply nobody awaits answers a call the host gave up on: discarded.
        guard id != 0, id == awaitedID, reply == nil else { return }
        reply = message
        condition.broadcast()
    }

    /// After the reply pipe closed: the runner is exiting, or closed the pipe itself
    /// (then it is killed, since it can no longer be asked anything).
    private func reap() -> ProcessSpawn.Termination {
        var status: Int32 = 0
        let limit = MonotonicClock.nanoseconds() + 2_000_000_000
        while MonotonicClock.nanoseconds() < limit {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return ProcessSpawn.Termination(waitStatus: status) }
            if reaped < 0 && errno != EINTR { return .exited(-1) }
            usleep(2000)
        }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ProcessSpawn.Termination(waitStatus: status)
    }

    private func drainRemaining(_ fd: Int32, into buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            relayStderr(buffer[0..<count])
        }
    }

    private func droppedStdout(_ count: Int) {
        condition.lock()
        let first = stdoutBytes == 0
        stdoutBytes += count
        condition.unlock()
        if first {
            log.event(.warning, "plugin.stdout-dropped", [.public("plugin", pluginID), .public("isolated", "true")])
        }
    }

    private func relayStderr(_ chunk: ArraySlice<UInt8>) {
        condition.lock()
        stderrTail.append(chunk)
        let lines = stderrLines.append(chunk)
        condition.unlock()
        for line in lines { FileHandle.standardError.write(Data("[\(pluginID)] \(line)\n".utf8)) }
    }
}

/// Splits a stream into lines as they complete, for relaying each one tagged.
struct LineSplitter {
    private var partial: [UInt8] = []

    /// The lines `chunk` completed; a line longer than 4 KiB is cut there.
    mutating func append(_ chunk: ArraySlice<UInt8>) -> [String] {
        var completed: [String] = []
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                completed.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            } else if partial.count < 4096 {
                partial.append(byte)
            }
        }
        return completed
    }
}

/// An isolated plugin that declared no network use still has it on this machine (no
/// network namespace, no seccomp): said once per process, since every runner after
/// the first would say the same.
enum NetworkDenialNotice {
    private static let said = Locked(false)
    static func sayOnce(_ report: String, log: HostLog) {
        let first = said.withLock { said in
            defer { said = true }
            return !said
        }
        guard first else { return }
        log.event(.warning, "isolation.network-not-denied", [.public("reason", String(report.dropFirst("not-denied: ".count)))])
    }
}

/// A write to a pipe whose reader died must fail with EPIPE, not kill the host.
enum IgnoreBrokenPipes {
    private static let done = Locked(false)
    static func once() {
        done.withLock { done in
            guard !done else { return }
            done = true
            signal(SIGPIPE, SIG_IGN)
        }
    }
}

extension Date {
    /// The wall-clock moment a monotonic deadline falls at, for condition waits; at most
    /// an hour away, since a caller's "no deadline" (UInt64.max) would overflow the
    /// timespec a condition waits with. Callers re-check the clock and wait again.
    init(monotonicNanoseconds deadline: UInt64) {
        let now = MonotonicClock.nanoseconds()
        let delta = deadline >= now ? Double(deadline - now) / 1e9 : -Double(now - deadline) / 1e9
        self.init(timeIntervalSinceNow: min(delta, 3600))
    }
}
