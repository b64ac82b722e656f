import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// An interrupt crosses to a runner on a pipe of its own, read on another thread than
/// the request it names: it may reach the runner before that request, or after its
/// answer. Before, it must still cut the render off (an alert waits for it); after, it
/// must not cut off the next render (which is usually the alert).
///
/// The target is the C fixture, which delivers at 1 µs a byte and honours interrupt
/// within 1 ms. The tests name the call an interrupt is for through the connection's
/// `notify(_:call:)`, the very send `notify` makes for the call in flight: the moments
/// it races (just before the runner begins a call, just after it answers one) are
/// microseconds wide, and a test that hoped to hit them would prove nothing when it missed.
@Suite struct RunnerInterruptTests {
    /// About 3 s of delivery: a render that ran to its end is told from one cut off.
    static let long = String(repeating: "a", count: 3_000_000)

    let directory: TemporaryDirectory
    let connection: RunnerConnection

    init() throws {
        directory = try TemporaryDirectory("sensebridge-interrupt")
        let id = "org.sensebridge.test.interrupt-\(UUID().uuidString.prefix(8).lowercased())"
        try FixturePlugin.make(in: directory.url, name: "target", id: id)
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let launch = try #require(try host.isolatedLaunch(try host.manifest(id: id), Placement(isolated: true)))
        connection = try RunnerConnection.serving(launch, kind: .renderTarget, configJSON: "{}", log: host.log)
    }

    /// One render with interrupt as its nudge, as `IsolatedRenderTarget` makes it, and how long it took.
    func timedRender(_ text: String) -> (result: Result<RunnerReply, Error>, elapsed: Double) {
        let start = MonotonicClock.nanoseconds()
        let call = RunnerRequest.RenderCall(OutputMessage(signal: .readingSegment, text: text, sessionTime: 1, sequence: 1))
        let result = Result { try connection.call(.render(call), deadline: start + 60_000_000_000, nudge: .interrupt) }
        return (result, secondsSince(start))
    }

    @Test func anInterruptThatReachesTheRunnerBeforeItsRenderCutsItOff() throws {
        connection.notify(.interrupt, call: connection.nextCallID)
        let (result, elapsed) = timedRender(Self.long)
        let failed = try #require(result.thrownError(PluginCallError.self))
        #expect(failed.isCancelled, "\(failed)")
        #expect(elapsed < 1, "the render ran \(elapsed) s of its 3 s")
        // Held for that render only: the next one is rendered whole.
        #expect(throws: Never.self) { try timedRender("Stop.").result.get() }
    }

    @Test func anInterruptForARenderAlreadyAnsweredNeverCutsOffTheNext() throws {
        let answered = connection.nextCallID
        _ = try timedRender("Hi.").result.get()
        connection.notify(.interrupt, call: answered)
        // Sent again and again through the next render, so one arrives while it runs.
        let interrupting = Repeatedly { [connection] in connection.notify(.interrupt, call: answered) }
        let (result, elapsed) = timedRender(Self.long)
        interrupting.stop()
        #expect(throws: Never.self) { try result.get() }
        #expect(elapsed >= 2.5, "the render was over in \(elapsed) s")
    }
}
