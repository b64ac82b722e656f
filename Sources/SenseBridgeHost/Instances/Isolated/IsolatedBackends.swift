import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A runner that a failed call retires and a later call replaces, as the restart
/// budget allows; past it the plugin stays off for the session. Composers and
/// perceivers answer one moment or one image each, so losing one call to a crash costs
/// that moment (the caller falls back), never the session. A render target or sensing
/// source is replaced only when its manifest says a new instance resumes
/// (`restarts`); otherwise a runner that died stays retired.
/// `lock` is only ever held for a moment; `restartLock` makes restarts one at a time and
/// is held through one (spawn, hello, create: seconds at worst). `notify` takes only
/// `lock`, so an urgent alert's interrupt never waits behind a restart.
/// Unchecked Sendable: `lock` guards `connection`, `budget`, `restartCount` and `lastDeath`; `restartLock` only orders restarts.
final class RestartingRunner: @unchecked Sendable {
    private let launch: RunnerConnection.Launch
    private let kind: PluginKind
    private let configJSON: String
    private let log: HostLog
    /// Whether a runner that died is replaced at all.
    let restarts: Bool
    /// What a new runner is asked after create, before the call that started it (a
    /// source's start: the session started the one before, and goes on reading).
    private let prepare: [RunnerRequest]
    private let lock = NSLock()
    private let restartLock = NSLock()
    private var connection: RunnerConnection?
    private var budget = RestartBudget()
    private var restartCount = 0
    /// How the last runner ended; a runner that is not replaced answers every later call
    /// with it, as the dead runner itself would.
    private var lastDeath: PluginStopped?

    var pluginID: String { launch.manifest.id }

    /// How many times a new runner was started; a caller compares two readings to learn
    /// that the runner answering now is not the one that answered before.
    var generation: Int { lock.withLock { restartCount } }

    init(_ launch: RunnerConnection.Launch, kind: PluginKind, configJSON: String, restarts: Bool = true,
         prepare: [RunnerRequest] = [], log: HostLog) throws {
        self.launch = launch
        self.kind = kind
        self.configJSON = configJSON
        self.log = log
        self.restarts = restarts
        self.prepare = prepare
        connection = try RunnerConnection.serving(launch, kind: kind, configJSON: configJSON, log: log)
    }

    deinit { connection?.shutdown() }

    /// One call on the live runner; a `PluginStopped` retires it before rethrowing.
    func call(_ request: RunnerRequest, deadline: UInt64, nudge: RunnerRequest? = nil,
              interruption: RenderInterruption? = nil) throws -> RunnerReply {
        let runner = try current(deadline: deadline)
        do {
            return try runner.call(request, deadline: deadline, nudge: nudge, interruption: interruption)
        } catch let stopped as PluginStopped {
            lock.withLock {
                budget.failed(at: Self.now)
                connection = nil
                lastDeath = stopped
            }
            runner.shutdown()
            throw stopped
        }
    }

    func call(_ request: RunnerRequest, seconds: Double) throws -> RunnerReply {
        try call(request, deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }

    func notify(_ request: RunnerRequest) {
        lock.withLock { connection }?.notify(request)
    }

    /// Starts a new runner now, if the one before died and the budget allows; throws
    /// as a call would (`backingOff`, `stayedOff`, or why the new one could not start).
    func resume() throws {
        _ = try current(deadline: 0)
    }

    /// Whether a runner is serving now (none after a death, until a call starts one).
    var isLive: Bool { lock.withLock { connection != nil } }

    /// The runner that just answered broke the protocol: it is stopped and retired like
    /// one that died (the budget charged, a later call starting a new one), never called
    /// again. Left live, a restartable source answering garbage would be asked again at
    /// once, for ever.
    func garbage(_ what: String) -> PluginStopped {
        let stopped = PluginStopped(pluginID: pluginID, isolated: true, cause: .protocolGarbage(what))
        let retired: RunnerConnection? = lock.withLock {
            let live = connection
            budget.failed(at: Self.now)
            connection = nil
            lastDeath = stopped
            return live
        }
        retired?.shutdown()
        return stopped
    }

    /// The live runner, or a new one when the budget allows. A call that comes within
    /// the backoff after a crash waits it out when its deadline leaves room: the next page
    /// of a book or the next moment of a walk is then read by the restarted plugin, rather
    /// than lost to the backoff as well as the crash.
    private func current(deadline: UInt64) throws -> RunnerConnection {
        restartLock.lock()
        defer { restartLock.unlock() }
        if let live = lock.withLock({ connection }) { return live }
        // Nor while the host is being stopped: a new runner would be killed at once, and
        // the stop would wait for its create.
        guard restarts, !HostStop.isRequested else {
            throw lock.withLock { lastDeath } ?? PluginStopped(pluginID: pluginID, isolated: true, cause: .retired)
        }
        var decision = lock.withLock { budget.decide(at: Self.now) }
        while case .wait(let until) = decision, until < Double(deadline) / 1e9 {
            Thread.sleep(forTimeInterval: max(0, until - Self.now))
            decision = lock.withLock { budget.decide(at: Self.now) }
        }
        switch decision {
        case .stayOff:
            throw PluginStopped(pluginID: pluginID, isolated: true, cause: .stayedOff(restarts: lock.withLock { budget.limit }))
        case .wait(let until):
            throw PluginStopped(pluginID: pluginID, isolated: true, cause: .backingOff(seconds: until - Self.now))
        case .restart:
            log.event(.warning, "isolation.runner-restarted", [.public("plugin", pluginID)])
            do {
                let fresh = try RunnerConnection.serving(launch, kind: kind, configJSON: configJSON, log: log)
                do {
                    for request in prepare { _ = try fresh.call(request, seconds: CallBounds.housekeepingSeconds) }
                } catch {
                    fresh.shutdown()
                    throw error
                }
                lock.withLock {
                    connection = fresh
                    restartCount += 1
                }
                return fresh
            } catch {
                lock.withLock { budget.failed(at: Self.now) }
                throw error
            }
        }
    }

    private static var now: Double { Double(MonotonicClock.nanoseconds()) / 1e9 }
}

/// A composer in a runner process. When the runner dies, the call fails (the
/// description falls back for that moment) and a later call starts a new runner.
/// What the runner sends is held to `PhraseCodec.validate`, as the codec holds a result
/// decoded in this process: the runner shares its address space with the plugin.
/// Unchecked Sendable: only `let`s.
final class IsolatedComposer: ComposerBackend, @unchecked Sendable {
    private let runner: RestartingRunner

    init(_ launch: RunnerConnection.Launch, configJSON: String, log: HostLog) throws {
        runner = try RestartingRunner(launch, kind: .sceneComposer, configJSON: configJSON, log: log)
    }

    func compose(_ call: RunnerRequest.ComposeCall) throws -> PhraseCodec.Decoded {
        guard case .phrases(let decoded) = try runner.call(.compose(call), deadline: call.deadline, nudge: .cancel) else {
            throw runner.garbage("compose was answered with something other than phrases")
        }
        return PhraseCodec.validate(decoded, maximumWords: call.maximumWords, recordCount: call.records.count)
    }

    func cancel() { runner.notify(.cancel) }
}

/// A perceiver in a runner process: a crash loses that image (it counts as unread) and
/// a later image starts a new runner. What the runner sends is held to
/// `PerceiveCodec.validate`; a result the runner's codec refused comes back as that
/// refusal, so a perceiver is refused in the same words wherever it runs.
/// Unchecked Sendable: only `let`s.
final class IsolatedPerceiver: PerceiverBackend, @unchecked Sendable {
    private let runner: RestartingRunner

    init(_ launch: RunnerConnection.Launch, configJSON: String, log: HostLog) throws {
        runner = try RestartingRunner(launch, kind: .perceiver, configJSON: configJSON, log: log)
    }

    func perceive(_ call: RunnerRequest.PerceiveCall) throws -> Perception {
        switch try runner.call(.perceive(call), deadline: call.deadline, nudge: .cancel) {
        case .perception(let perception):
            switch PerceiveCodec.validate(perception) {
            case .success(let perception): return perception
            case .failure(let problem): throw PerceiverResultRefused(pluginID: runner.pluginID, problem: problem.description)
            }
        case .refused(let problem):
            throw PerceiverResultRefused(pluginID: runner.pluginID, problem: problem)
        default:
            throw runner.garbage("perceive was answered with something other than records")
        }
    }

    func cancel() { runner.notify(.cancel) }
}

/// A render target in a runner process. Restarted only when its manifest says a new
/// instance resumes (`PluginCapabilities.resumes`): a caption file that reopens appends
/// after the last whole cue, where a target that never said so could truncate what the
/// first instance wrote. Otherwise a target that died is lost for the session, said
/// once by the fan-out.
/// Unchecked Sendable: only `let`s.
final class IsolatedRenderTarget: RenderBackend, @unchecked Sendable {
    private let runner: RestartingRunner

    init(_ launch: RunnerConnection.Launch, configJSON: String, restarts: Bool, log: HostLog) throws {
        runner = try RestartingRunner(launch, kind: .renderTarget, configJSON: configJSON, restarts: restarts, log: log)
    }

    var restarts: Bool { runner.restarts }

    func resume() throws { try runner.resume() }

    func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws {
        _ = try runner.call(.render(call), deadline: deadline, nudge: .interrupt, interruption: interruption)
    }

    func interrupt() { runner.notify(.interrupt) }
}

/// A sensing source in a runner process. One that died is "sensing stopped" for the
/// session, unless its manifest says a new instance resumes: then the next call starts
/// a new runner within the budget (created and started), and the session goes on.
///
/// A restarted source never hands the session a frame twice: frames stamped at or
/// before the last one the session had are dropped. A live device stamps new frames
/// later anyway; a file read as fast as it goes, stamped with its own time, is read
/// from its beginning again and resumes exactly where the first runner died.
/// Unchecked Sendable: `runner` is a `let`; the rest is touched only by the one loop thread ([instance-thread]).
final class IsolatedSource: SourceBackend, @unchecked Sendable {
    private let runner: RestartingRunner
    private let pluginID: String
    /// The last frame handed on, and the runner that gave it.
    private var lastTimestamp: UInt64?
    private var lastGeneration = 0
    /// Frames up to this were given by a runner before the one answering now.
    private var givenUntil: UInt64?

    init(_ launch: RunnerConnection.Launch, configJSON: String, restarts: Bool, log: HostLog) throws {
        pluginID = launch.manifest.id
        runner = try RestartingRunner(launch, kind: .sensingSource, configJSON: configJSON, restarts: restarts,
                                      prepare: [.start], log: log)
    }

    var restarts: Bool { runner.restarts }

    /// A run the session starts is new: its frames may start from zero again.
    func start() throws {
        givenUntil = nil
        lastTimestamp = nil
        _ = try runner.call(.start, seconds: CallBounds.housekeepingSeconds)
        lastGeneration = runner.generation
    }

    func next(timeoutMilliseconds: UInt32) throws -> SensingSourceInstance.Next {
        let giveUp = CallBounds.frameDeadline(timeoutMilliseconds: timeoutMilliseconds)
        while true {
            // A new runner first: its create and start (a file read again) must not eat
            // the frame's own deadline, or a slow start would be taken for a hang.
            do {
                try runner.resume()
            } catch let refused as PluginCallError {
                // The new runner's create or start said it failed (a sound server slow to
                // answer, a device still busy): the restart failed, not the source. The
                // budget counted it and decides when to stop trying (`stayedOff`); said as
                // the host's account, a session tells it from a frame call's own failure.
                throw PluginStopped(pluginID: pluginID, isolated: true, cause: .couldNotStart(refused.description))
            }
            let reply: RunnerReply
            do {
                reply = try runner.call(.nextFrame(timeoutMilliseconds: timeoutMilliseconds),
                                        deadline: CallBounds.frameDeadline(timeoutMilliseconds: timeoutMilliseconds))
            } catch let error as PluginCallError where error.isTimeout {
                return .timedOut
            } catch let error as PluginCallError where error.isEndOfStream {
                return .endOfStream
            }
            guard case .frame(let frame) = reply else {
                throw runner.garbage("next_frame was answered with something other than a frame")
            }
            let generation = runner.generation
            if generation != lastGeneration {
                lastGeneration = generation
                givenUntil = lastTimestamp
            }
            if let given = givenUntil, frame.timestampNanoseconds <= given {
                // Given already, by the runner before this one.
                guard MonotonicClock.nanoseconds() < giveUp else { return .timedOut }
                continue
            }
            givenUntil = nil
            lastTimestamp = frame.timestampNanoseconds
            return .frame(frame)
        }
    }

    /// Only a live runner is stopped: a dead one is not started again just to stop it.
    func stop() {
        guard runner.isLive else { return }
        _ = try? runner.call(.stop, seconds: CallBounds.housekeepingSeconds)
    }
}

extension RunnerConnection {
    /// A runner serving one created instance of the manifest's plugin.
    static func serving(_ launch: Launch, kind: PluginKind, configJSON: String, log: HostLog) throws -> RunnerConnection {
        let connection = try RunnerConnection(launch, log: log)
        do {
            _ = try connection.call(.create(kind: kind, manifestPath: launch.manifest.manifestURL.path, configJSON: configJSON),
                                    seconds: CallBounds.housekeepingSeconds)
        } catch {
            connection.shutdown()
            throw error
        }
        return connection
    }
}
