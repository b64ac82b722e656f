/// Safety sounds become alerts (Invariant 10): a smoke, fire or carbon-monoxide alarm or a
/// siren is said as an urgent alert, never as a description; again at
/// `SoundAlertSettings.repeatSeconds` while it goes on; and "no longer heard" only after it
/// was measured absent for `goneAfterSeconds` with the microphone working throughout.
///
/// Pure rules, like `AwarenessEngine`: the combined records of each analysed block and the
/// block's end time on the host clock in, messages out; no clock, queue or I/O, so every
/// rule is tested with plain values. The session stamps `sessionTime` and `sequence`.
///
/// Hedged like every statement: each alert from the confidence of a record heard since it
/// was last said, through the reviewed tables (`SpokenTable.safetyAlert`); below the
/// precision floor nothing is said. Never certain: no template without a hedge exists.
public struct SoundAlerts: Sendable {
    /// The sounds that are alerts, in the order two heard at once with the same
    /// confidence are said.
    public static let safetySounds = ["smoke_alarm", "fire_alarm", "carbon_monoxide_alarm", "siren"]

    public let locale: SpokenLocale
    public let settings: SoundAlertSettings
    /// Per safety sound alerted and not yet said to be gone.
    private var episodes: [String: Episode] = [:]
    /// False until the first block and after `measuringStopped`: the next block is a restart.
    private var measuring = false

    /// One safety sound from its alert until it is said to be no longer heard.
    private struct Episode: Sendable {
        /// The end of the block in which it was last said.
        var lastSaid: UInt64
        /// The strongest confidence above the floor heard since it was last said: what a
        /// repetition is hedged by. Nil when none was, and then nothing is repeated: a
        /// repetition claims the sound was heard since the last one.
        var strongestSinceSaid: Double?
        /// Where its measured absence is counted from: the end of the last block that
        /// heard it at all, or of the first block after a restart of the microphone.
        var absentSince: UInt64
        /// Heard again after the microphone restarted: said at once, not at the next
        /// repetition, since the person was told listening stopped.
        var sayAtOnce = false
    }

    public init(locale: SpokenLocale, settings: SoundAlertSettings = .init()) {
        self.locale = locale
        self.settings = settings
    }

    /// smoke_alarm, fire_alarm, carbon_monoxide_alarm, siren; spelled as the vocabulary
    /// reads identifiers ("Smoke Alarm", "fire-alarm").
    public static func isSafetySound(_ label: String) -> Bool {
        safetySounds.contains(SpokenVocabulary.canonicalIdentifier(label))
    }

    /// A pass's records split into the safety sounds, which are this type's to say, and
    /// everything else, which is described: so no session can describe a smoke alarm.
    public static func separate(_ records: [PerceptionRecord]) -> (safety: [PerceptionRecord], others: [PerceptionRecord]) {
        let isSafety = { (record: PerceptionRecord) in record.kind == .sound && isSafetySound(record.label) }
        return (records.filter(isSafety), records.filter { !isSafety($0) })
    }

    /// The safety sounds alerted and not yet said to be no longer heard, in
    /// `safetySounds` order. A failed microphone keeps them (Invariant 2).
    public var activeSafetySounds: [String] {
        Self.safetySounds.filter { episodes[$0] != nil }
    }

    /// Combined SOUND records of one analysed block (one record per label, the
    /// highest-confidence), covering heard audio up to `until` (host monotonic ns).
    /// Returns what to say now: an alert for a safety sound newly heard (signal
    /// `.safetyAlert`, urgent, hedged by its confidence), its repetition at
    /// `settings.repeatSeconds`, and "no longer heard" (`.awarenessClear`) once the sound
    /// was measured absent for `settings.goneAfterSeconds`. Alerts come first, the surest
    /// first; other sounds and other kinds of record are not this type's to say.
    ///
    /// A record of a safety sound below the precision floor says nothing and raises no
    /// alert, but it is not measured absence either: a faint alarm is not a silent one.
    /// Times that run backwards count as no time passing.
    public mutating func heard(_ records: [PerceptionRecord], until: UInt64) -> [OutputMessage] {
        let restarted = !measuring
        measuring = true
        var strongest: [String: Double] = [:]
        var faint: Set<String> = []
        for record in records where record.kind == .sound {
            let label = SpokenVocabulary.canonicalIdentifier(record.label)
            guard Self.safetySounds.contains(label) else { continue }
            if Certainty(confidence: record.confidence) != nil {
                strongest[label] = max(strongest[label] ?? 0, record.confidence)
            } else {
                faint.insert(label)
            }
        }
        var alerts: [(label: String, confidence: Double)] = []
        var gone: [String] = []
        for label in Self.safetySounds {
            guard var episode = episodes[label] else {
                if let confidence = strongest[label] {
                    episodes[label] = Episode(lastSaid: until, absentSince: until)
                    alerts.append((label, confidence))
                }
                continue
            }
            if restarted {
                // What was heard before the microphone failed grounds nothing after it,
                // and its silence while failed was never measured.
                episode.strongestSinceSaid = nil
                episode.absentSince = until
                episode.sayAtOnce = true
            }
            if let confidence = strongest[label] {
                episode.strongestSinceSaid = max(episode.strongestSinceSaid ?? 0, confidence)
            }
            if strongest[label] != nil || faint.contains(label) {
                episode.absentSince = until
            } else if Self.elapsed(from: episode.absentSince, to: until) >= settings.goneAfterNanoseconds {
                episodes[label] = nil
                gone.append(label)
                continue
            }
            if let confidence = episode.strongestSinceSaid,
               episode.sayAtOnce || Self.elapsed(from: episode.lastSaid, to: until) >= settings.repeatNanoseconds {
                alerts.append((label, confidence))
                episode.lastSaid = until
                episode.strongestSinceSaid = nil
                episode.sayAtOnce = false
            }
            episodes[label] = episode
        }
        // Stable: equal confidences keep `safetySounds` order.
        let surestFirst = alerts.enumerated().sorted {
            $0.element.confidence != $1.element.confidence ? $0.element.confidence > $1.element.confidence : $0.offset < $1.offset
        }
        return surestFirst.compactMap { alert($0.element) } + gone.map(noLongerHeard)
    }

    /// The microphone stopped measuring (failed, or listening ended): nothing about any
    /// sound is said, and later silence is not taken as "gone" until `heard` is called
    /// again after a restart (Invariant 2: a failed microphone is never "it stopped").
    /// The alerted sounds stay active; their absence is counted afresh from the first
    /// block after the restart, and one heard again then is said at once.
    public mutating func measuringStopped() {
        measuring = false
    }

    /// Up to `until`, listening did not hear everything: a perceiver failed on the block,
    /// samples were lost, or no audio came. Nothing is said, and every alerted sound's
    /// absence is counted afresh from `until`, so "no longer heard" needs
    /// `goneAfterSeconds` measured after it: a stretch nobody heard is never silence, and
    /// an alarm whose detector crashed is not an alarm that stopped (Invariants 2 and 10).
    /// Call it before `heard` for a block that was not wholly measured.
    public mutating func notMeasured(until: UInt64) {
        for (label, episode) in episodes {
            episodes[label]?.absentSince = max(episode.absentSince, until)
        }
    }

    private func alert(_ alert: (label: String, confidence: Double)) -> OutputMessage? {
        guard let certainty = Certainty(confidence: alert.confidence) else { return nil }
        return OutputMessage(signal: .safetyAlert, text: Phrasing.safetyAlert(alert.label, certainty: certainty, locale: locale),
                             locale: locale, isUrgent: true)
    }

    private func noLongerHeard(_ label: String) -> OutputMessage {
        OutputMessage(signal: .awarenessClear, text: Phrasing.safetySoundNoLongerHeard(label, locale: locale), locale: locale)
    }

    private static func elapsed(from start: UInt64, to end: UInt64) -> UInt64 {
        end >= start ? end - start : 0
    }
}
