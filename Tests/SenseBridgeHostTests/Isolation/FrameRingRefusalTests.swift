import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A runner whose plugin corrupted it, pointing the host past the end of the frame ring
/// (`MisbehavingPlugin.Mode.ringOverrun`), hurts only itself: the host reads nothing
/// outside the ring, stops the runner as protocol garbage and goes on; no runner is
/// left behind. (Through a walk: the ring-overrun
/// case of `CLIHostileSessionTests.aWalkWhoseSourceStopsSaysSoOnceAndEnds`.)
@Suite struct FrameRingRefusalTests {
    @Test func aRunnerPointingPastTheRingIsStoppedAsProtocolGarbage() throws {
        let fixture = try HostileFixture(.sensingSource)
        var runners: [pid_t] = []
        do {
            let source = try fixture.source(.ringOverrun, isolated: true, frame: .depth)
            runners = fixture.runners
            try #require(runners.count == 1)
            try source.start()
            let stopped = try #require(thrown(PluginStopped.self) { try source.next(timeoutMilliseconds: 5000) })
            #expect(stopped.code == "protocol-garbage")
            #expect(stopped.isolated && stopped.pluginID == fixture.plugin.id)
            #expect(stopped.description.contains("outside its writer's half of the ring"), "\(stopped)")
            #expect(!RunnerProcesses.isChild(runners[0]), "the runner is reaped before next returns")
            // It stays stopped: the next call is told the same, with no runner to ask.
            #expect(thrown(PluginStopped.self) { try source.next(timeoutMilliseconds: 5000) }?.code == "protocol-garbage")
        }
        #expect(runners.allSatisfy { !RunnerProcesses.isChild($0) })
        #expect(fixture.runners.isEmpty)
    }

    /// The same fixture behaving: the ring carries its depth frames whole.
    @Test func aWellBehavedIsolatedSourceGivesItsDepthFrameThroughTheRing() throws {
        let fixture = try HostileFixture(.sensingSource)
        let source = try fixture.source(.well, isolated: true, frame: .depth)
        try source.start()
        for _ in 0..<3 {
            guard case .frame(let frame) = try source.next(timeoutMilliseconds: 5000), case .depth(let map) = frame.content else {
                Issue.record("no depth frame")
                return
            }
            #expect(map == DepthMap(width: 4, height: 3, metres: Array(repeating: 2, count: 12), cameraToWorld: DepthMap.identity,
                                    intrinsics: DepthMap.Intrinsics(fx: 3, fy: 3, cx: 2, cy: 1.5)))
        }
        source.stop()
    }
}
