import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A sensing source that crashes or hangs in next_frame ends in `PluginStopped`
/// ("sensing stopped") within its timeout plus grace, never a host that waits on it;
/// a well-behaved one gives the same frames isolated as in process.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct SensingSourceSurvivalTests {
    static let timeoutMilliseconds: UInt32 = 200
    static var frameBound: Double { Double(timeoutMilliseconds) / 1000 + CallBounds.grace }

    func timedNext(_ source: SensingSourceInstance) -> (result: Result<SensingSourceInstance.Next, Error>, elapsed: Double) {
        let start = MonotonicClock.nanoseconds()
        let result = Result { try source.next(timeoutMilliseconds: Self.timeoutMilliseconds) }
        return (result, secondsSince(start))
    }

    @Test(arguments: [true, false])
    func aWellBehavedSourceGivesItsRecordsFrame(isolated: Bool) throws {
        let fixture = try HostileFixture(.sensingSource)
        let source = try fixture.source(.well, isolated: isolated)
        try source.start()
        guard case .frame(let frame) = try timedNext(source).result.get(), case .records(let records) = frame.content else {
            Issue.record("no records frame")
            return
        }
        #expect(records == [PerceptionRecord(kind: .object, label: "chair", confidence: Double(Float(0.8)),
                                             box: NormalizedBox(x: Double(Float(0.4)), y: Double(Float(0.3)),
                                                                width: Double(Float(0.2)), height: Double(Float(0.4))))])
        #expect(frame.runID == 1)
        source.stop()
    }

    @Test(arguments: [true, false])
    func aWellBehavedSourceGivesItsDepthFrameWithIntrinsics(isolated: Bool) throws {
        let fixture = try HostileFixture(.sensingSource)
        let source = try fixture.source(.well, isolated: isolated, frame: .depth)
        try source.start()
        guard case .frame(let frame) = try timedNext(source).result.get(), case .depth(let map) = frame.content else {
            Issue.record("no depth frame")
            return
        }
        #expect(map == DepthMap(width: 4, height: 3, metres: Array(repeating: 2, count: 12), cameraToWorld: DepthMap.identity,
                                intrinsics: DepthMap.Intrinsics(fx: 3, fy: 3, cx: 2, cy: 1.5)))
        source.stop()
    }

    @Test func anIsolatedSourceThatSegfaultsInNextFrameStopsSensing() throws {
        let fixture = try HostileFixture(.sensingSource)
        let source = try fixture.source(.segfault, isolated: true)
        try source.start()
        let stopped = try #require(timedNext(source).result.thrownError(PluginStopped.self))
        #expect(stopped.code == "crashed")
        #expect(stopped.description.contains(fixture.plugin.id) && stopped.description.contains("was killed by SIGSEGV"), "\(stopped)")
        #expect(fixture.runners.isEmpty)
        #expect(timedNext(source).result.thrownError(PluginStopped.self)?.code == "crashed", "and it stays stopped")
    }

    @Test(arguments: [true, false])
    func aHungSourceIsGivenUpOnAfterItsTimeoutAndGrace(isolated: Bool) throws {
        let fixture = try HostileFixture(.sensingSource)
        var runners: [pid_t] = []
        do {
            let source = try fixture.source(.hang, isolated: isolated)
            runners = fixture.runners
            try source.start()
            let (result, elapsed) = timedNext(source)
            let stopped = try #require(result.thrownError(PluginStopped.self))
            #expect(stopped.code == "missed-deadline")
            #expect(stopped.isolated == isolated)
            #expect(elapsed >= Self.frameBound, "\(elapsed) s")
            #expect(elapsed < Self.frameBound + CallBounds.grace + 3, "the host waited \(elapsed) s")
            let (again, quickly) = timedNext(source)
            // Isolated, the killed runner's account stands; in process, the instance is retired.
            #expect(again.thrownError(PluginStopped.self)?.code == (isolated ? "missed-deadline" : "retired"))
            #expect(quickly < 0.5)
        }
        // The killed runner is reaped by its reader thread; releasing the instance waits for that.
        #expect(runners.count == (isolated ? 1 : 0))
        #expect(runners.allSatisfy { !RunnerProcesses.isChild($0) }, "the hung runner outlived its instance")
    }
}
