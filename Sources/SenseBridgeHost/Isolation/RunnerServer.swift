import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// The runner's side of the protocol: serves one plugin instance's ABI calls, read
/// from descriptor 3, answered on descriptor 4.
///
/// Requests are served in order on the main thread, which is the thread that creates
/// and destroys the instance, as the header's [main-thread] rule asks. A reader thread
/// takes them off the pipe and answers the [any-thread] calls (cancel, interrupt) at
/// once, while a compose or render is still running on the main thread. When the host
/// closes the pipe (it exited, or gave up on this runner), the instance is destroyed
/// so a plugin can flush what it wrote, and the runner exits.
package enum RunnerServer {
    /// Serves until destroy or EOF; returns the exit status.
    package static func serve(network: String) -> Int32 {
        let server = Server(pipe: FramedPipe(read: RunnerProtocol.requestDescriptor, write: RunnerProtocol.replyDescriptor),
                            network: network)
        return server.run()
    }

    private enum Served {
        case composer(InProcessComposer)
        case target(InProcessRenderTarget)
        case source(InProcessSource)
        case perceiver(InProcessPerceiver)
    }

    /// Unchecked Sendable: `condition` guards `queue`, `served` and `log`.
    private final class Server: @unchecked Sendable {
        let pipe: FramedPipe
        let network: String
        let condition = NSCondition()
        var queue: [(id: UInt32, request: RunnerRequest)?] = []
        var served: Served?
        var log = HostLog(threshold: .warning, forward: { _, _, _ in })

        init(pipe: FramedPipe, network: String) {
            self.pipe = pipe
            self.network = network
        }

        func run() -> Int32 {
            let reader = Thread { [self] in readLoop() }
            reader.name = "sensebridge.runner.reader"
            reader.start()
            while true {
                condition.lock()
                while queue.isEmpty { condition.wait() }
                let next = queue.removeFirst()
                condition.unlock()
                guard let (id, request) = next else {
                    // EOF or garbage from the host: destroy, so nothing written is lost.
                    condition.withLock { served = nil }
                    return 0
                }
                if case .destroy = request {
                    condition.withLock { served = nil }
                    reply(.done, id)
                    return 0
                }
                reply(serve(request), id)
            }
        }

        private func readLoop() {
            while true {
                let decoded: (id: UInt32, request: RunnerRequest)
                do {
                    decoded = try RunnerRequest.decode(try pipe.receive())
                } catch {
                    condition.withLock {
                        queue.append(nil)
                        condition.broadcast()
                    }
                    return
                }
                switch decoded.request {
                case .hello(let version, let threshold):
                    if version != RunnerProtocol.version {
                        reply(.failed(status: SB_ERR_UNSUPPORTED, message: "this runner speaks protocol \(RunnerProtocol.version), not \(version)"), decoded.id)
                        exit(2)
                    }
                    let level = HostLog.Level(rawValue: Int(threshold)) ?? .warning
                    let forwarding = HostLog(threshold: level) { [weak self] level, name, fields in
                        self?.reply(.log(RunnerReply.LogEvent(level: level, name: name, fields: fields)), 0)
                    }
                    condition.withLock { log = forwarding }
                    reply(.ready(version: RunnerProtocol.version, pid: getpid(), network: network), decoded.id)
                case .cancel:
                    switch condition.withLock({ served }) {
                    case .composer(let composer)?: composer.cancel()
                    case .perceiver(let perceiver)?: perceiver.cancel()
                    default: break
                    }
                case .interrupt:
                    if case .target(let target) = condition.withLock({ served }) { target.interrupt() }
                default:
                    condition.withLock {
                        queue.append(decoded)
                        condition.broadcast()
                    }
                }
            }
        }

        private func reply(_ message: RunnerReply, _ id: UInt32) {
            do {
                try pipe.send(message.encode(id: id))
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
