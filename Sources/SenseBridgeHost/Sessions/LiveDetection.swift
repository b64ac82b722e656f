import Foundation
import SenseBridgeCore

/// Object detection during a walk, on a thread of its own, so the depth loop never waits
/// on a detector (Invariant 5).
///
/// The loop hands over every picture it receives (`offer`), which only replaces the one
/// waiting: a detector slower than the camera looks at the newest frame, never at a
/// queue of old ones, and never holds more than one picture. At most every `interval`
/// seconds the thread runs the perceivers on the newest picture and leaves the pass for
/// the loop (`takePasses`), which feeds it to its `DetectionStabilizer` between frames.
///
/// With a depth map of the same moment (a Kinect's colour and depth), each object found
/// is given the distance measured under its box (`DepthUnderBox`), off the loop too; where
/// depth there was not measured it gets none, and none is said.
///
/// A pass in which a perceiver failed is returned without that perceiver's records and
/// marked failed; the loop does not feed a failed pass, so the stable set holds rather
/// than emptying (a detector that crashed is not "nothing there", Invariant 2). A
/// perceiver that stopped (crashed, hung past its deadline, stayed off) or failed
/// `failuresSaid` passes in a row is said once, by the stream it perceives, through
/// `announce`: one failed pass may be a bad picture; two in a row is a detector the
/// person can no longer count on. When it perceives again (an isolated one is restarted
/// within its budget) that is said once too.
/// Unchecked Sendable: `condition` guards `newest`, `passes` and `stopping`; `stoppedPerceivers` and `consecutiveFailures` are the detection thread's own; `thread` is set by `start`, before `stop`.
final class LiveDetection: @unchecked Sendable {
    struct Pass: Sendable {
        var records: [PerceptionRecord]
        /// A perceiver failed: the pass is incomplete and must not be fed.
        var failed: Bool
    }

    private let perceivers: [PerceiverInstance]
    private let interval: Double
    private let perceiveSeconds: Double
    private let locale: SpokenLocale
    private let log: HostLog
    private let announce: @Sendable (SpokenStatus) -> Void
    private let condition = NSCondition()
    private var newest: (image: ImageFrame, timestamp: UInt64, depth: DepthMap?)?
    /// A depth map further than this from the picture in time is of another moment.
    static let depthSkewNanoseconds: UInt64 = 200_000_000
    private var passes: [Pass] = []
    private var stopping = false
    /// The perceivers (by index) said stopped and not perceiving since, with their
    /// streams; touched only by the thread. Kept per perceiver, said per stream: with two
    /// detectors of one stream, a healthy one must not say the stream is back while the
    /// other is still stopped (and so have it said stopped again, pass after pass).
    private var stoppedPerceivers: [Int: PerceptionStream] = [:]
    /// Per perceiver (by index), its failed passes in a row; touched only by the thread.
    private var consecutiveFailures: [Int]
    static let failuresSaid = 2
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    init(perceivers: [PerceiverInstance], interval: Double, perceiveSeconds: Double, locale: SpokenLocale, log: HostLog,
         announce: @escaping @Sendable (SpokenStatus) -> Void) {
        self.perceivers = perceivers
        self.interval = interval
        self.perceiveSeconds = perceiveSeconds
        self.locale = locale
        self.log = log
        self.announce = announce
        consecutiveFailures = Array(repeating: 0, count: perceivers.count)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "sensebridge.awareness.detection"
        self.thread = thread
        thread.start()
    }

    /// Never waits beyond a lock held only to swap a reference: the depth loop calls it.
    /// `depth`: the latest depth map and its timestamp, when the source gives depth too.
    func offer(_ image: ImageFrame, timestamp: UInt64, depth: (map: DepthMap, timestamp: UInt64)? = nil) {
        let sameMoment = depth.flatMap { depth in
            (timestamp > depth.timestamp ? timestamp - depth.timestamp : depth.timestamp - timestamp) <= Self.depthSkewNanoseconds
                ? depth.map : nil
        }
        condition.lock()
        newest = (image, timestamp, sameMoment)
        condition.signal()
        condition.unlock()
    }

    /// The passes finished since the last call, oldest first.
    func takePasses() -> [Pass] {
        condition.lock()
        defer { condition.unlock() }
        let taken = passes
        passes = []
        return taken
    }

    /// Stops the thread: a pass in progress is cancelled, and waited for up to the
    /// perceivers' deadline, so no instance is in use when the caller destroys it.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        perceivers.forEach { $0.cancel() }
        guard thread != nil else { return }
        if finished.wait(timeout: .now() + perceiveSeconds + 2) == .timedOut {
            log.event(.error, "awareness.detection.abandoned")
        }
    }

    private func run() {
        defer { finished.signal() }
        var lastPass: UInt64?
        while true {
            condition.lock()
            while !stopping && newest == nil { condition.wait() }
            if stopping { condition.unlock(); return }
            // Not before `interval` since the last pass began: detection at the narration's
            // pace costs a detector's share of one core, not all of it.
            if let lastPass {
                let due = lastPass + UInt64(interval * 1e9)
                let now = MonotonicClock.nanoseconds()
                if now < due {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: Double(due - now) / 1e9))
                    condition.unlock()
                    continue
                }
            }
            let (image, timestamp, depth) = newest!
            newest = nil
            condition.unlock()
            lastPass = MonotonicClock.nanoseconds()
            var pass = detect(image, timestamp: timestamp)
            if let depth { pass.records = Self.measured(pass.records, in: image, depth: depth) }
            condition.lock()
            passes.append(pass)
            condition.unlock()
        }
    }

    /// Each boxed object with the distance measured under its box, where there is one.
    static func measured(_ records: [PerceptionRecord], in image: ImageFrame, depth: DepthMap) -> [PerceptionRecord] {
        let picture = DepthUnderBox.Picture(width: image.width, height: image.height, intrinsics: image.intrinsics)
        return records.map { record in
            guard record.kind == .object, let box = record.box else { return record }
            var measured = record
            measured.distanceMetres = DepthUnderBox.distance(of: box, in: picture, depth: depth)
            return measured
        }
    }

    private func detect(_ image: ImageFrame, timestamp: UInt64) -> Pass {
        let deadline = MonotonicClock.nanoseconds() + UInt64(perceiveSeconds * 1e9)
        var records: [PerceptionRecord] = []
        var failed = false
        for (index, perceiver) in perceivers.enumerated() {
            do {
                records += try perceiver.perceive(image, timestampNanoseconds: timestamp, locale: locale.rawValue, deadline: deadline)
                consecutiveFailures[index] = 0
                // Back after it was said stopped (a restarted runner): said once, when no
                // other perceiver of its stream is still stopped, so the person knows what
                // the camera sees is described again.
                if stoppedPerceivers.removeValue(forKey: index) != nil, !stoppedPerceivers.values.contains(perceiver.stream) {
                    announce(.perceiverReturned(perceiver.stream))
                }
            } catch {
                failed = true
                consecutiveFailures[index] += 1
                // By code only: a perceiver's message could quote what it saw.
                log.event(.warning, "awareness.detection.failed", [.public("perceiver", perceiver.pluginID),
                                                                   .public("reason", (error as? PluginStopped)?.code ?? "error")])
                let lost = error is PluginStopped || consecutiveFailures[index] >= Self.failuresSaid
                if lost, stoppedPerceivers[index] == nil {
                    // Said when its stream stops being perceived: not again for a second
                    // perceiver of a stream already said stopped.
                    let streamWasPerceived = !stoppedPerceivers.values.contains(perceiver.stream)
                    stoppedPerceivers[index] = perceiver.stream
                    if streamWasPerceived { announce(.perceiverStopped(perceiver.stream)) }
                }
            }
        }
        return Pass(records: records, failed: failed)
    }
}
