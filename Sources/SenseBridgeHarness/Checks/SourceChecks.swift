import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Checks for sensing sources.
enum SourceChecks {
    /// Each next_frame waits at most this long; a live source at a few frames a
    /// second delivers within it, and a timeout is an allowed answer anyway.
    static let frameTimeout: UInt32 = 200

    enum Next {
        case frame(FrameSummary)
        case timedOut
        case endOfStream
    }

    static func next(_ source: RawSource, _ error: ErrorSlot, _ what: String) throws -> Next {
        let (status, frame) = source.next(timeoutMilliseconds: frameTimeout, error: error)
        switch status {
        case SB_OK:
            if let problem = frame!.problem { throw CheckFailure("\(what): \(problem)") }
            return .frame(frame!)
        case SB_ERR_TIMEOUT: return .timedOut
        case SB_ERR_END_OF_STREAM: return .endOfStream
        default: throw CheckFailure("\(what) returned \(error.describe(status: status))")
        }
    }

    static func timestamps(_ c: CheckContext) throws -> CheckReport {
        try withStartedSource(c) { source, error in
            // Enough frames to see the clock move; a source paced in real time is not waited out.
            let seconds = min(c.timeout * 0.5, 5)
            let budget = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
            var previous: FrameSummary?
            var frames = 0
            c.step("next_frame until 200 frames or end of stream")
            reading: while frames < 200 && MonotonicClock.nanoseconds() < budget {
                switch try next(source, error, "next_frame \(frames + 1)") {
                case .frame(let frame):
                    if let previous {
                        if frame.timestamp <= previous.timestamp {
                            throw CheckFailure("frame \(frames + 1)'s timestamp \(frame.timestamp) ns does not increase on frame \(frames)'s \(previous.timestamp) ns")
                        }
                        if frame.runID != previous.runID {
                            throw CheckFailure("run_id changed from \(previous.runID) to \(frame.runID) within one run (frame \(frames + 1))")
                        }
                        if let problem = frame.audioProblem(after: previous) {
                            throw CheckFailure("frame \(frames + 1): \(problem)")
                        }
                    }
                    previous = frame
                    frames += 1
                case .timedOut: continue
                case .endOfStream: break reading
                }
            }
            guard frames > 0 else { return .skip("no frame arrived within \(HarnessRunner.formatSeconds(seconds)) s, so there were no timestamps to compare") }
            return .pass("\(frames) frames, timestamps strictly increasing, one run id\(previous?.audio != nil ? ", audio blocks continuous" : "")")
        }
    }

    static func endOfStream(_ c: CheckContext) throws -> CheckReport {
        try withStartedSource(c) { source, error in
            let seconds = c.timeout * 0.5
            let budget = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
            var frames = 0
            c.step("next_frame until end of stream")
            while MonotonicClock.nanoseconds() < budget && frames < 100_000 {
                switch try next(source, error, "next_frame \(frames + 1)") {
                case .frame: frames += 1
                case .timedOut: continue
                case .endOfStream:
                    if error.isEmpty { throw CheckFailure("end of stream after \(frames) frames was reported without a message") }
                    for again in 1...3 {
                        c.step("next_frame \(again) after end of stream")
                        let (status, _) = source.next(timeoutMilliseconds: frameTimeout, error: error)
                        guard status == SB_ERR_END_OF_STREAM else {
                            throw CheckFailure("after end of stream (at frame \(frames)), call \(again) returned \(error.describe(status: status)); it must stay SB_ERR_END_OF_STREAM")
                        }
                    }
                    return .pass("end of stream after \(frames) frames, and on the 3 calls after it")
                }
            }
            return .skip("no end of stream after \(frames) frames in \(Int(seconds)) s; a live source need not end")
        }
    }

    /// A started source for `body`, stopped and destroyed after it whatever the body
    /// does: the shape every check that reads frames from one run shares.
    static func withStartedSource<T>(_ c: CheckContext, _ body: (RawSource, ErrorSlot) throws -> T) throws -> T {
        let source = try RawSource(c)
        defer { source.destroy() }
        c.step("start")
        try source.startOrFail()
        defer { source.stop() }
        return try body(source, ErrorSlot())
    }

    /// Reads up to `count` frames, tolerating timeouts; returns what it read.
    static func read(_ source: RawSource, _ error: ErrorSlot, count: Int, seconds: TimeInterval, _ what: String) throws -> [FrameSummary] {
        let budget = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        var frames: [FrameSummary] = []
        while frames.count < count && MonotonicClock.nanoseconds() < budget {
            switch try next(source, error, what) {
            case .frame(let frame): frames.append(frame)
            case .timedOut: continue
            case .endOfStream: return frames
            }
        }
        return frames
    }

    static func stopRestart(_ c: CheckContext) throws -> CheckReport {
        let source = try RawSource(c)
        defer { source.destroy() }
        let error = ErrorSlot()
        c.step("start the first run")
        try source.startOrFail("the first start")
        c.step("read two frames of the first run")
        let first = try read(source, error, count: 2, seconds: c.timeout * 0.3, "next_frame in the first run")
        guard let firstRun = first.first?.runID else {
            source.stop()
            return .skip("no frame arrived within \(Int(c.timeout * 0.3)) s, so a restart cannot be compared")
        }
        c.step("stop mid-stream")
        source.stop()
        c.step("next_frame after stop")
        let (stopped, _) = source.next(timeoutMilliseconds: frameTimeout, error: error)
        guard stopped == SB_ERR_NOT_STARTED else {
            throw CheckFailure("next_frame after a stop mid-stream returned \(error.describe(status: stopped)); expected SB_ERR_NOT_STARTED")
        }
        c.step("stop again (stop is idempotent)")
        source.stop()
        c.step("start the second run")
        try source.startOrFail("start after stop")
        defer { source.stop() }
        c.step("read a frame of the second run")
        let second = try read(source, error, count: 1, seconds: c.timeout * 0.3, "next_frame in the second run")
        guard let secondRun = second.first?.runID else {
            throw CheckFailure("after stop and start, no frame arrived within \(Int(c.timeout * 0.3)) s")
        }
        guard secondRun != firstRun else {
            throw CheckFailure("the run after a restart kept run_id \(firstRun); each start must begin a new run")
        }
        return .pass("stopped after \(first.count) frame(s); restarted as run \(secondRun) (was \(firstRun))")
    }

    static func framesAfterStop(_ c: CheckContext) throws -> CheckReport {
        let source = try RawSource(c)
        defer { source.destroy() }
        let error = ErrorSlot()
        func expectNotStarted(_ what: String) throws {
            c.step("next_frame \(what)")
            let (status, _) = source.next(timeoutMilliseconds: frameTimeout, error: error)
            guard status == SB_ERR_NOT_STARTED else {
                throw CheckFailure("next_frame \(what) returned \(error.describe(status: status)); expected SB_ERR_NOT_STARTED")
            }
            if error.isEmpty { throw CheckFailure("next_frame \(what) returned SB_ERR_NOT_STARTED without a message") }
        }
        try expectNotStarted("before start")
        c.step("start")
        try source.startOrFail()
        c.step("stop")
        source.stop()
        try expectNotStarted("after stop")
        try expectNotStarted("a second time after stop")
        return .pass("SB_ERR_NOT_STARTED with a message before start and after stop")
    }

    static func leakPerCall(_ c: CheckContext) throws -> CheckReport {
        try withStartedSource(c) { source, error in
            var restarts = 0
            c.step("next_frame in a loop, restarting at end of stream")
            let measurement = try ResidentMemory.measure(budget: c.timeout * 0.8) {
                if case .endOfStream = try next(source, error, "next_frame during the loop") {
                    source.stop()
                    try source.startOrFail("start after end of stream")
                    restarts += 1
                }
            }
            return try ResidentMemory.report(measurement, unit: "next_frame call",
                                             suffix: restarts > 0 ? ", \(restarts) restart(s) at end of stream" : "")
        }
    }

    static func threading(_ c: CheckContext) throws -> CheckReport {
        let source = try RawSource(c)  // created on the main thread
        var failure: String?
        var frames = 0
        c.step("start, next_frame and stop on a worker thread")
        let worker = BackgroundCall("sensebridge.harness.worker") {
            let error = ErrorSlot()
            do {
                try source.startOrFail()
                frames = try read(source, error, count: 20, seconds: 3, "next_frame on a worker thread").count
                source.stop()
            } catch {
                failure = "\(error)"
            }
        }
        guard worker.wait(seconds: CommonChecks.workerBound(c)) else {
            throw CheckFailure("start, next_frame and stop on a worker thread did not finish within \(HarnessRunner.formatSeconds(CommonChecks.workerBound(c))) s")
        }
        if let failure { throw CheckFailure(failure) }
        c.step("start, next_frame and stop on the main thread after the worker")
        let error = ErrorSlot()
        try source.startOrFail("start on the main thread after the worker")
        _ = try read(source, error, count: 1, seconds: 3, "next_frame on the main thread after the worker")
        source.stop()
        c.step("destroy on the main thread")
        source.destroy()
        return .pass("\(frames) frames read on a worker thread; the instance moved back to the main thread")
    }

    static func provokeErrors(_ c: CheckContext, _ provoked: inout ErrorProvocations) throws {
        let source = try RawSource(c)
        defer { source.destroy() }
        let error = ErrorSlot()
        c.step("next_frame before start")
        let (status, _) = source.next(timeoutMilliseconds: frameTimeout, error: error)
        provoked.record("next_frame before start", status: status, error, ownsEmptiness: false)
    }
}
