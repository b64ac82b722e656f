import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// cancel() and the deadline. OpenCV cannot stop a forward pass once it runs, so both are
/// honoured at its edges: a cancel or a deadline that arrives during the pass means
/// nothing from that pass is returned, and the next detection is whole. Each stop is
/// placed a quarter of the way through the time the same detection took uninterrupted a
/// moment before (the quicker of two), well inside the forward pass, which is nearly all
/// of it; the verdicts compare the plugin with itself, never with a fixed figure.
@Suite(.serialized) struct CancelTests {
    let photo: ImageFrame
    let detector: PerceiverInstance
    let whole: [PerceptionRecord]
    let uninterrupted: UInt64

    init() throws {
        photo = try Photo.named("coffee").image
        detector = try DetectorHost().detector()
        _ = try detector.detect(photo)  // OpenCV sets up its layers on the first pass
        var quickest = UInt64.max
        var records: [PerceptionRecord] = []
        for _ in 0..<2 {
            let started = MonotonicClock.nanoseconds()
            records = try detector.detect(photo)
            quickest = min(quickest, MonotonicClock.nanoseconds() - started)
        }
        whole = records
        uninterrupted = quickest
    }

    @Test func aCancelDuringTheForwardPassReturnsNothingFromIt() throws {
        #expect(whole.count == 3)
        let detector = self.detector, photo = self.photo
        let quarter = MonotonicClock.nanoseconds() + uninterrupted / 4
        let ceiling = quarter + UInt64(PerceiverInstance.generousSeconds * 1e9)
        let call = CallOnAnotherThread { _ = try detector.detect(photo) }
        // Cancels from the quarter point on, every half millisecond until the call ends:
        // one cancel could be scheduled late on a loaded machine and land after it.
        while !call.isFinished && MonotonicClock.nanoseconds() < ceiling {
            if MonotonicClock.nanoseconds() >= quarter { detector.cancel() }
            usleep(500)
        }
        let error = try #require(try call.wait(seconds: 1) as? PluginCallError)
        #expect(error.isCancelled, "\(error)")
        #expect(error.message.contains("while the network was running"), "\(error.message)")
        #expect(try detector.detect(photo) == whole, "the detection after a cancel is whole: a cancel does not stick")
    }

    @Test func aDeadlineThatPassesDuringTheForwardPassReturnsNothingFromIt() throws {
        let started = MonotonicClock.nanoseconds()
        let error = try #require(throws: PluginCallError.self) {
            _ = try detector.perceive(photo, timestampNanoseconds: 0, locale: "en", deadline: started + uninterrupted / 4)
        }
        #expect(error.isTimeout, "\(error)")
        #expect(error.message.contains("while the network was running") && error.message.contains("nothing from it was used"),
                "\(error.message)")
        #expect(try detector.detect(photo) == whole)
    }

    @Test func aDeadlineAlreadyPastDetectsNothing() throws {
        let error = try #require(throws: PluginCallError.self) {
            _ = try detector.perceive(photo, timestampNanoseconds: 0, locale: "en", deadline: 1)
        }
        #expect(error.isTimeout && error.message.contains("before it started"), "\(error)")
    }

    /// A cancel between calls is ignored: it cannot cut off the next frame.
    @Test func aCancelBetweenCallsIsIgnored() throws {
        detector.cancel()
        #expect(try detector.detect(photo) == whole)
    }
}
