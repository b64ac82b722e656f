import Foundation
import SenseBridgeCore

/// `listen`: what a microphone or an audio file lets SenseBridge hear, as the seeds'
/// Sound Alerts flow: audio block → every sound perceiver of the profile on that same
/// block → per sound the most confident record (`SoundCombination`) → safety sounds to
/// `SoundAlerts` (urgent, their own cue), every other sound through the one description
/// pipeline (hedged, unchanged narration not repeated) → the profile's outputs.
///
/// Audio lives in memory only: each block is handed to the perceivers and dropped; the
/// session keeps records (labels and confidences), never samples (Invariant 11). The
/// log carries counts and plugin ids, never a label (Invariant 4).
///
/// Which moments are said is the one decision this class adds (`Mode`). A perceiver that
/// fails is said once, by its stream, until it works again, and the others go on
/// (Invariant 9). A source that fails ends listening with "Listening stopped: …" (a reason
/// from a closed list, never the plugin's words), said once; `SoundAlerts` is told that
/// measuring stopped, so an alarm heard before is never said to be "no longer heard"
/// because the microphone died (Invariant 2). A source whose manifest says it resumes is
/// started again instead, within the restart budget: "Listening stopped" once, then
/// "Listening again" once, the gap never measured silence.
/// Unchecked Sendable: `lock` guards `stopRequested` and `summary`; `fileSeconds` is touched only by the thread that calls `run`; everything else is `let`, or local to that thread.
public final class SoundListening: @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        /// One capture of `seconds` of audio from a microphone, its sounds said once at its
        /// end, as the seeds' Sounds screen; a safety sound is alerted as soon as it is heard.
        case capture(seconds: Double)
        /// A microphone until `stop()`: each moment's sounds as they are heard, "Listening"
        /// said at the start and at the end.
        case continuous
        /// An audio file, analysed whole, each moment with its time in the file.
        case file
    }

    public struct Configuration: Sendable {
        public var locale: SpokenLocale = .en
        public var mode: Mode = .capture(seconds: 5)
        /// How long the perceivers may take over one block. One second: a listener keeps
        /// up with a quarter-second block in milliseconds, and every perceiver's answer
        /// waits for the slowest, so a hung classifier must not hold an alarm's alert
        /// back for longer (Invariant 10); past it that perceiver failed on the block.
        public var perceiveSeconds: Double = 1
        public var blockTimeoutMilliseconds: UInt32 = 1000
        /// A microphone that gives no audio for this long is gone (a source that answers
        /// "nothing yet" forever would otherwise be a silent room, Invariant 6).
        public var silenceLimitSeconds: Double = 10
        /// Continuous listening after one that ended without being asked to: said once.
        public var resumedAfterUncleanEnd = false
        public var alertSettings = SoundAlertSettings()

        public init() {}
    }

    /// One analysed moment: a block in which something was heard, alerted or failed (or,
    /// for a capture, the whole capture).
    public struct Moment: Sendable {
        /// Seconds from the first sample listened to (into the file, for a file).
        public var time: Double
        /// Per sound the most confident record of every perceiver, strongest first.
        public var records: [PerceptionRecord]
        /// The safety alerts said at this moment, as said.
        public var alerts: [String]
        /// The description of the other sounds; nil when none was made (nothing but
        /// safety sounds, or a moment of a file or continuous listening with nothing heard).
        public var outcome: DescriptionOutcome?
        /// Whether a description was said (false: nothing heard was news, `SoundNews`).
        public var said: Bool
        /// The streams whose perceiver failed on this block.
        public var failedStreams: [PerceptionStream]
        /// Each failure as "plugin id: its error", for the person's terminal only.
        public var perceiverProblems: [String]
    }

    public struct Delivery: Sendable {
        public var message: OutputMessage
        public var targets: [String]
    }

    public struct Summary: Equatable, Sendable {
        public var blocks = 0
        public var moments = 0
        public var alerts = 0
        /// Blocks on which at least one perceiver failed.
        public var blocksWithFailedPerceivers = 0
        /// Why listening ended without being asked to; nil when it ended as asked (a
        /// capture's seconds, a file's end, `stop()`).
        public var lost: ListeningLossReason?
        /// A file the source could not read to its end.
        public var fileFailed = false
        /// Stretches of a file that could not be decoded and were skipped, the rest heard.
        public var damagedStretches = 0
    }

    private let source: SensingSourceInstance
    private let perceivers: [PerceiverInstance]
    private let pipeline: DescriptionPipeline
    private let fanOut: ProfileFanOut
    private let configuration: Configuration
    private let log: HostLog
    private let sourceProblem: @Sendable (String) -> Void
    private let heard: @Sendable (Moment) -> Void
    private let observer: @Sendable (Delivery) -> Void
    private let lock = NSLock()
    /// A file's moments are timed by the file (seconds into it), so its captions follow the
    /// recording, not how fast it decoded; nil for a microphone, timed by the fan-out's
    /// clock. Touched only by the thread in `run`.
    private var fileSeconds: Double?
    private var stopRequested = false
    private var summary = Summary()

    /// `heard` gets every moment as it is analysed (for stdout and `--json`); `observer`
    /// every message handed to the fan-out; `sourceProblem` the source's own words when it
    /// fails (terminal only, never the log or the person's outputs).
    public init(source: SensingSourceInstance, perceivers: [PerceiverInstance], pipeline: DescriptionPipeline,
                fanOut: ProfileFanOut, configuration: Configuration, log: HostLog = .shared,
                sourceProblem: @escaping @Sendable (String) -> Void = { _ in },
                heard: @escaping @Sendable (Moment) -> Void = { _ in },
                observer: @escaping @Sendable (Delivery) -> Void = { _ in }) {
        self.source = source
        self.perceivers = perceivers
        self.pipeline = pipeline
        self.fanOut = fanOut
        self.configuration = configuration
        self.log = log
        self.sourceProblem = sourceProblem
        self.heard = heard
        self.observer = observer
    }

    /// Ends listening within a block timeout; safe from any thread.
    public func stop() {
        lock.withLock { stopRequested = true }
        perceivers.forEach { $0.cancel() }
        pipeline.cancel()
    }

    private var stopped: Bool { lock.withLock { stopRequested } }

    /// Runs until the capture's seconds are heard, the file ends, `stop()`, or the source
    /// fails. Throws only when the source cannot start (the microphone cannot be opened).
    @discardableResult
    public func run() throws -> Summary {
        try source.start()
        defer { source.stop() }
        log.event(.info, "listen.started", [.public("perceivers", String(perceivers.count))])
        let continuous = configuration.mode == .continuous
        if continuous {
            if configuration.resumedAfterUncleanEnd { say(.status, Phrasing.status(.listeningResumed, locale: configuration.locale)) }
            say(.status, Phrasing.status(.listeningStarted, locale: configuration.locale))
        }
        for announcement in pipeline.sessionStart() { say(announcement.message(locale: configuration.locale)) }
        var state = ListeningState(alerts: SoundAlerts(locale: configuration.locale, settings: configuration.alertSettings))
        var failedCallsInARow = 0
        loop: while !stopped {
            let next: SensingSourceInstance.Next
            do {
                next = try source.next(timeoutMilliseconds: configuration.blockTimeoutMilliseconds)
                failedCallsInARow = 0
            } catch let death as PluginStopped where source.restarts && death.leadsToRestart {
                if stopped { break loop }
                sourceDied(death, state: &state)
                continue loop
            } catch {
                // A source signalled by the same stop as the host (a service stop) ends
                // listening as asked: "Stopped listening", never a loss.
                if stopped || (error as? PluginStopped)?.stoppedWithHost == true { break loop }
                if state.sourceRestarting {
                    // Its restarts ran out: "Listening stopped" was said when it died.
                    state.alerts.measuringStopped()
                    lock.withLock { summary.lost = .sourceStopped }
                    sourceProblem("\(error)")
                    break loop
                }
                sourceProblem("\(error)")
                failedCallsInARow += 1
                // A damaged stretch of a file fails one call and the next reads on, after
                // a gap (docs/AUDIO_SOURCE.md): the rest of the file is still heard. A file
                // that cannot be read on fails every call after, and ends it.
                if configuration.mode == .file && failedCallsInARow == 1 && !(error is PluginStopped) {
                    lock.withLock { summary.damagedStretches += 1 }
                    continue loop
                }
                lose(ListeningLossReason(error), state: &state)
                break loop
            }
            switch next {
            case .timedOut:
                // No audio came: nothing was heard, so nothing was measured absent either.
                if configuration.mode != .file { state.alerts.notMeasured(until: MonotonicClock.nanoseconds()) }
                state.quietSeconds += Double(configuration.blockTimeoutMilliseconds) / 1000
                if configuration.mode != .file, state.quietSeconds >= configuration.silenceLimitSeconds {
                    lose(.microphoneGone, state: &state)
                    break loop
                }
                continue loop
            case .endOfStream:
                // A file ends; a microphone does not while it is there.
                if configuration.mode != .file { lose(.microphoneGone, state: &state) }
                break loop
            case .frame(let frame):
                if state.sourceRestarting { sourceReturned(state: &state) }
                guard case .audio(let block) = frame.content else { continue loop }
                state.quietSeconds = 0
                listen(to: block, state: &state)
                if case .capture(let seconds) = configuration.mode, state.heardSeconds >= seconds { break loop }
            }
        }
        if case .capture = configuration.mode { endCapture(state: &state) }
        if configuration.mode == .file { endFile(state: state) }
        state.alerts.measuringStopped()
        let lost = lock.withLock { summary.lost }
        if continuous && lost == nil { say(.status, Phrasing.status(.listeningEnded, locale: configuration.locale)) }
        fanOut.drain(timeout: 120)
        let ended = lock.withLock { summary }
        log.event(.info, "listen.ended", [.public("blocks", String(ended.blocks)), .public("moments", String(ended.moments)),
                                          .public("lost", ended.lost?.rawValue ?? "no")])
        return ended
    }

    /// Listening ended without being asked to: said once, and what `SoundAlerts` holds is
    /// no longer being measured. A file that fails is the file's problem, not a lost
    /// microphone: the terminal has the source's words and the exit status says it.
    private func lose(_ reason: ListeningLossReason, state: inout ListeningState) {
        if configuration.mode == .file {
            log.event(.error, "listen.file.failed", [.public("source", source.pluginID)])
            lock.withLock { summary.fileFailed = true }
            return
        }
        log.event(.error, "listen.stopped", [.public("source", source.pluginID), .public("reason", reason.rawValue)])
        state.alerts.measuringStopped()
        lock.withLock { summary.lost = reason }
        say(.status, Phrasing.status(.listeningLost(reason), locale: configuration.locale))
    }

    /// A source that resumes died: listening is lost until a new one gives a block, said
    /// once as any lost listening is (a file, whose new source reads on where the first
    /// stopped, only to the terminal), and nothing until then is measured silence.
    private func sourceDied(_ death: PluginStopped, state: inout ListeningState) {
        state.alerts.measuringStopped()
        if case .backingOff(let seconds) = death.cause {
            usleep(UInt32(min(max(seconds, 0), 0.1) * 1e6))
            return
        }
        guard !state.sourceRestarting else { return }
        state.sourceRestarting = true
        sourceProblem("\(death)")
        log.event(.error, "listen.source.restarting", [.public("source", source.pluginID), .public("reason", death.code)])
        if configuration.mode != .file {
            say(.status, Phrasing.status(.listeningLost(.sourceStopped), locale: configuration.locale))
        }
    }

    /// The new source gave its first block: the gap is said once ("Listening again: …
    /// sounds in the meantime were not heard"), never taken for quiet.
    private func sourceReturned(state: inout ListeningState) {
        state.sourceRestarting = false
        log.event(.info, "listen.source.restarted", [.public("source", source.pluginID)])
        if configuration.mode != .file {
            say(.status, Phrasing.status(.listeningResumed, locale: configuration.locale))
        }
    }

    /// One block: every perceiver on it, per sound the strongest record, safety sounds
    /// alerted at once, the others described now (a file, continuous) or at the capture's end.
    private func listen(to block: AudioBlock, state: inout ListeningState) {
        let first = state.firstSample ?? block.firstSampleNanoseconds
        state.firstSample = first
        let time = Double(block.firstSampleNanoseconds &- first) / 1e9
        state.heardSeconds = time + Double(block.durationNanoseconds) / 1e9
        if configuration.mode == .file { fileSeconds = time }
        lock.withLock { summary.blocks += 1 }
        let (perceived, failed, problems) = perceive(block)
        // A stop cancels the perceivers mid-block: that block is dropped, not a failure.
        if stopped { return }
        let records = SoundCombination.strongestPerLabel(perceived)
        if !records.isEmpty || !failed.isEmpty { state.heardAnything = true }
        let (safety, others) = SoundAlerts.separate(records)
        // A failure is said once while it lasts, before what the others heard: a sound
        // perceiver that stopped leaves the person hearing less, which must not pass for quiet.
        if !failed.isEmpty {
            lock.withLock { summary.blocksWithFailedPerceivers += 1 }
            if !state.perceiverFailing {
                let status: SpokenStatus = configuration.mode == .file ? .perceiverFailed(.sound) : .perceiverStopped(.sound)
                say(.status, Phrasing.status(status, locale: configuration.locale))
            }
        } else if state.perceiverFailing {
            // Every perceiver heard this block again (an isolated one restarted within its
            // budget): said once, so quiet from here on is measured quiet again.
            say(.status, Phrasing.status(.perceiverReturned(.sound), locale: configuration.locale))
        }
        state.perceiverFailing = !failed.isEmpty
        // Samples lost before this block, or a perceiver that did not hear it: what the
        // others heard is still alerted, but nothing is counted as measured silence.
        if !block.continuesPrevious { state.alerts.notMeasured(until: block.firstSampleNanoseconds) }
        if !failed.isEmpty { state.alerts.notMeasured(until: block.endNanoseconds) }
        let alerts = state.alerts.heard(safety, until: block.endNanoseconds)
        for alert in alerts { say(alert) }
        lock.withLock { summary.alerts += alerts.count }
        var outcome: DescriptionOutcome?
        var said = false
        if case .capture = configuration.mode {
            state.captured.append(records)
        } else if let news = state.news.news(in: others, until: block.endNanoseconds) {
            // Said when a sound is news (SoundNews), never when only its hedge moved.
            let described = pipeline.describe(news)
            for announcement in described.announcements { say(announcement.message(locale: configuration.locale)) }
            described.sentences.forEach { say(.description, $0) }
            said = !described.sentences.isEmpty
            outcome = described
        }
        guard case .capture = configuration.mode else {
            if !records.isEmpty || !alerts.isEmpty || !failed.isEmpty {
                emit(Moment(time: time, records: records, alerts: alerts.map(\.text), outcome: outcome, said: said,
                            failedStreams: failed, perceiverProblems: problems))
            }
            return
        }
        state.captureAlerts += alerts.map(\.text)
        state.captureFailed.formUnion(failed)
        state.captureProblems += problems
    }

    /// A capture's sounds, said once: per sound the strongest record of the whole capture.
    /// With nothing heard and nothing alerted, the pipeline says nothing was recognized,
    /// a fact about the perceivers; after a lost microphone nothing is claimed of the rest.
    private func endCapture(state: inout ListeningState) {
        let records = SoundCombination.strongestPerLabel(state.captured)
        let others = records.filter { !SoundAlerts.isSafetySound($0.label) }
        let lost = lock.withLock { summary.lost != nil }
        var outcome: DescriptionOutcome?
        // "Nothing was recognized" only when every perceiver heard the whole capture: one
        // that failed heard nothing, which is not nothing there (Invariant 2).
        if !others.isEmpty || (state.captureAlerts.isEmpty && !lost && state.firstSample != nil && state.captureFailed.isEmpty) {
            let described = pipeline.describe(others)
            for announcement in described.announcements { say(announcement.message(locale: configuration.locale)) }
            described.sentences.forEach { say(.description, $0) }
            outcome = described
        }
        guard state.firstSample != nil else { return }
        emit(Moment(time: 0, records: records, alerts: state.captureAlerts, outcome: outcome, said: outcome != nil,
                    failedStreams: PerceptionStream.allCases.filter(state.captureFailed.contains), perceiverProblems: state.captureProblems))
    }

    /// A whole file in which nothing was heard is said to be so, once: silence after a file
    /// would sound like listening that failed (Invariant 6). A file that could not be read
    /// to its end claims nothing.
    private func endFile(state: ListeningState) {
        guard !state.heardAnything, lock.withLock({ !summary.fileFailed }), state.firstSample != nil else { return }
        let described = pipeline.describe([])
        described.sentences.forEach { say(.description, $0) }
        emit(Moment(time: 0, records: [], alerts: [], outcome: described, said: true, failedStreams: [], perceiverProblems: []))
    }

    private func emit(_ moment: Moment) {
        lock.withLock { summary.moments += 1 }
        log.event(.debug, "listen.moment", [.public("records", String(moment.records.count)), .public("alerts", String(moment.alerts.count)),
                                            .public("said", moment.said ? "yes" : "no")])
        heard(moment)
    }

    /// Every perceiver on the same block at once: each one's records, and the streams of
    /// those that failed.
    private func perceive(_ block: AudioBlock) -> (records: [[PerceptionRecord]], failed: [PerceptionStream], problems: [String]) {
        let deadline = MonotonicClock.nanoseconds() + UInt64(configuration.perceiveSeconds * 1e9)
        let round = PerceiverRound(perceivers, on: .audio(block), timestampNanoseconds: block.firstSampleNanoseconds,
                                   locale: configuration.locale, deadline: deadline, log: log, failureEvent: "listen.perceive.failed")
        return (round.records, round.failed, round.problems)
    }

    private func say(_ signal: OutputSignal, _ text: String) {
        say(OutputMessage(signal: signal, text: text, locale: configuration.locale, isUrgent: false, sessionTime: 0, sequence: 0))
    }

    private func say(_ message: OutputMessage) {
        if let fileSeconds {
            var stamped = message
            stamped.sessionTime = fileSeconds
            stamped.sequence = fanOut.nextSequence()
            observer(Delivery(message: stamped, targets: fanOut.deliver(stamped)))
            return
        }
        let (stamped, targets) = fanOut.deliverStamped(message)
        observer(Delivery(message: stamped, targets: targets))
    }
}

/// What one listening run remembers between blocks: records and timings, never samples.
struct ListeningState {
    var alerts: SoundAlerts
    var firstSample: UInt64?
    /// Seconds of audio heard so far, by the blocks' own clock.
    var heardSeconds = 0.0
    /// Seconds of "nothing yet" from the source in a row.
    var quietSeconds = 0.0
    /// Which sounds heard are news for a description (file and continuous listening).
    var news = SoundNews()
    /// Something was heard, or a perceiver failed, on some block.
    var heardAnything = false
    var perceiverFailing = false
    /// The source died and a new one is being started (`SensingSourceInstance.restarts`).
    var sourceRestarting = false
    /// A capture's records per block (safety sounds too, for `--json`), combined at its end.
    var captured: [[PerceptionRecord]] = []
    var captureAlerts: [String] = []
    var captureFailed: Set<PerceptionStream> = []
    var captureProblems: [String] = []

    init(alerts: SoundAlerts) {
        self.alerts = alerts
    }
}

extension ListeningLossReason {
    /// A microphone gone is the source's SB_ERR_UNAVAILABLE (or its end); anything else,
    /// a crash, a hang or another error, is the plugin that stopped working.
    init(_ error: Error) {
        if let call = error as? PluginCallError, call.isUnavailable || call.isEndOfStream {
            self = .microphoneGone
        } else {
            self = .sourceStopped
        }
    }
}
