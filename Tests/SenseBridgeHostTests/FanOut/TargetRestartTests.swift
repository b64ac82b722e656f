import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import Testing
@testable import SenseBridgeHost

/// A render target that `restarts` and dies: the fan-out says the loss once through the
/// others, starts it again on the target's own thread after the budget's backoff, says
/// its return once through it and the others, and hands it what came meanwhile; a
/// target whose restarts ran out is lost for the session, said once ("kept failing").
/// The backend is scripted, so every path runs without processes or timing.
@Suite struct TargetRestartTests {
    /// What `resume` does on each call, in order; the last repeats.
    enum Resume {
        case backOff(Double)
        case fail
        case start
        case stayOff
    }

    /// Unchecked Sendable: `lock` guards everything mutable.
    final class ScriptedTarget: RenderBackend, @unchecked Sendable {
        private let lock = NSLock()
        private var dieOn: Set<String>
        /// Kills it every time, not once.
        private let alwaysDieOn: Set<String>
        private var script: [Resume]
        private(set) var rendered: [String] = []
        private(set) var resumes = 0
        private var dead = false

        init(dieOn: Set<String>, alwaysDieOn: Set<String> = [], script: [Resume]) {
            self.dieOn = dieOn
            self.alwaysDieOn = alwaysDieOn
            self.script = script
        }

        var restarts: Bool { true }

        func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws {
            let text = String(decoding: call.text, as: UTF8.self)
            try lock.withLock {
                guard !dead else { throw PluginStopped(pluginID: "org.example.scripted", isolated: true, cause: .retired) }
                if dieOn.remove(text) != nil || alwaysDieOn.contains(text) {
                    dead = true
                    throw PluginStopped(pluginID: "org.example.scripted", isolated: true, cause: .died(.signalled(SIGSEGV)))
                }
                rendered.append(text)
            }
        }

        func interrupt() {}

        func resume() throws {
            try lock.withLock {
                resumes += 1
                let step = script.count > 1 ? script.removeFirst() : script[0]
                switch step {
                case .backOff(let seconds):
                    throw PluginStopped(pluginID: "org.example.scripted", isolated: true, cause: .backingOff(seconds: seconds))
                case .fail:
                    throw PluginStopped(pluginID: "org.example.scripted", isolated: true, cause: .couldNotStart("scripted"))
                case .stayOff:
                    throw PluginStopped(pluginID: "org.example.scripted", isolated: true, cause: .stayedOff(restarts: 3))
                case .start:
                    dead = false
                }
            }
        }

        var texts: [String] { lock.withLock { rendered } }
        var resumeCount: Int { lock.withLock { resumes } }
    }

    /// Unchecked Sendable: `lock` guards `rendered`.
    final class KeptTarget: RenderBackend, @unchecked Sendable {
        private let lock = NSLock()
        private var rendered: [String] = []
        func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws {
            lock.withLock { rendered.append(String(decoding: call.text, as: UTF8.self)) }
        }
        func interrupt() {}
        var texts: [String] { lock.withLock { rendered } }
    }

    static func instance(_ backend: RenderBackend, id: String) -> RenderTargetInstance {
        let manifest = PluginManifest(id: id, kind: .renderTarget, version: "1.0.0", abiMajor: 1, abiMinor: 7, libraryPath: "lib.so",
                                      entrySymbol: "sensebridge_plugin_entry", runtime: nil, displayNames: ["en": id], summaries: [:],
                                      capabilities: PluginCapabilities(resumes: true), configDefaults: [:], configSchema: [:],
                                      manifestURL: URL(fileURLWithPath: "/nonexistent/\(id).json"))
        return RenderTargetInstance(manifest: manifest, isolated: true, backend: backend)
    }

    func fanOut(_ scripted: ScriptedTarget, _ kept: KeptTarget) -> ProfileFanOut {
        ProfileFanOut(targets: [(name: "captions", instance: Self.instance(scripted, id: "org.example.scripted")),
                                (name: "speech", instance: Self.instance(kept, id: "org.example.kept"))],
                      textFallback: { _ in })
    }

    static let lost = Phrasing.status(.outputLost(role: .captions, reason: .crashed, others: [.speech]), locale: .en)
    static let back = Phrasing.status(.outputRestarted(role: .captions), locale: .en)

    @Test func aTargetThatDiesIsSaidLostOnceRestartedAndSaidBackOnce() throws {
        let scripted = ScriptedTarget(dieOn: ["second"], script: [.backOff(0.05), .fail, .start])
        let kept = KeptTarget()
        let fan = fanOut(scripted, kept)
        for text in ["first", "second", "third", "fourth"] { fan.deliver(OutputMessage(signal: .description, text: text)) }
        #expect(waitFor { scripted.texts.contains("fourth") }, "\(scripted.texts)")
        #expect(fan.drain(timeout: 10))
        #expect(kept.texts.filter { $0 == Self.lost }.count == 1, "\(kept.texts)")
        #expect(kept.texts.filter { $0 == Self.back }.count == 1, "\(kept.texts)")
        // Its own return reaches it; the message it died on is not rendered again, and
        // what came meanwhile is.
        #expect(scripted.texts == ["first", "third", "fourth", Self.back] || scripted.texts == ["first", Self.back, "third", "fourth"],
                "\(scripted.texts)")
        #expect(scripted.resumeCount == 3)
        #expect(fan.lostTargets.isEmpty)
        #expect(fan.workingTargetNames == ["captions", "speech"])
        _ = fan.shutdown()
    }

    @Test func aTargetPastItsBudgetIsLostOnceSayingItKeptFailing() throws {
        let scripted = ScriptedTarget(dieOn: ["second"], script: [.fail, .fail, .stayOff])
        let kept = KeptTarget()
        let fan = fanOut(scripted, kept)
        for text in ["first", "second", "third"] { fan.deliver(OutputMessage(signal: .description, text: text)) }
        #expect(waitFor { fan.lostTargets.count == 1 })
        #expect(fan.drain(timeout: 10))
        let keptFailing = Phrasing.status(.outputLost(role: .captions, reason: .keptFailing, others: [.speech]), locale: .en)
        #expect(kept.texts.filter { $0 == Self.lost }.count == 1, "\(kept.texts)")
        #expect(kept.texts.filter { $0 == keptFailing }.count == 1, "\(kept.texts)")
        #expect(!kept.texts.contains(Self.back))
        #expect(kept.texts.contains("third"), "the others still have every message")
        #expect(fan.lostTargets.map(\.reason) == [.keptFailing])
        #expect(fan.workingTargetNames == ["speech"])
        _ = fan.shutdown()
    }

    /// `scripted` as the profile's only output, handed an urgent `alert` and then "after".
    func alone(_ scripted: ScriptedTarget, alert: String) -> ProfileFanOut {
        let fan = ProfileFanOut(targets: [(name: "haptics", instance: Self.instance(scripted, id: "org.example.scripted"))],
                                textFallback: { _ in })
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: alert, isUrgent: true))
        fan.deliver(OutputMessage(signal: .description, text: "after"))
        return fan
    }

    /// A deaf-blind profile whose only working output is haptics, dying on an obstacle
    /// alert: no other output had it, so the restarted instance is given it first, once.
    @Test func anUrgentMessageNoOtherOutputHadIsGivenToTheRestartedTargetOnce() throws {
        let scripted = ScriptedTarget(dieOn: ["obstacle"], script: [.start])
        let fan = alone(scripted, alert: "obstacle")
        #expect(waitFor { scripted.texts.contains("after") }, "\(scripted.texts)")
        #expect(fan.drain(timeout: 10))
        #expect(scripted.texts.filter { $0 == "obstacle" }.count == 1, "\(scripted.texts)")
        #expect((scripted.texts.firstIndex(of: "obstacle") ?? .max) < (scripted.texts.firstIndex(of: "after") ?? .max),
                "the alert first: \(scripted.texts)")
        _ = fan.shutdown()
    }

    /// A message that kills the plugin every time is given again once, not for ever; one
    /// that other outputs had (the first test) is not given again at all.
    @Test func anUrgentMessageThatKillsEveryTimeIsRetriedOnlyOnce() throws {
        let scripted = ScriptedTarget(dieOn: [], alwaysDieOn: ["poison"], script: [.start])
        let fan = alone(scripted, alert: "poison")
        #expect(waitFor { scripted.texts.contains("after") }, "\(scripted.texts)")
        #expect(fan.drain(timeout: 10))
        #expect(scripted.resumeCount == 2, "died on it twice, then let go: \(scripted.resumeCount)")
        _ = fan.shutdown()
    }
}
