import Foundation
import SenseBridgeCore

/// `describe` on pictures: what an image, each image of a folder, a video or a camera
/// shows, said through the one description pipeline, as the seeds' "describe this
/// scene" flow: frame → every perceiver of the profile on that same frame → records →
/// composer → hedged sentences → the profile's outputs.
///
/// Which frames are described is the one decision this class adds (`Mode`); the rest
/// is the pipeline's. The perceivers look at each described frame at the same time
/// (each instance is called from this session alone, one call at a time, as the header
/// asks), and their records make one description, so "a cup and a bowl" and "the text
/// appears to say: OPEN" come from the same moment.
///
/// A perceiver that fails on a picture is said once for that picture, by the stream it
/// perceives ("Objects could not be looked for in this picture…"), and the description
/// is made from the others: the person hears what was missing rather than a description
/// that seems complete (Invariant 2). A picture the source cannot give (a corrupt file in
/// a folder) is reported with the source's words on the terminal and skipped.
/// Unchecked Sendable: `lock` guards `stopRequested` and `summary`; everything else is `let`.
public final class PictureDescription: @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        /// An image, or a folder's images in name order: each picture once.
        case everyPicture
        /// A video: its first frame, then the first frame at least `seconds` of media time
        /// after the last one described; a description the same as the one before is not
        /// said again (Invariant 7), so a still shot is described once.
        case video(seconds: Double)
        /// A camera: one capture, the first frame after its exposure settled.
        case camera(ExposureSettling)
    }

    public struct Configuration: Sendable {
        public var locale: SpokenLocale = .en
        public var mode: Mode = .everyPicture
        /// How long the perceivers may take over one picture.
        public var perceiveSeconds: Double = 30
        public var frameTimeoutMilliseconds: UInt32 = 1000

        public init() {}
    }

    /// One described picture: where it was in the input, what was perceived, what was said.
    public struct Description: Sendable {
        /// 1 for the first picture described, in input order.
        public var picture: Int
        /// Seconds into the video (or the folder's nominal page time) of the frame.
        public var mediaTime: Double
        public var records: [PerceptionRecord]
        public var outcome: DescriptionOutcome
        /// The streams whose perceiver failed on this picture.
        public var failedStreams: [PerceptionStream]
        /// Each failure as "plugin id: its error", for the person's terminal only: a
        /// perceiver's message may quote what it saw, so it is never logged or spoken.
        public var perceiverProblems: [String]
        /// Whether the sentences were said (false: the same as the description before).
        public var said: Bool
    }

    public struct Delivery: Sendable {
        public var message: OutputMessage
        public var targets: [String]
    }

    public struct Summary: Equatable, Sendable {
        public var frames = 0
        public var picturesDescribed = 0
        /// Pictures on which at least one perceiver failed.
        public var picturesWithFailedPerceivers = 0
        /// Pictures the source could not give, each reported through `sourceProblem`.
        public var sourceErrors = 0
        /// The source stopped (crashed, a camera gone), not merely ended.
        public var sourceStopped = false
    }

    private let source: SensingSourceInstance
    private let perceivers: [PerceiverInstance]
    private let pipeline: DescriptionPipeline
    private let fanOut: ProfileFanOut
    private let configuration: Configuration
    private let log: HostLog
    private let sourceProblem: @Sendable (String) -> Void
    private let described: @Sendable (Description) -> Void
    private let observer: @Sendable (Delivery) -> Void
    private let lock = NSLock()
    private var stopRequested = false
    private var summary = Summary()
    /// The streams whose perceiver failed on the picture before: one that perceives this
    /// picture again (an isolated one restarted) is said back, once.
    private var failedBefore: [PerceptionStream] = []

    /// `described` gets every picture's description as it is made (for stdout and
    /// `--json`); `observer` every message handed to the fan-out; `sourceProblem` the
    /// source's own words for a picture it could not give (terminal only, never the log).
    public init(source: SensingSourceInstance, perceivers: [PerceiverInstance], pipeline: DescriptionPipeline,
                fanOut: ProfileFanOut, configuration: Configuration, log: HostLog = .shared,
                sourceProblem: @escaping @Sendable (String) -> Void = { _ in },
                described: @escaping @Sendable (Description) -> Void = { _ in },
                observer: @escaping @Sendable (Delivery) -> Void = { _ in }) {
        self.source = source
        self.perceivers = perceivers
        self.pipeline = pipeline
        self.fanOut = fanOut
        self.configuration = configuration
        self.log = log
        self.sourceProblem = sourceProblem
        self.described = described
        self.observer = observer
    }

    /// Ends the session within a frame timeout; safe from any thread.
    public func stop() {
        lock.withLock { stopRequested = true }
        perceivers.forEach { $0.cancel() }
        pipeline.cancel()
    }

    private var stopped: Bool { lock.withLock { stopRequested } }

    /// Runs until the input ends, the camera's capture is described, or `stop()`.
    /// Throws only when the source cannot start.
    @discardableResult
    public func run() throws -> Summary {
        try source.start()
        defer { source.stop() }
        log.event(.info, "describe.started", [.public("perceivers", String(perceivers.count))])
        for announcement in pipeline.sessionStart() { say(announcement.message(locale: configuration.locale)) }
        var chooser = FrameChooser(mode: configuration.mode)
        var lastSentences: [String]?
        var lastProblem: String?
        loop: while !stopped {
            let next: SensingSourceInstance.Next
            do {
                next = try source.next(timeoutMilliseconds: configuration.frameTimeoutMilliseconds)
                lastProblem = nil
            } catch {
                // As in reading: a picture that cannot be decoded costs that picture; a
                // crashed source, a camera gone or the same failure again ends the session.
                let problem = "\(error)"
                let over = error is PluginStopped || chooser.isCamera || problem == lastProblem
                if problem != lastProblem { sourceProblem(problem) }
                lastProblem = problem
                lock.withLock { summary.sourceErrors += 1 }
                if over {
                    log.event(.error, "describe.source.stopped", [.public("source", source.pluginID)])
                    lock.withLock { summary.sourceStopped = true }
                    break loop
                }
                log.event(.warning, "describe.source.picture-failed", [.public("source", source.pluginID)])
                continue
            }
            guard case .frame(let frame) = next else {
                if case .endOfStream = next { break loop }
                continue
            }
            guard case .image(let image) = frame.content else { continue }
            let frames = lock.withLock { summary.frames += 1; return summary.frames }
            let mediaTime = Double(frame.timestampNanoseconds) / 1e9
            guard chooser.describes(image, mediaTime: mediaTime) else { continue }
            let description = describe(image, timestamp: frame.timestampNanoseconds, picture: chooser.described, mediaTime: mediaTime,
                                       sayingUnchanged: lastSentences)
            lastSentences = description.outcome.sentences
            described(description)
            log.event(.debug, "describe.picture", [.public("frame", String(frames)), .public("said", description.said ? "yes" : "no")])
            if chooser.isDone { break loop }
        }
        fanOut.drain(timeout: 120)
        let ended = lock.withLock { summary }
        log.event(.info, "describe.ended", [.public("pictures", String(ended.picturesDescribed))])
        return ended
    }

    private func describe(_ image: ImageFrame, timestamp: UInt64, picture: Int, mediaTime: Double,
                          sayingUnchanged previous: [String]?) -> Description {
        let (records, failed, problems) = perceive(image, timestamp: timestamp)
        let outcome = pipeline.describe(records)
        // A video's unchanged shot is not described again; a picture of a folder always is,
        // and a failure is always said, since it is news about this picture.
        let unchanged = configuration.mode != .everyPicture && failed.isEmpty && outcome.sentences == previous
        lock.withLock {
            summary.picturesDescribed += 1
            if !failed.isEmpty { summary.picturesWithFailedPerceivers += 1 }
        }
        // The pipeline's announcements are said once each (a composer lost, the network's
        // state): never skipped with an unchanged description, or they would never be said.
        for announcement in outcome.announcements { say(announcement.message(locale: configuration.locale)) }
        let returned = lock.withLock { () -> [PerceptionStream] in
            defer { failedBefore = failed }
            return failedBefore.filter { !failed.contains($0) }
        }
        for stream in returned { say(.status, Phrasing.status(.perceiverReturned(stream), locale: configuration.locale)) }
        if !unchanged {
            for stream in failed {
                say(.status, Phrasing.status(.perceiverFailed(stream), locale: configuration.locale))
            }
            for sentence in outcome.sentences { say(.description, sentence) }
        }
        return Description(picture: picture, mediaTime: mediaTime, records: records, outcome: outcome,
                           failedStreams: failed, perceiverProblems: problems, said: !unchanged)
    }

    /// Every perceiver on the same frame at once; the records in the profile's order of
    /// perceivers, and the streams of those that failed.
    private func perceive(_ image: ImageFrame, timestamp: UInt64)
        -> (records: [PerceptionRecord], failed: [PerceptionStream], problems: [String]) {
        let deadline = MonotonicClock.nanoseconds() + UInt64(configuration.perceiveSeconds * 1e9)
        let round = PerceiverRound(perceivers, on: .image(image), timestampNanoseconds: timestamp, locale: configuration.locale,
                                   deadline: deadline, log: log, failureEvent: "describe.perceive.failed")
        return (Array(round.records.joined()), round.failed, round.problems)
    }

    private func say(_ signal: OutputSignal, _ text: String) {
        say(OutputMessage(signal: signal, text: text, locale: configuration.locale, isUrgent: false, sessionTime: 0, sequence: 0))
    }

    private func say(_ message: OutputMessage) {
        let (stamped, targets) = fanOut.deliverStamped(message)
        observer(Delivery(message: stamped, targets: targets))
    }
}

/// Which frames `PictureDescription` describes, by its mode; pure but for the luma it
/// measures from the frame.
struct FrameChooser {
    private(set) var mode: PictureDescription.Mode
    /// Pictures chosen so far.
    private(set) var described = 0
    private var lastMediaTime: Double?

    init(mode: PictureDescription.Mode) {
        self.mode = mode
    }

    var isCamera: Bool {
        if case .camera = mode { return true }
        return false
    }

    /// A camera's one capture has been taken.
    var isDone: Bool { isCamera && described > 0 }

    mutating func describes(_ image: ImageFrame, mediaTime: Double) -> Bool {
        let chosen: Bool
        switch mode {
        case .everyPicture:
            chosen = true
        case .video(let seconds):
            chosen = lastMediaTime.map { mediaTime - $0 >= seconds } ?? true
        case .camera(var settling):
            chosen = settling.isSettled(afterFrameWithMeanLuma: FrameLuminance.meanLuma(image))
            mode = .camera(settling)
        }
        if chosen {
            described += 1
            lastMediaTime = mediaTime
        }
        return chosen
    }
}
