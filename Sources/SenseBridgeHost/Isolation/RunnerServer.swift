import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// The runner's side of the protocol: serves one plugin instance's ABI calls, read
/// from descriptor 3, answered on descriptor 4.
///
/// Requests are read and served in order on the main thread, which is the thread that
/// creates and destroys the instance, as the header's [main-thread] rule asks. Reading
/// them there, not on a thread that hands them over, saves every call a thread wake-up
/// in the runner. The [any-thread] calls (cancel, interrupt) come on a pipe of their own,
/// descriptor 6, which a second thread reads and answers at once, while a compose or
/// render is still running on the main thread; log events leave on descriptor 7. When
/// the host closes the request pipe (it exited, or gave up on this runner), the instance
/// is destroyed so a plugin can flush what it wrote, and the runner exits.
package enum RunnerServer {
    /// Serves until destroy or EOF; returns the exit status.
    package static func serve(network: String) -> Int32 {
        let server = Server(pipe: FramedPipe(read: RunnerProtocol.requestDescriptor, write: RunnerProtocol.replyDescriptor),
                            nudges: FramedPipe(read: RunnerProtocol.nudgeDescriptor, write: -1),
                            logs: FramedPipe(read: -1, write: RunnerProtocol.logDescriptor), network: network)
        return server.run()
    }

    private enum Served {
        case composer(InProcessComposer)
        case target(InProcessRenderTarget)
        case source(InProcessSource)
        case perceiver(InProcessPerceiver)
    }

    /// `ring` is set on hello, by the main thread, before any request that could use it.
    /// Unchecked Sendable: `condition` guards `served`, `calls` and `log`; `ring` is set once, before its first use.
    private final class Server: @unchecked Sendable {
        let pipe: FramedPipe
        let nudges: FramedPipe
        /// Log events, from whichever thread the plugin logs on; never on the reply pipe,
        /// which carries only what the caller of a request waits for.
        let logs: FramedPipe
        let network: String
        let condition = NSCondition()
        var served: Served?
        /// Which call a cancel or interrupt reaches (see `nudge`).
        var calls = RunnerCalls()
        var log = HostLog(threshold: .warning, forward: { _, _, _ in })
        var ring: FrameRing?

        init(pipe: FramedPipe, nudges: FramedPipe, logs: FramedPipe, network: String) {
            self.pipe = pipe
            self.nudges = nudges
            self.logs = logs
            self.network = network
        }

        func run() -> Int32 {
            let nudgeReader = Thread { [self] in readNudges() }
            nudgeReader.name = "sensebridge.runner.nudges"
            nudgeReader.start()
            while true {
                let decoded: (id: UInt32, request: RunnerRequest)
                do {
                    decoded = try RunnerRequest.decode(try pipe.receive(), ring: ring?.hostRegion)
                } catch {
                    // EOF or garbage from the host: destroy, so nothing written is lost.
                    condition.withLock { served = nil }
                    return 0
                }
                if [.cancel, .interrupt].contains(decoded.request) {
                    nudge(decoded.request, id: decoded.id)
                    continue
                }
                let stopped = condition.withLock { calls.begin(decoded.request, id: decoded.id) }
                switch decoded.request {
                case let .hello(version, threshold, ringBytes):
                    hello(version: version, threshold: threshold, ringBytes: ringBytes, id: decoded.id)
                    condition.withLock { calls.end() }
                case .destroy:
                    condition.withLock { served = nil }
                    reply(.done, decoded.id)
                    return 0
                default:
                    let answer = stopped ? Self.stoppedBeforeItBegan(decoded.request) : serve(decoded.request)
                    // Ended before the reply: a nudge for this call that arrives later
                    // must not reach the next one.
                    condition.withLock { calls.end() }
                    reply(answer, decoded.id)
                }
            }
        }

        /// A call whose nudge came before it is answered as the plugin would have answered
        /// at its first check: past its deadline a timeout, else cancelled. The host nudges
        /// a call whose deadline has passed, and "too late" is then the truer reason, as
        /// CallCheckpoint decides in process (a perceive asked with a deadline already gone
        /// is a timeout on both paths).
        private static func stoppedBeforeItBegan(_ request: RunnerRequest) -> RunnerReply {
            let deadline: UInt64?
            switch request {
            case .compose(let call): deadline = call.deadline
            case .perceive(let call): deadline = call.deadline
            default: deadline = nil
            }
            if let deadline, deadline != .max, MonotonicClock.nanoseconds() >= deadline {
                return .failed(status: SB_ERR_TIMEOUT, message: "\(request.kind) passed its deadline before it began; nothing from it was used")
            }
            return .failed(status: SB_ERR_CANCELLED, message: "\(request.kind) was stopped before it began")
        }

        private func hello(version: UInt32, threshold: UInt8, ringBytes: UInt32, id: UInt32) {
            if version != RunnerProtocol.version {
                reply(.failed(status: SB_ERR_UNSUPPORTED, message: "this runner speaks protocol \(RunnerProtocol.version), not \(version)"), id)
                exit(2)
            }
            if ringBytes > 0 {
                do {
                    ring = try FrameRing(mapping: RunnerProtocol.ringDescriptor, capacity: Int(ringBytes))
                } catch {
                    reply(.failed(status: SB_ERR_UNAVAILABLE, message: "this runner could not map its frame ring: \(error)"), id)
                    exit(2)
                }
            }
            let level = HostLog.Level(rawValue: Int(threshold)) ?? .warning
            let forwarding = HostLog(threshold: level) { [logs] level, name, fields in
                try? logs.send(RunnerReply.log(RunnerReply.LogEvent(level: level, name: name, fields: fields)).encode(id: 0))
            }
            condition.withLock { log = forwarding }
            reply(.ready(version: RunnerProtocol.version, pid: getpid(), network: network), id)
        }

        /// Cancel and interrupt, as they arrive; ends with the host's end of their pipe.
        private func readNudges() {
            while let body = try? nudges.receive(), let decoded = try? RunnerRequest.decode(body) {
                nudge(decoded.request, id: decoded.id)
            }
        }

        /// A cancel or interrupt reaches the plugin only during the call it names; one for
        /// a call not begun yet is held for it, one for a call already answered dropped,
        /// as an interrupt with no render is in process (`RunnerCalls`).
        /// The plugin is told under the lock: the call named cannot end, nor the next one
        /// begin, nor the instance be destroyed, between the check and the plugin's call.
        private func nudge(_ request: RunnerRequest, id: UInt32) {
            condition.withLock {
                guard calls.route(request, id: id) == .deliver else { return }
                switch (request, served) {
                case (.cancel, .composer(let composer)?): composer.cancel()
                case (.cancel, .perceiver(let perceiver)?): perceiver.cancel()
                case (.interrupt, .target(let target)?): target.interrupt()
                default: break
                }
            }
        }

        private func reply(_ message: RunnerReply, _ id: UInt32) {
            do {
                try pipe.send(message.encode(id: id, ring: ring?.runnerRegion))
            } catch {
                exit(0)  // The host is gone; nobody is left to answer.
            }
        }

        private func serve(_ request: RunnerRequest) -> RunnerReply {
            do {
                switch (request, condition.withLock { served }) {
                case let (.create(kind, path, config), nil):
                    let created = try create(kind, manifestPath: path, configJSON: config)
                    condition.withLock { served = created }
                    return .done
                case let (.compose(call), .composer(composer)?):
                    return .phrases(try composer.compose(call))
                case let (.perceive(call), .perceiver(perceiver)?):
                    return .perception(try perceiver.perceive(call))
                case let (.render(call), .target(target)?):
                    try target.render(call)
                    return .done
                case let (.start, .source(source)?):
                    try source.start()
                    return .done
                case let (.nextFrame(timeout), .source(source)?):
                    switch try source.next(timeoutMilliseconds: timeout) {
                    case .frame(let frame): return .frame(frame)
                    case .timedOut: return .failed(status: SB_ERR_TIMEOUT, message: "no frame within \(timeout) ms")
                    case .endOfStream: return .failed(status: SB_ERR_END_OF_STREAM, message: "the source has ended")
                    }
                case let (.stop, .source(source)?):
                    source.stop()
                    return .done
                default:
                    return .problem("request \(request.kind) does not fit the instance this runner serves")
                }
            } catch let error as PluginCallError {
                return .failed(status: error.status, message: error.message)
            } catch let refused as PerceiverResultRefused {
                return .refused(refused.problem)
            } catch {
                return .problem(String(describing: error))
            }
        }

        private func create(_ kind: PluginKind, manifestPath: String, configJSON: String) throws -> Served {
            let manifest = try ManifestReader.read(URL(fileURLWithPath: manifestPath)).get()
            guard manifest.kind == kind else {
                throw PluginHost.LookupError.wrongKind(manifest.id, expected: kind, found: manifest.kind)
            }
            let plugin = try LoadedPlugin.load(manifest)
            let log = condition.withLock { self.log }
            switch kind {
            case .sceneComposer: return .composer(try InProcessComposer(plugin: plugin, configJSON: configJSON, log: log))
            case .renderTarget: return .target(try InProcessRenderTarget(plugin: plugin, configJSON: configJSON, log: log))
            case .sensingSource: return .source(try InProcessSource(plugin: plugin, configJSON: configJSON, log: log))
            case .perceiver: return .perceiver(try InProcessPerceiver(plugin: plugin, configJSON: configJSON, log: log))
            }
        }
    }
}
