import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Synchronization
import Testing
@testable import SenseBridgeHost

/// An interrupt bound to one render (what a fan-out worker fires when an alert comes)
/// cuts that render off, even when it is fired before the render's call began, and
/// never reaches the render after it, which after an alert is the alert itself.
@Suite struct RenderInterruptionTests {
    /// About 3 s of delivery by the C fixture (1 µs a byte, interrupt honoured within 1 ms).
    static let long = String(repeating: "a", count: 3_000_000)

    final class Delivered: Sendable {
        let count = Mutex(0)
    }

    @Test func firedBeforeItsCallBeganTheCallIsNotMade() {
        let interruption = RenderInterruption(), delivered = Delivered()
        interruption.fire()
        #expect(!interruption.begin { delivered.count.withLock { $0 += 1 } })
        #expect(thrown(PluginCallError.self) { try interruption.during({}, pluginID: "org.example.t") { Issue.record("called") } }?
            .isCancelled == true)
        #expect(delivered.count.withLock { $0 } == 0)
    }

    @Test func firedDuringItsCallItIsDeliveredAndAfterItNothingIs() {
        let during = RenderInterruption(), after = RenderInterruption(), delivered = Delivered()
        #expect(during.begin { delivered.count.withLock { $0 += 1 } })
        during.fire()
        during.end()
        #expect(after.begin { delivered.count.withLock { $0 += 100 } })
        after.end()
        after.fire()
        #expect(delivered.count.withLock { $0 } == 1)
    }

    /// A plugin's target, built from the C fixture, in the placement asked for.
    struct Fixture {
        let directory: TemporaryDirectory
        let target: RenderTargetInstance

        init(isolated: Bool) throws {
            directory = try TemporaryDirectory("sensebridge-interruption")
            let id = "org.sensebridge.test.interruption-\(UUID().uuidString.prefix(8).lowercased())"
            try FixturePlugin.make(in: directory.url, name: "target", id: id)
            let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
            target = try host.renderTarget(try host.manifest(id: id), placement: Placement(isolated: isolated))
        }

        func timedRender(_ text: String, _ interruption: RenderInterruption) -> (result: Result<Void, Error>, elapsed: Double) {
            let start = MonotonicClock.nanoseconds()
            let message = OutputMessage(signal: .readingSegment, text: text, sessionTime: 1, sequence: 1)
            let result = Result { try target.render(message, interruption: interruption) }
            return (result, secondsSince(start))
        }
    }

    /// The worker decided to cut its render off before the render reached its call (on
    /// its way to the plugin's call thread or runner): an interrupt then was dropped, and
    /// the whole sentence played while the alert waited.
    @Test(arguments: [true, false])
    func aRenderInterruptedBeforeItsCallIsCutOffAtOnce(isolated: Bool) throws {
        let fixture = try Fixture(isolated: isolated)
        let interruption = RenderInterruption()
        interruption.fire()
        let (result, elapsed) = fixture.timedRender(Self.long, interruption)
        #expect(result.thrownError(PluginCallError.self)?.isCancelled == true)
        #expect(elapsed < 1, "the render ran \(elapsed) s of its 3 s")
        #expect(throws: Never.self) { try fixture.timedRender("Stop.", RenderInterruption()).result.get() }
    }

    /// The render the worker decided to cut ended on its own before the interrupt went
    /// out: fired then, again and again through the next render, it reaches nothing.
    @Test(arguments: [true, false])
    func anInterruptionFiredAfterItsRenderNeverReachesTheNext(isolated: Bool) throws {
        let fixture = try Fixture(isolated: isolated)
        let first = RenderInterruption()
        _ = try fixture.timedRender("Hi.", first).result.get()
        let interrupting = Repeatedly { first.fire() }
        let (result, elapsed) = fixture.timedRender(Self.long, RenderInterruption())
        interrupting.stop()
        #expect(throws: Never.self) { try result.get() }
        #expect(elapsed >= 2.5, "the render was over in \(elapsed) s")
    }
}
