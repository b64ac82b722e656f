import Foundation
import SenseBridgeCore
import SenseBridgeProcess

/// The host's side of one `sensebridge-plugin-runner` process: spawns it, makes one
/// request at a time with a deadline, and turns every way it can end — a signal, an
/// exit, garbage on its pipe, silence past the deadline — into a `PluginStopped` that
/// names the plugin and how it died. Nothing the runner does can block the host past
/// the deadline it was given plus `grace`.
///
/// The thread that makes a call reads its reply itself, from the reply pipe, which
/// carries nothing else: the runner's write wakes that thread directly, with no reader
/// thread to hand the reply over (one thread wake-up per call fewer, which is most of
/// what a round trip costs on a busy machine). One reader thread polls the runner's
/// other outputs: its log pipe (log events; its end is how the host learns the runner is
/// gone), its stdout (counted and dropped: stdout belongs to the host, and a plugin's
/// prints could hold what the camera saw), and its stderr (relayed to the host's stderr,
/// each line tagged with the plugin id, and the tail kept for the report of a crash).
/// `callLock` serialises requests and guards `replies`, which only a caller reads.
/// Unchecked Sendable: `condition` guards the runner's fate and the ring slots held; `callLock` the rest.
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
    /// Set when `pid` has been waited for: from then on it names no process of ours, and
    /// is never signalled. Under `condition`.
    private var reaped = false
    /// What the runner reported about its network (`namespace`, `seccomp`, `allowed`, or why neither).
    public private(set) var network = ""
    private let launch: Launch
    private let log: HostLog
    private let pipe: FramedPipe
    /// cancel and interrupt, on a pipe of their own so the runner reads them on another
    /// thread than the one serving the call they are for.
    private let nudges: FramedPipe
    private var replies = FrameAccumulator()
    /// The log pipe, read by the reader thread as events come and by a caller once its
    /// reply is in (`relayLogs`), so what a plugin logged during a call is in the host's
    /// log when the call returns, as it is in process. -1 once the runner has gone.
    private var logRead: Int32
    private var logFrames = FrameAccumulator()
    private let logLock = NSLock()
    /// Where frames cross, for a source or a perceiver; nil for the others, or where the
    /// kernel would not make one (frames then cross on the pipe).
    private let ring: FrameRing?
    /// Slots of the ring the host holds: named by the runner's replies since the host's
    /// last request, which releases them. Under `condition`.
    private var held: [RingSlot] = []
    /// The id of the call the runner is serving, if any: what a cancel or interrupt names.
    /// They cross on a pipe of their own, so one sent while nothing ran could otherwise
    /// reach the runner during the *next* call and cut it off; an urgent alert rendered
    /// right after an interrupt is exactly such a next call. Under `condition`.
    private var inFlight: UInt32?
    private let stdoutRead: Int32
    private let stderrRead: Int32
    private let callLock = NSLock()
    private let condition = NSCondition()
    private var nextID: UInt32 = 1
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
        let ring = Self.ring(for: launch.manifest.kind, log: log)
        self.ring = ring
        let spawned: Spawned
        defer { ring?.closeDescriptor() }  // The runner has its own copy; the mapping stays.
        do {
            spawned = try ProcessSpawn.serialized { () throws -> Spawned in
                let request = try SpawnPipe(), reply = try SpawnPipe(), nudge = try SpawnPipe(), logs = try SpawnPipe()
                let out = try SpawnPipe(), err = try SpawnPipe()
                let childEnds = [request.read, reply.write, nudge.read, logs.write, out.write, err.write]
                defer { childEnds.forEach { close($0) } }
                do {
                    var descriptors = [(out.write, 1), (err.write, 2),
                                       (request.read, RunnerProtocol.requestDescriptor), (reply.write, RunnerProtocol.replyDescriptor),
                                       (nudge.read, RunnerProtocol.nudgeDescriptor), (logs.write, RunnerProtocol.logDescriptor)]
                    if let ring { descriptors.append((ring.descriptor, RunnerProtocol.ringDescriptor)) }
                    let pid = try ProcessSpawn.spawn(launch.runner.path, arguments, environment: environment, descriptors: descriptors)
                    return Spawned(pid: pid, request: request.write, reply: reply.read, nudge: nudge.write, logs: logs.read,
                                   out: out.read, err: err.read)
                } catch let failed {
                    [request.write, reply.read, nudge.write, logs.read, out.read, err.read].forEach { close($0) }
                    throw failed
                }
            }
        } catch let failed {
            throw PluginStopped(pluginID: launch.manifest.id, isolated: true, cause: .couldNotStart(String(describing: failed)))
        }
        pid = spawned.pid
        pipe = FramedPipe(read: spawned.reply, write: spawned.request)
        nudges = FramedPipe(read: -1, write: spawned.nudge)
        logRead = spawned.logs
        // A 64 KiB pipe would cut a frame that crosses on the pipe (no ring, or one too
        // large for it) into many hand-offs between the processes; 1 MiB (the unprivileged
        // maximum) carries a 256x192 depth frame in one.
        [spawned.reply, spawned.request].forEach { _ = fcntl($0, Self.setPipeSize, 1 << 20) }
        // Non-blocking before the reader thread starts: a caller relaying the log pipe
        // (`relayLogs`) right after `hello` must never block in a read of it.
        for descriptor in [spawned.reply, spawned.logs, spawned.out, spawned.err] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        stdoutRead = spawned.out
        stderrRead = spawned.err
        let thread = Thread { [self] in readLoop() }
        thread.name = "sensebridge.runner.\(pluginID)"
        thread.start()
        let ready: RunnerReply
        do {
            ready = try call(.hello(version: RunnerProtocol.version, logThreshold: UInt8(log.threshold.rawValue),
                                    ringBytes: UInt32(ring?.capacity ?? 0)),
                             seconds: Self.housekeepingSeconds)
        } catch {
            // Nobody will shut this one down: kill it and let go of its pipe now.
            stop(because: .couldNotStart("it did not answer hello (\(error))"))
            closeWriteEnds()
            throw error
        }
        guard case let .ready(version, _, network) = ready, version == RunnerProtocol.version else {
            let stopped = stop(because: .couldNotStart("it does not speak runner protocol \(RunnerProtocol.version)"))
            closeWriteEnds()
            throw stopped
        }
        self.network = network
        if network.hasPrefix("not-denied") {
            IsolationNotice.networkNotDenied.sayOnce(reason: String(network.dropFirst("not-denied: ".count)), log: log)
        }
    }

    deinit {
        shutdown()
        close(pipe.readDescriptor)
    }

    private struct Spawned {
        var pid: pid_t
        var request: Int32, reply: Int32, nudge: Int32, logs: Int32, out: Int32, err: Int32
    }

    /// Makes one request and waits for its reply until `deadline` (monotonic ns) plus
    /// `grace`. Past that, `nudge` (cancel or interrupt) is sent and `grace` more is
    /// given; then the runner is killed and the call throws `missedDeadline`. A `failed` reply throws
    /// the plugin's own `PluginCallError`, as the in-process call would. `interruption`
    /// sends `nudge` for this call only, from the moment it has an id until it returns
    /// (fired before, the call is not made, and answers cancelled).
    func call(_ request: RunnerRequest, deadline: UInt64, nudge: RunnerRequest? = nil,
              interruption: RenderInterruption? = nil) throws -> RunnerReply {
        callLock.lock()
        defer { callLock.unlock() }
        condition.lock()
        if let death {
            condition.unlock()
            throw death
        }
        let id = nextID
        // Sent with this call's id, which the runner holds if it overtakes the request.
        if let interruption, let nudge, !interruption.begin({ [self] in notify(nudge, call: id) }) {
            condition.unlock()
            throw RenderInterruption.cancelled(pluginID: pluginID)
        }
        defer { interruption?.end() }
        nextID &+= 1
        // A request releases every frame the host held: the runner may write its half again.
        held.removeAll()
        inFlight = id
        condition.unlock()
        defer { condition.withLock { inFlight = nil } }
        do {
            try pipe.send(request.encode(id: id, ring: ring?.hostRegion))
        } catch {
            // The runner is gone; the reader thread is finding out how.
            return try awaitDeath()
        }
        var nudged = false
        // As in process: the plugin's own timeout first, then the nudge, then the kill.
        var limit = CallBounds.adding(UInt64(Self.grace * 1e9), to: deadline)
        while true {
            if let death = condition.withLock({ self.death }) { throw death }
            let now = MonotonicClock.nanoseconds()
            if now >= limit {
                if let nudge, !nudged {
                    nudged = true
                    limit = now + UInt64(Self.grace * 1e9)
                    try? nudges.send(nudge.encode(id: id))
                    continue
                }
                let over = Double(now &- deadline) / 1e9
                throw stopAndReap(because: .missedDeadline(seconds: max(0, over)))
            }
            // At most a second at a time, so a runner the reader thread found dead (or a
            // shutdown from another thread) is noticed without waiting for the deadline.
            var ready = pollfd(fd: pipe.readDescriptor, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(min((limit - now) / 1_000_000 + 1, 1000))
            guard Glibc.poll(&ready, 1, waitMilliseconds) > 0 else { continue }
            var bodies: [[UInt8]] = []
            let stillOpen: Bool
            do {
                stillOpen = try replies.read(from: pipe.readDescriptor, into: &bodies)
            } catch {
                throw stopAndReap(because: .protocolGarbage(String(describing: error)))
            }
            for body in bodies {
                // A reply to another id answers a call the host gave up on: discarded.
                guard let answer = try reply(from: body), answer.id == id else { continue }
                do {
                    _ = try relayLogs()
                } catch {
                    throw stopAndReap(because: .protocolGarbage(String(describing: error)))
                }
                if case let .failed(status, message) = answer.reply {
                    throw PluginCallError(pluginID: pluginID, status: status, message: message)
                }
                if case .problem(let why) = answer.reply {
                    throw PluginStopped(pluginID: pluginID, isolated: true, cause: .couldNotStart(why))
                }
                return answer.reply
            }
            // The runner is exiting, or closed its reply pipe; the reader thread reaps it.
            if !stillOpen { return try awaitDeath() }
        }
    }

    func call(_ request: RunnerRequest, seconds: Double) throws -> RunnerReply {
        try call(request, deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }

    /// cancel or interrupt: [any-thread], no reply. For the call in flight; with none,
    /// nothing is sent.
    func notify(_ request: RunnerRequest) {
        guard let id = condition.withLock({ inFlight }) else { return }
        notify(request, call: id)
    }

    /// `request` for call `id`, whatever is in flight: `notify` sends it for the call in
    /// flight, a call's `interruption` for that call. The runner may not have begun that
    /// call yet, or may have answered it already; the tests of both cases choose the id
    /// here, rather than hope to hit those moments (`nextCallID` is the next call's).
    func notify(_ request: RunnerRequest, call id: UInt32) {
        try? nudges.send(request.encode(id: id))
    }

    /// The id the next call will be given.
    var nextCallID: UInt32 { condition.withLock { nextID } }

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
        closeWriteEnds()  // EOF: a runner that ignored destroy exits on it.
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
        killUnlessReaped()
        return stopped
    }

    /// A ring for the kinds frames cross to or from. Where the kernel refuses one (no
    /// memfd), frames cross on the pipe as before: slower, never wrong. Said once.
    private static func ring(for kind: PluginKind, log: HostLog) -> FrameRing? {
        guard kind == .sensingSource || kind == .perceiver else { return nil }
        do {
            return try FrameRing(creating: RunnerProtocol.ringBytes)
        } catch {
            IsolationNotice.frameRingUnavailable.sayOnce(reason: error.description, log: log)
            return nil
        }
    }

    /// `stop`, then a short wait for the reader thread to reap the killed runner, so a
    /// call that ends it returns with no process left behind.
    private func stopAndReap(because cause: PluginStopped.Cause) -> PluginStopped {
        let stopped = stop(because: cause)
        condition.lock()
        let limit = Date(timeIntervalSinceNow: 2)
        while !readerFinished && condition.wait(until: limit) {}
        condition.unlock()
        return stopped
    }

    private func closeWriteEnds() {
        pipe.closeWriteEnd()
        nudges.closeWriteEnd()
    }

    private func awaitDeath() throws -> RunnerReply {
        condition.lock()
        let limit = Date(timeIntervalSinceNow: 3)
        while death == nil && condition.wait(until: limit) {}
        condition.unlock()
        throw stop(because: .protocolGarbage("its pipe closed while a request was being sent"))
    }

    private func readLoop() {
        let logs = logRead
        var open = [logs, stdoutRead, stderrRead]
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var replyClosed = false
        while !replyClosed {
            var fds = open.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard !fds.isEmpty else { break }
            _ = fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), 1000) }
            for index in open.indices where open[index] >= 0 {
                let fd = open[index]
                if fd == logs {
                    do {
                        if try !relayLogs() {
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
        logLock.withLock {
            close(logRead)
            logRead = -1
        }
        close(stdoutRead)
        close(stderrRead)
        condition.lock()
        readerFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// One reply body, or nil for a log event (relayed). Decoded under `condition`, so
    /// the slots it names are checked against, and added to, what the host holds in one
    /// step; a frame's block is copied out of the ring here, before the caller sees it.
    /// Anything unreadable stops the runner.
    private func reply(from body: [UInt8]) throws -> (id: UInt32, reply: RunnerReply)? {
        condition.lock()
        let decoded: (id: UInt32, reply: RunnerReply, named: [RingSlot])
        do {
            decoded = try RunnerReply.decode(body, ring: ring?.runnerRegion, inUse: held)
        } catch {
            condition.unlock()
            throw stopAndReap(because: .protocolGarbage(String(describing: error)))
        }
        held += decoded.named
        condition.unlock()
        if case .log(let event) = decoded.reply {
            relay(event)
            return nil
        }
        return (decoded.id, decoded.reply)
    }

    /// Relays what the log pipe holds now, which carries log events only; false at its end.
    private func relayLogs() throws -> Bool {
        var events: [RunnerReply.LogEvent] = []
        let stillOpen = try logLock.withLock { () throws -> Bool in
            guard logRead >= 0 else { return false }
            var bodies: [[UInt8]] = []
            let stillOpen = try logFrames.read(from: logRead, into: &bodies)
            for body in bodies {
                guard case .log(let event) = try RunnerReply.decode(body).reply else {
                    throw WireError.invalid("the log pipe carried a message that is not a log event")
                }
                events.append(event)
            }
            return stillOpen
        }
        events.forEach(relay)
        return stillOpen
    }

    private func relay(_ event: RunnerReply.LogEvent) {
        log.event(event.level, event.name, [.public("plugin", pluginID)] + event.fields.filter { $0.name != "plugin" })
    }

    /// After the log pipe closed: the runner is exiting, or closed the pipe itself
    /// (then it is killed, since it can no longer be told anything).
    ///
    /// Waited for outside `condition`: a runner the kernel holds in uninterruptible sleep
    /// after SIGKILL would otherwise hold the lock with it, and notify, isAlive, a call
    /// and shutdown all take it. `WNOWAIT` leaves the zombie, so the pid stays this
    /// runner's (never another process's) until the `waitpid` under the lock takes it
    /// and sets `reaped` in one step.
    private func reap() -> ProcessSpawn.Termination {
        if !awaitExit(for: 2) {
            killUnlessReaped()
            _ = awaitExit(for: nil)
        }
        return condition.withLock { () -> ProcessSpawn.Termination in
            var status: Int32 = 0
            var taken: pid_t
            repeat { taken = waitpid(pid, &status, WNOHANG) } while taken < 0 && errno == EINTR
            // ECHILD: someone else reaped it; the pid is no longer ours either way.
            reaped = true
            return taken == pid ? ProcessSpawn.Termination(waitStatus: status) : .exited(-1)
        }
    }

    /// Whether the runner has exited (left a zombie) within `seconds`; nil waits as long
    /// as it takes. True too when it is no child of ours any more (ECHILD).
    private func awaitExit(for seconds: Double?) -> Bool {
        let limit = seconds.map { MonotonicClock.nanoseconds() + UInt64($0 * 1e9) }
        while true {
            var info = siginfo_t()
            let options = WEXITED | WNOWAIT | (limit == nil ? 0 : WNOHANG)
            if waitid(P_PID, id_t(pid), &info, options) < 0 {
                if errno == EINTR { continue }
                return true
            }
            if info._sifields._sigchld.si_pid == pid { return true }
            guard let limit, MonotonicClock.nanoseconds() < limit else { return limit == nil }
            usleep(2000)
        }
    }

    /// SIGKILL to the runner and its process group, unless it was reaped already: its pid
    /// may then be another process's (pids wrap at 32768 here, and a test run or a long
    /// session starts thousands of runners), and a stop that came late killed whatever
    /// process had it — in a fresh-clone CI run, another test's CLI.
    private func killUnlessReaped() {
        condition.withLock {
            guard !reaped else { return }
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
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

/// What this machine lacks for isolation, which every runner after the first would
/// report again: an isolated plugin that declared no network use still has it (no
/// network namespace, no seccomp), or frames cross on the pipe (no memfd). Each is said
/// once per process.
struct IsolationNotice: Sendable {
    let event: String
    private let said = Locked(false)

    static let networkNotDenied = IsolationNotice(event: "isolation.network-not-denied")
    static let frameRingUnavailable = IsolationNotice(event: "isolation.frame-ring-unavailable")

    func sayOnce(reason: String, log: HostLog) {
        let first = said.withLock { said in
            defer { said = true }
            return !said
        }
        guard first else { return }
        log.event(.warning, event, [.public("reason", reason)])
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
