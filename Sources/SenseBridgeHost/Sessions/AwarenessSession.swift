import Dispatch
import Foundation
import SenseBridgeCore

/// Hands-free awareness: the one continuous loop. Two cadences from one loop:
///
/// - every depth frame is reduced (`DepthReduction`) and judged (`AwarenessEngine`) on
///   the loop thread, and its alerts are handed to the fan-out at once, which only
///   enqueues (Invariant 5: nothing on this path waits on a plugin but the source);
/// - composition runs every `narrationInterval` of recorded time on a background
///   queue, single-flight: a tick that finds one in flight is skipped, not queued, so
///   a slow composer costs descriptions, never alerts. A description that completes
///   more than `maximumDescriptionAge` after its tick is dropped: the world moved on.
///
/// Each records frame is one detection pass through a `DetectionStabilizer`: an object is
/// named once two consecutive passes agree and survives brief absences, so a dog seen in
/// one frame is never announced and withdrawn a second later.
///
/// Thermal backoff (`ThermalBackoff`, read through `Configuration.thermal` once a second of
/// session time) stretches both cadences 2× when the device is serious and 4× when
/// critical: only every n-th depth frame is reduced and narration ticks n intervals
/// apart. Each change of pace is said once, recovery included; heat never ends a session.
///
/// Session start and stop are said once each, a source failure once (and its recovery
/// once), and a summary of facts about the app ends every session (Invariant 6). A source
/// whose manifest says it resumes is started again when it dies (`sensingInterrupted`,
/// then `sensingResumed`), within the restart budget; past it, sensing stopped.
///
/// A tick whose records hold nothing above the floor is said as the pipeline words it,
/// "Nothing was recognized clearly enough to name." (`DescriptionOutcome.sentences`),
/// through the same throttle as any description: said on the tick that turns to it,
/// never again while it stays. Why say it at all: the throttle makes silence mean "the
/// same as before", so a walk that went quiet when the door stopped being recognized
/// would leave the person believing the door is still there (Invariants 6 and 7).
///
/// Session time is kept in whole nanoseconds and comes from the frames (`Clock`): in a
/// `--fast` replay it is the recording's own time, so the same recording gives the same
/// transcript on every run.
/// Unchecked Sendable: `lock` guards the flags, `latestNanoseconds`, `throttle` and `summary`; the rest is `let`.
public final class AwarenessSession: @unchecked Sendable {
    /// Where session time comes from.
    public enum Clock: Sendable {
        /// Frames are stamped on the host's monotonic clock (a live sensor, a replay at
        /// recorded pace): session time is a frame's timestamp less the host's clock when
        /// the session started, and the depth cadence is real time.
        case monotonic
        /// Frames are stamped with the recording's own time from zero (a `--fast`
        /// replay): session time is the timestamp itself, and no reading of the host's
        /// clock decides anything the person hears. The former wall-clock offset between
        /// the session's start and the source's made a tick due at 6.85 s compare below
        /// its frame in about 3% of runs and move to the next records frame.
        case recording
    }

    public struct Configuration: Sendable {
        /// Seconds of recorded time between compositions; comfort, not safety, sets it.
        public var narrationInterval: Double = 6
        /// `.recording` only with a source that stamps frames with recording time
        /// (`ReplaySource` with `pace: "fast"`); `walk --fast` sets it with `waitsForComposition`.
        public var clock: Clock = .monotonic
        /// Waits for each composition on the loop. Only for `--fast` replays, where there
        /// is no real time to keep and the output should be the same every run; a live or
        /// recorded-pace session never sets it (it would break Invariant 5).
        public var waitsForComposition = false
        /// How long one `next_frame` call may block, which bounds how late `stop()` is seen.
        public var frameTimeoutMilliseconds: UInt32 = 250
        /// A source that keeps failing this long (seconds of wall time) ends the session,
        /// which is said; until then it is retried and the last state held. With the
        /// `.recording` clock it counts paced retries instead, so a recording that fails
        /// mid-replay ends the same way however busy the machine is.
        public var maximumSourceOutage: Double = 30
        public var locale: SpokenLocale = .en
        /// Consecutive detection passes before an object is named, and passes a named
        /// object may be missing and still be named (`DetectionStabilizer`).
        public var detectionConfirmations = DetectionStabilizer.defaultConfirmations
        public var detectionPersistence = DetectionStabilizer.defaultPersistence
        /// Seconds between the starts of two live detection passes (`LiveDetection`): two
        /// agreeing passes confirm a thing within two seconds, several passes fall in one
        /// narration interval, and a detector of about 60 ms takes about 6 % of one core.
        public var detectionInterval: Double = 1
        /// How long the perceivers may take over one picture before the pass is given up.
        public var perceiveSeconds: Double = 10
        /// false for a source without depth (`walk --camera`): said once at the start, so a
        /// walk without obstacle alerts is never taken for a walk with nothing in the way.
        public var hasDepthSensor = true
        /// The device's thermal level, read once a second of session time; nil: no
        /// backoff (a machine whose zones cannot be read gets none, and nothing is said).
        public var thermal: ThermalPoller?

        public init() {}
    }

    /// One message handed to the fan-out, with when its frame was timestamped and when it
    /// was delivered (both monotonic nanoseconds), so the depth cadence can be measured.
    public struct Delivery: Sendable {
        public var message: OutputMessage
        public var frameTimestampNanoseconds: UInt64?
        /// When the host received that frame from the source; the fan-out measures each
        /// target's render call from here (`ProfileFanOut.renderLatency(of:)`).
        public var frameReceivedNanoseconds: UInt64?
        public var deliveredNanoseconds: UInt64
        /// The render targets the message was handed to, by the names the profile gives
        /// them ("captions"); empty when none was working and it went to the text fallback.
        public var targets: [String]
    }

    /// One finished description of the walk, for `walk --json`: how the moment was
    /// composed (the network's part, a composer failure), whether or not it was then said.
    public struct Composition: Sendable {
        /// The recorded time of the narration tick it describes, and when it finished.
        public var tick: Double
        public var time: Double
        public var outcome: DescriptionOutcome
    }

    /// Facts about the run, for the spoken summary and for tests; never about the world.
    public struct Summary: Sendable, Equatable {
        public var alertsRaised = 0
        public var secondsRun = 0.0
        public var depthFrames = 0
        public var unmeasuredFrames = 0
        public var pulses = 0
        public var descriptionsSaid = 0
        public var descriptionsSuppressed = 0
        public var descriptionsDropped = 0
        public var ticksSkipped = 0
        public var sourceFailures = 0
        public var slowestReductionNanoseconds: UInt64 = 0
        /// Depth frames left unreduced by thermal backoff, and how often its pace changed.
        public var depthFramesBackedOff = 0
        public var thermalPaceChanges = 0
    }

    /// Two narration intervals: older than that, a description is about another place.
    public var maximumDescriptionAge: Double { configuration.narrationInterval * 2 }
    private var narrationIntervalNanoseconds: UInt64 { Self.nanoseconds(configuration.narrationInterval) }

    private let source: SensingSourceInstance
    /// nil: descriptions are off and alerts still run. Its announcements (network
    /// composition's state changes) bypass the narration throttle, since each is said once.
    private let pipeline: DescriptionPipeline?
    private let fanOut: ProfileFanOut
    private let configuration: Configuration
    private let observer: @Sendable (Delivery) -> Void
    private let compositionObserver: @Sendable (Composition) -> Void
    private let log: HostLog
    private let composition = DispatchQueue(label: "sensebridge.awareness.composition")
    private let compositionDone = DispatchGroup()

    private let lock = NSLock()
    private var stopRequested = false
    private var compositionInFlight = false
    /// Session time of the latest frame; every schedule decision compares these integers.
    private var latestNanoseconds: UInt64 = 0
    private var throttle = NarrationThrottle()
    private var summary = Summary()

    /// The perceivers that look at the source's pictures during the walk, off the loop.
    private let perceivers: [PerceiverInstance]

    /// `perceivers` look at the source's image frames on a thread of their own, at most
    /// every `Configuration.detectionInterval`; their passes feed the detection stabiliser
    /// like a source's records frames.
    public init(source: SensingSourceInstance, pipeline: DescriptionPipeline?, fanOut: ProfileFanOut,
                perceivers: [PerceiverInstance] = [],
                configuration: Configuration = Configuration(), log: HostLog = .shared,
                compositionObserver: @escaping @Sendable (Composition) -> Void = { _ in },
                observer: @escaping @Sendable (Delivery) -> Void = { _ in }) {
        self.compositionObserver = compositionObserver
        self.source = source
        self.pipeline = pipeline
        self.fanOut = fanOut
        self.perceivers = perceivers
        self.configuration = configuration
        self.log = log
        self.observer = observer
    }

    /// Ends the loop within one frame timeout; safe from any thread.
    public func stop() {
        lock.withLock { stopRequested = true }
        pipeline?.cancel()
    }

    /// Runs until the source ends, `stop()` is called, or the source stays failed for
    /// `maximumSourceOutage`. Throws only when the source cannot start (a plugin fails
    /// loudly at the start, never mid-walk).
    @discardableResult
    public func run() throws -> Summary {
        let origin = MonotonicClock.nanoseconds()
        try source.start()
        log.event(.info, "awareness.started")
        deliver(.status, Phrasing.status(.sessionStarted, locale: configuration.locale), time: 0, frame: nil)
        if !configuration.hasDepthSensor {
            deliver(.status, Phrasing.status(.noDepthSensor, locale: configuration.locale), time: 0, frame: nil)
        }
        announce(pipeline?.sessionStart() ?? [], time: 0)
        let detection = perceivers.isEmpty ? nil : LiveDetection(
            perceivers: perceivers, interval: configuration.detectionInterval, perceiveSeconds: configuration.perceiveSeconds,
            locale: configuration.locale, log: log) { [self] status in
                deliver(.status, Phrasing.status(status, locale: configuration.locale), time: currentNanoseconds, frame: nil)
            }
        detection?.start()
        var engine = AwarenessEngine()
        let reducer = DepthReducer()
        // Each records frame is one detection pass. A pass that failed is never fed, so
        // the stable set holds through a source failure.
        var detections = DetectionStabilizer(confirmations: configuration.detectionConfirmations,
                                             persistence: configuration.detectionPersistence)
        // A safety sound among a records frame's detections is an alert, never a
        // description (Invariant 10), by the same rules `listen` says them by.
        var safetySounds = SoundAlerts(locale: configuration.locale)
        var nextNarrationTick: UInt64 = 0
        var backoff = ThermalBackoff()
        var nextThermalRead: UInt64 = 0
        var depthFramesSeen = 0
        var failingSince: UInt64?
        var failedRetries = 0
        /// A source that resumes died and is being started again (`sensingInterrupted` said).
        var sourceInterrupted = false
        var runID: UInt64?
        /// The latest depth map, handed with each picture to live detection, which measures
        /// what it finds against it.
        var latestDepth: (map: DepthMap, timestamp: UInt64)?

        loop: while !lock.withLock({ stopRequested }) {
            let next: SensingSourceInstance.Next
            do {
                next = try source.next(timeoutMilliseconds: configuration.frameTimeoutMilliseconds)
            } catch let stopped as PluginStopped where source.restarts && stopped.leadsToRestart {
                // A source that resumes died: said once, urgently, and the next call
                // starts a new one as the budget allows. The last state holds meanwhile;
                // nothing is measured, so nothing is called clear.
                safetySounds.measuringStopped()
                if case .backingOff(let seconds) = stopped.cause {
                    usleep(UInt32(min(max(seconds, 0), Self.retryPause) * 1e6))
                } else if !sourceInterrupted {
                    sourceInterrupted = true
                    lock.withLock { summary.sourceFailures += 1 }
                    log.event(.error, "awareness.source.restarting", [.public("source", source.pluginID), .public("reason", stopped.code)])
                    deliver(.status, Phrasing.status(.sensingInterrupted, locale: configuration.locale), time: currentNanoseconds, frame: nil,
                            urgent: true)
                }
                continue
            } catch let stopped as PluginStopped where stopped.stoppedWithHost {
                // Signalled by the same stop as the host (a service stop): the stop
                // asked for, said as such by the session's end, never as a loss.
                break loop
            } catch let stopped as PluginStopped {
                // Crashed, or silent past its timeout: retrying a dead source would only
                // pretend. Said once, urgently (the person just lost obstacle alerts),
                // and the session ends with its summary. A source that resumes ends here
                // only when its restarts ran out (`stayedOff`).
                if !sourceInterrupted { lock.withLock { summary.sourceFailures += 1 } }
                log.event(.error, "awareness.source.stopped", [.public("source", source.pluginID), .public("reason", stopped.code)])
                deliver(.status, Phrasing.status(.sensingStopped, locale: configuration.locale), time: currentNanoseconds, frame: nil, urgent: true)
                break loop
            } catch {
                let now = MonotonicClock.nanoseconds()
                // A failing source measures no sound: never "no longer heard" across it.
                safetySounds.measuringStopped()
                if failingSince == nil {
                    failingSince = now
                    failedRetries = 0
                    lock.withLock { summary.sourceFailures += 1 }
                    log.event(.error, "awareness.source.failed", [.public("source", source.pluginID)])
                    deliver(.status, Phrasing.sensorFailing(locale: configuration.locale), time: currentNanoseconds, frame: nil)
                }
                let outage = configuration.clock == .recording
                    ? Double(failedRetries) * Self.retryPause
                    : Double(now - (failingSince ?? now)) / 1e9
                if outage >= configuration.maximumSourceOutage { break loop }
                // A failing plugin may fail instantly; pace the retries.
                failedRetries += 1
                usleep(UInt32(Self.retryPause * 1e6))
                continue
            }
            guard case let .frame(frame) = next else {
                if case .endOfStream = next { break loop }
                continue
            }
            let received = MonotonicClock.nanoseconds()
            if sourceInterrupted {
                sourceInterrupted = false
                log.event(.info, "awareness.source.restarted", [.public("source", source.pluginID)])
                deliver(.status, Phrasing.status(.sensingResumed, locale: configuration.locale), time: currentNanoseconds, frame: nil)
            }
            if failingSince != nil {
                failingSince = nil
                log.event(.info, "awareness.source.recovered", [.public("source", source.pluginID)])
                deliver(.status, Phrasing.sensorRecovered(locale: configuration.locale), time: currentNanoseconds, frame: nil)
            }
            // Records from an earlier run of the source describe a place left behind.
            if runID != frame.runID {
                runID = frame.runID
                detections.reset()
            }
            let time = sessionNanoseconds(of: frame.timestampNanoseconds, origin: origin)
            lock.withLock { latestNanoseconds = max(latestNanoseconds, time) }
            if let thermal = configuration.thermal, time >= nextThermalRead {
                nextThermalRead = time + Self.nanoseconds(ThermalPoller.interval)
                if let changed = backoff.feed(thermal.read()) { paceChanged(to: changed, time: time) }
            }
            switch frame.content {
            case .depth(let map):
                if detection != nil { latestDepth = (map, frame.timestampNanoseconds) }
                // Backed off ×n, only every n-th frame is reduced: the sensor keeps its
                // rate, the host does a 1/n of the work (and the alert waits up to n frames).
                depthFramesSeen += 1
                guard (depthFramesSeen - 1) % backoff.intervalMultiplier == 0 else {
                    lock.withLock { summary.depthFramesBackedOff += 1 }
                    break
                }
                let started = MonotonicClock.nanoseconds()
                let outcome = reducer.reduce(map)
                let cost = MonotonicClock.nanoseconds() - started
                let events = engine.feed(outcome, at: Self.seconds(time))
                lock.withLock {
                    summary.depthFrames += 1
                    summary.unmeasuredFrames += outcome.reading == nil ? 1 : 0
                    summary.slowestReductionNanoseconds = max(summary.slowestReductionNanoseconds, cost)
                }
                for event in events { say(event, time: time, frame: frame.timestampNanoseconds, received: received) }
            case .records(let records):
                let (safety, others) = SoundAlerts.separate(records)
                for alert in safetySounds.heard(safety, until: frame.timestampNanoseconds) {
                    deliver(alert.signal, alert.text, time: time, frame: frame.timestampNanoseconds, received: received,
                            urgent: alert.isUrgent)
                }
                detections.feed(others)
            case .image(let image):
                // A picture is the perceivers' to look at, off this loop; without them it
                // is never a depth frame that measured nothing.
                detection?.offer(image, timestamp: frame.timestampNanoseconds, depth: latestDepth)
            case .audio:
                // A walk does not listen (listening is `sensebridge listen`); a source that
                // interleaves sound is never mistaken for a depth frame that measured nothing.
                break
            }
            for pass in detection?.takePasses() ?? [] {
                if pass.failed { detections.passFailed() } else { detections.feed(pass.records) }
            }
            // Until a label could have been confirmed, an empty stable set would be said as
            // "nothing recognized": too early to tell is not that, so the tick waits.
            if detections.hasSettled, time >= nextNarrationTick {
                nextNarrationTick = time + narrationIntervalNanoseconds * UInt64(backoff.intervalMultiplier)
                compose(detections.stable, tick: time)
            }
        }
        // Neither a perceiver nor the composer may be in use when the caller destroys it.
        detection?.stop()
        if compositionDone.wait(timeout: .now() + (pipeline?.timeout ?? 0) + 2) == .timedOut {
            log.event(.error, "awareness.composition.abandoned")
        }
        source.stop()
        let (final, end) = lock.withLock { () -> (Summary, UInt64) in
            summary.secondsRun = Self.seconds(latestNanoseconds)
            return (summary, latestNanoseconds)
        }
        deliver(.sessionSummary, Phrasing.sessionSummary(alerts: final.alertsRaised, seconds: final.secondsRun, locale: configuration.locale),
                time: end, frame: nil)
        deliver(.status, Phrasing.status(.sessionStopped, locale: configuration.locale), time: end, frame: nil)
        log.event(.info, "awareness.stopped", [.public("alerts", String(final.alertsRaised)), .public("frames", String(final.depthFrames))])
        return final
    }

    private var currentNanoseconds: UInt64 { lock.withLock { latestNanoseconds } }

    /// Said once per change of pace, recovery included; the session never stops for heat.
    private func paceChanged(to level: ThermalLevel, time: UInt64) {
        lock.withLock { summary.thermalPaceChanges += 1 }
        log.event(.info, "awareness.thermal.pace", [.public("level", String(describing: level)),
                                                     .public("multiplier", String(level.intervalMultiplier))])
        deliver(.status, Phrasing.status(.thermalBackoff(level), locale: configuration.locale), time: time, frame: nil)
    }

    /// A source that fails at once is asked again after this long (seconds).
    static let retryPause = 0.1

    /// A frame's session time (`Clock`). A monotonic timestamp from before the session
    /// started (a source's clock slightly behind) takes the latest time instead. Held at
    /// `sessionTimeCeilingNanoseconds`: a timestamp is a plugin's number, and a source with a broken
    /// clock stamping frames near UInt64.max made the schedule's additions overflow.
    private func sessionNanoseconds(of timestamp: UInt64, origin: UInt64) -> UInt64 {
        Self.sessionNanoseconds(of: timestamp, origin: origin, clock: configuration.clock, latest: currentNanoseconds)
    }

    /// The rule itself, apart from the session's state: `latest` is the session time so far.
    static func sessionNanoseconds(of timestamp: UInt64, origin: UInt64, clock: Clock, latest: UInt64) -> UInt64 {
        let time: UInt64
        switch clock {
        case .recording: time = timestamp
        case .monotonic: time = timestamp >= origin ? timestamp - origin : latest
        }
        return min(time, sessionTimeCeilingNanoseconds)
    }

    /// The latest session time kept, about 285 years: far beyond any walk, and far enough
    /// below UInt64.max that adding an interval to it cannot overflow.
    static let sessionTimeCeilingNanoseconds: UInt64 = 9_000_000_000_000_000_000

    static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(0, min((seconds * 1e9).rounded(), Double(sessionTimeCeilingNanoseconds))))
    }

    /// Seconds for what is said and shown; never compared to decide anything.
    static func seconds(_ nanoseconds: UInt64) -> Double {
        Double(nanoseconds) / 1e9
    }

    private func say(_ event: AwarenessEvent, time: UInt64, frame: UInt64, received: UInt64) {
        switch event {
        case .alert:
            lock.withLock { summary.alertsRaised += 1 }
        case .pulse:
            // The band's repeat of the alert cue, for channels without prose: the fan-out
            // hands it only to targets that play the "awareness-pulse" cue (haptics; a
            // tone on speech where the profile asks), never as words (Invariant 7).
            lock.withLock { summary.pulses += 1 }
            deliver(.awarenessPulse, "", time: time, frame: frame, received: received)
            return
        default:
            break
        }
        guard let text = Phrasing.awareness(event, locale: configuration.locale) else { return }
        let signal: OutputSignal
        let urgent: Bool
        switch event {
        case .alert, .nearerBand: (signal, urgent) = (.awarenessAlert, true)
        case .clear: (signal, urgent) = (.awarenessClear, false)
        default: (signal, urgent) = (.status, false)
        }
        deliver(signal, text, time: time, frame: frame, received: received, urgent: urgent)
    }

    /// Starts a composition unless one is in flight (then the tick is skipped, not queued).
    private func compose(_ records: [PerceptionRecord], tick: UInt64) {
        guard pipeline != nil else { return }
        let busy = lock.withLock { () -> Bool in
            if compositionInFlight {
                summary.ticksSkipped += 1
                return true
            }
            compositionInFlight = true
            return false
        }
        guard !busy else { return }
        if configuration.waitsForComposition {
            runComposition(records, tick: tick)
        } else {
            composition.async(group: compositionDone) { [self] in runComposition(records, tick: tick) }
        }
    }

    private func runComposition(_ records: [PerceptionRecord], tick: UInt64) {
        guard let pipeline else { return }
        let outcome = pipeline.describe(records)
        let finished = currentNanoseconds
        compositionObserver(Composition(tick: Self.seconds(tick), time: Self.seconds(finished), outcome: outcome))
        announce(outcome.announcements, time: finished)
        finishComposition(outcome.sentences, tick: tick)
    }

    /// State changes the pipeline reports: status messages, urgent ones urgent, never
    /// throttled (each is already said exactly once).
    private func announce(_ announcements: [StatusAnnouncement], time: UInt64) {
        for announcement in announcements {
            deliver(.status, announcement.text, time: time, frame: nil, urgent: announcement.isUrgent)
        }
    }

    private func finishComposition(_ sentences: [String], tick: UInt64) {
        let decision = lock.withLock { () -> (say: Bool, time: UInt64) in
            compositionInFlight = false
            let now = latestNanoseconds
            if now > tick, now - tick > narrationIntervalNanoseconds * 2 {
                summary.descriptionsDropped += 1
                return (false, now)
            }
            guard throttle.admit(sentences) else {
                summary.descriptionsSuppressed += 1
                return (false, now)
            }
            summary.descriptionsSaid += 1
            return (true, now)
        }
        guard decision.say else { return }
        for sentence in sentences { deliver(.description, sentence, time: decision.time, frame: nil) }
    }

    private func deliver(_ signal: OutputSignal, _ text: String, time: UInt64, frame: UInt64?, received: UInt64? = nil,
                         urgent: Bool = false) {
        lock.lock()
        let message = OutputMessage(signal: signal, text: text, locale: configuration.locale, isUrgent: urgent,
                                    sessionTime: Self.seconds(time), sequence: fanOut.nextSequence())
        let targets = fanOut.deliver(message, observedNanoseconds: received)
        let delivery = Delivery(message: message, frameTimestampNanoseconds: frame, frameReceivedNanoseconds: received,
                                deliveredNanoseconds: MonotonicClock.nanoseconds(), targets: targets)
        lock.unlock()
        observer(delivery)
    }
}
