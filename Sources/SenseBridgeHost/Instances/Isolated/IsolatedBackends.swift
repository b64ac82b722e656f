import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A runner that a failed call retires and a later call replaces, as the restart
/// budget allows; past it the plugin stays off for the session. Composers and
/// perceivers answer one moment or one image each, so losing one call to a crash costs
/// that moment (the caller falls back), never the session.
/// Unchecked Sendable: `lock` guards `connection` and `budget`.
final class RestartingRunner: @unchecked Sendable {
    private let launch: RunnerConnection.Launch
    private let kind: PluginKind
    private let configJSON: String
    private let log: HostLog
    private let lock = NSLock()
    private var connection: RunnerConnection?
    private var budget = RestartBudget()

    var pluginID: String { launch.manifest.id }

    init(_ launch: RunnerConnection.Launch, kind: PluginKind, configJSON: String, log: HostLog) throws {
        self.launch = launch
        self.kind = kind
        self.configJSON = configJSON
        self.log = log
        connection = try RunnerConnection.serving(launch, kind: kind, configJSON: configJSON, log: log)
    }

    deinit { connection?.shutdown() }

    /// One call on the live runner; a `PluginStopped` retires it before rethrowing.
    func call(_ request: RunnerRequest, deadline: UInt64, nudge: RunnerRequest) throws -> RunnerReply {
        let runner = try current(deadline: deadline)
        do {
            return try runner.call(request, deadline: deadline, nudge: nudge)
        } catch let stopped as PluginStopped {
            lock.withLock {
                budget.failed(at: Self.now)
                connection = nil
            }
            runner.shutdown()
            throw stopped
        }
    }

    func notify(_ request: RunnerRequest) {
        lock.withLock { connection }?.notify(request)
    }

    func garbage(_ what: String) -> PluginStopped {
        PluginStopped(pluginID: pluginID, isolated: true, cause: .protocolGarbage(what))
    }

    /// The live runner, or a new one when the budget allows. A call that comes within
    /// the backoff after a crash waits it out when its deadline leaves room: the next page
    /// of a book or the next moment of a walk is then read by the restarted plugin, rather
    /// than lost to the backoff as well as the crash.
    private func current(deadline: UInt64) throws -> RunnerConnection {
        lock.lock()
        defer { lock.unlock() }
        if let connection { return connection }
        var decision = budget.decide(at: Self.now)
        while case .wait(let until) = decision, until < Double(deadline) / 1e9 {
            lock.unlock()
            Thread.sleep(forTimeInterval: max(0, until - Self.now))
            lock.lock()
            decision = budget.decide(at: Self.now)
        }
        switch decision {
        case .stayOff:
            throw PluginStopped(pluginID: pluginID, isolated: true, cause: .stayedOff(restarts: budget.limit))
        case .wait(let until):
            throw PluginStopped(pluginID: pluginID, isolated: true, cause: .backingOff(seconds: until - Self.now))
        case .restart:
            log.event(.warning, "isolation.runner-restarted", [.public("plugin", pluginID)])
            do {
                let fresh = try RunnerConnection.serving(launch, kind: kind, configJSON: configJSON, log: log)
                connection = fresh
                return fresh
            } catch {
                budget.failed(at: Self.now)
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

/// A render target in a runner process. Not restarted: a target that died is lost for
/// the session and said so once by the fan-out, since a new instance could reopen (and
/// so truncate) the file the first one was writing.
/// Unchecked Sendable: only `let`s.
final class IsolatedRenderTarget: RenderBackend, @unchecked Sendable {
    private let connection: RunnerConnection

    init(_ launch: RunnerConnection.Launch, configJSON: String, log: HostLog) throws {
        connection = try RunnerConnection.serving(launch, kind: .renderTarget, configJSON: configJSON, log: log)
    }

    deinit { connection.shutdown() }

    func render(_ call: RunnerRequest.RenderCall, deadline: UInt64) throws {
        _ = try connection.call(.render(call), deadline: deadline, nudge: .interrupt)
    }

    func interrupt() { connection.notify(.interrupt) }
}

/// A sensing source in a runner process; a death is "sensing stopped" for the session.
/// Unchecked Sendable: only `let`s.
final class IsolatedSource: SourceBackend, @unchecked Sendable {
    private let connection: RunnerConnection
    private let pluginID: String

    init(_ launch: RunnerConnection.Launch, configJSON: String, log: HostLog) throws {
        pluginID = launch.manifest.id
        connection = try RunnerConnection.serving(launch, kind: .sensingSource, configJSON: configJSON, log: log)
    }

    deinit { connection.shutdown() }

    func start() throws {
        _ = try connection.call(.start, seconds: CallBounds.housekeepingSeconds)
    }

    func next(timeoutMilliseconds: UInt32) throws -> SensingSourceInstance.Next {
        do {
            let reply = try connection.call(.nextFrame(timeoutMilliseconds: timeoutMilliseconds),
                                            deadline: CallBounds.frameDeadline(timeoutMilliseconds: timeoutMilliseconds))
            guard case .frame(let frame) = reply else {
                throw PluginStopped(pluginID: pluginID, isolated: true, cause: .protocolGarbage("next_frame was answered with something other than a frame"))
            }
            return .frame(frame)
        } catch let error as PluginCallError where error.isTimeout {
            return .timedOut
        } catch let error as PluginCallError where error.isEndOfStream {
            return .endOfStream
        }
    }

    func stop() {
        _ = try? connection.call(.stop, seconds: CallBounds.housekeepingSeconds)
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
