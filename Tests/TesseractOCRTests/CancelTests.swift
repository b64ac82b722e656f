import Foundation
import Synchronization
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// cancel() and the deadline stop a read in the middle of a page, through tesseract's
/// monitor, and the next read is whole. Each stop is placed halfway through the time the
/// same read took uninterrupted a moment before (the quicker of two reads, so the stop
/// falls inside the read even if the machine has just become less busy), and the verdict
/// compares the plugin with itself, never with a fixed figure a busy machine could miss.
@Suite(.serialized) struct CancelTests {
    /// The English page four times over: 32 lines, long enough to stop in the middle.
    let page: ImageFrame
    let reader: PerceiverInstance
    let whole: [PerceptionRecord]
    let uninterrupted: UInt64

    init() throws {
        page = try SamplePage.shipped("en").image.stacked(4)
        reader = try OCRHost().reader()
        _ = try reader.read(page)  // loads the English model, so the timed reads compare like with like
        var quickest = UInt64.max
        var records: [PerceptionRecord] = []
        for _ in 0..<2 {
            let started = MonotonicClock.nanoseconds()
            records = try reader.read(page)
            quickest = min(quickest, MonotonicClock.nanoseconds() - started)
        }
        whole = records
        uninterrupted = quickest
    }

    /// Still inside recognition at the halfway point, a read stopped within a line ends
    /// well before the whole read would have.
    func expectStoppedMidway(_ error: PluginCallError, after elapsed: UInt64) {
        #expect(error.message.contains("while the text was being recognized"), "\(error.message)")
        #expect(elapsed < uninterrupted * 8 / 10,
                "stopped after \(elapsed / 1_000_000) ms of a read that takes \(uninterrupted / 1_000_000) ms")
    }

    @Test func aCancelFromAnotherThreadStopsTheReadWithinALine() throws {
        #expect(whole.count == 32)
        let reader = self.reader
        let started = MonotonicClock.nanoseconds()
        // A thread of its own cancels from the halfway point on, again every millisecond
        // until the read returns: a single cancel from a queue could be scheduled late on a
        // loaded machine (it was, under ThreadSanitizer) and land after the read had ended.
        let reading = Atomic<Bool>(true)
        let halfway = started + uninterrupted / 2
        let cancellerEnded = DispatchSemaphore(value: 0)
        let canceller = Thread {
            while reading.load(ordering: .relaxed) {
                if MonotonicClock.nanoseconds() >= halfway { reader.cancel() }
                usleep(1000)
            }
            cancellerEnded.signal()
        }
        canceller.start()
        let error = try PluginFailure.of { _ = try reader.read(page) }
        reading.store(false, ordering: .relaxed)
        cancellerEnded.wait()  // no cancel of its may reach the read below
        let elapsed = MonotonicClock.nanoseconds() - started
        #expect(error.isCancelled, "\(error)")
        expectStoppedMidway(error, after: elapsed)
        #expect(try reader.read(page) == whole, "the read after a cancel is whole: a cancel does not stick")
    }

    @Test func theDeadlineStopsTheReadWithinALine() throws {
        let started = MonotonicClock.nanoseconds()
        let error = try PluginFailure.of {
            _ = try reader.perceive(page, timestampNanoseconds: 0, locale: "en", deadline: started + uninterrupted / 2)
        }
        let elapsed = MonotonicClock.nanoseconds() - started
        #expect(error.isTimeout, "\(error)")
        expectStoppedMidway(error, after: elapsed)
        #expect(try reader.read(page) == whole)
    }

    @Test func aDeadlineAlreadyPastReadsNothing() throws {
        let error = try PluginFailure.of { _ = try reader.perceive(page, timestampNanoseconds: 0, locale: "en", deadline: 1) }
        #expect(error.isTimeout && error.message.contains("before it started"), "\(error)")
    }
}
