import FuzzSupport
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeTesting

/// What a person hears from parsed input, produced the way the commands produce it and
/// checked where the output can be checked. The `records` and `recording` targets stop
/// no longer at parsing: a depth of 1e19 parsed fine and then killed `describe` and
/// `walk` in phrasing (SIGILL), which a parse-only target could never see.
///
/// Records go through the host's own `DescriptionPipeline` (the one `describe` and `walk`
/// use) in en/es/vi at every detail level, with a composer that proposes nothing, so the
/// narrator's label list speaks and the depth records become the measurement sentence.
/// A recording goes through the walk's rules: each depth frame through `DepthReducer`
/// and `AwarenessEngine`, each event phrased in every locale; each records pass through
/// `DetectionStabilizer`, its stable set described; then the session summary.
public enum FuzzNarration {
    /// Proposes nothing: the narrator's built-in label list then says every detection.
    final class SilentComposer: PhraseComposing {
        func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                            deadline: UInt64) throws -> [SubjectPhrase] { [] }
        func cancel() {}
    }

    static let pipelines: [DescriptionPipeline] = SpokenLocale.allCases.flatMap { locale in
        SpokenDetail.allCases.map { detail in
            DescriptionPipeline(composer: SilentComposer(), fallback: nil, locale: locale, detail: detail,
                                log: HostLog(threshold: .error, sink: { _ in }))
        }
    }

    static let oracle = GroundingOracle(universe: FuzzScene.labels)

    /// `records` described in every locale at every detail level; traps on a broken invariant.
    public static func describe(_ records: [PerceptionRecord]) {
        // The oracle reads names from the vocabulary as data; a label it was not given
        // (any string a file may hold) could read as a stranger's word, so it judges
        // scenes of the labels it knows, which the dictionary makes common.
        // Two spellings of one thing ("sofa" and "couch") make its reading ambiguous, as in
        // `FuzzScene`, so such a scene is not judged either.
        let named = records.filter { $0.kind == .object || $0.kind == .sound }
        let judgeable = named.allSatisfy { FuzzScene.labels.contains($0.label) }
            && Set(named.map(\.label)).count == Set(named.map { SpokenVocabulary.canonicalIdentifier($0.label) }).count
        for pipeline in pipelines {
            let outcome = pipeline.describe(records)
            checkHedges(outcome.narration, records: records)
            if judgeable {
                let breaches = oracle.breaches(of: outcome.narration, records: records, locale: pipeline.locale)
                fuzzCheck(breaches.isEmpty, "the grounding rule is broken: \(breaches)")
                let hidden = GroundingOracle.hiddenDetections(in: outcome.narration, records: records,
                                                              locale: pipeline.locale, detail: pipeline.detail)
                fuzzCheck(hidden.isEmpty, "\(hidden), which the label list names, not said")
            }
            checkMeasurement(outcome.measurement, of: records, locale: pipeline.locale)
        }
    }

    /// No sentence is surer than the weakest record it covers, and none covers a record
    /// it does not hold or one below the floor.
    static func checkHedges(_ narration: Narration, records: [PerceptionRecord]) {
        for sentence in narration.sentences {
            fuzzCheck(sentence.recordIndices.allSatisfy(records.indices.contains), "a sentence covers a record that is not there")
            guard sentence.stream != .text else { continue }
            let earned = Certainty.weakest(of: sentence.recordIndices.map { records[$0].confidence })
            fuzzCheck(earned.map { sentence.certainty <= $0 } ?? false,
                      "\(sentence.text) is \(sentence.certainty), its records earned \(String(describing: earned))")
        }
    }

    /// Depth records are said as the nearest measurement, rounded toward the person and
    /// never farther than measured; without a usable one, could-not-measure (never
    /// silence, never clear). No depth record, no measurement.
    static func checkMeasurement(_ measurement: String?, of records: [PerceptionRecord], locale: SpokenLocale) {
        let depths = records.filter { $0.kind == .depth }
        guard !depths.isEmpty else {
            fuzzCheck(measurement == nil, "a measurement said with no depth record: \(measurement ?? "")")
            return
        }
        guard let measurement else { fuzzCheck(false, "depth records and no measurement said"); return }
        let nearest = depths.compactMap(\.distanceMetres).filter { $0.isFinite && $0 >= 0 }.min()
        checkDistanceSentence(measurement, distance: nearest, locale: locale)
    }

    /// One sentence about `distance` (nil: nothing was measured), read from its text alone.
    static func checkDistanceSentence(_ text: String, distance: Double?, locale: SpokenLocale) {
        let couldNot = Phrasing.couldNotMeasure(locale: locale)
        guard let distance, distance <= PerceptionRecord.maximumDistanceMetres else {
            fuzzCheck(text == couldNot, "no measurement said as '\(text)'")
            return
        }
        fuzzCheck(text != couldNot, "a measurement of \(distance) m said as could-not-measure")
        guard let spoken = spokenNumber(in: text) else {
            fuzzCheck(distance < Phrasing.halfMetre && text.hasPrefix(Phrasing.nearestMeasurement(atDistance: 0, locale: locale)),
                      "'\(text)' says no number for \(distance) m")
            return
        }
        fuzzCheck(spoken <= distance && distance - spoken < Phrasing.farStep,
                  "'\(text)' for \(distance) m is farther than measured or off by a step")
    }

    /// The first number in `text`, with "." or "," before a decimal digit.
    static func spokenNumber(in text: String) -> Double? {
        guard let match = text.firstMatch(of: /([0-9]+)(?:[.,]([0-9]))?/) else { return nil }
        return Double("\(match.1)\(match.2.map { ".\($0)" } ?? "")")
    }

    /// A recording as `walk` hears it, from its first frame (its zero).
    public static func walk(_ recording: Recording) {
        guard let zero = recording.frames.first?.time else { return }
        var engine = AwarenessEngine()
        let reducer = DepthReducer()
        var detections = DetectionStabilizer()
        var described: [PerceptionRecord]?
        var alerts = 0
        for frame in recording.frames {
            let time = frame.time - zero
            switch frame.content {
            case .depth(let map):
                let outcome = reducer.reduce(map)
                let wasAlerting = engine.isAlerting
                let events = engine.feed(outcome, at: time)
                for event in events {
                    checkEvent(event, reading: outcome.reading, wasAlerting: wasAlerting)
                    if case .alert = event { alerts += 1 }
                }
            case .records(let records):
                detections.feed(records)
                // What a walk describes: the stable set once it settled; described again
                // only when it changes, which bounds the cost of a long recording.
                if detections.hasSettled, detections.stable != described {
                    described = detections.stable
                    describe(detections.stable)
                }
            }
        }
        let seconds = (recording.frames.last?.time ?? zero) - zero
        for locale in SpokenLocale.allCases {
            let summary = Phrasing.sessionSummary(alerts: alerts, seconds: seconds, locale: locale)
            let underAMinute = Phrasing.sessionSummary(alerts: alerts, seconds: 0, locale: locale)
            fuzzCheck((summary == underAMinute) == (seconds < 60), "'\(summary)' for a recording of \(seconds) s")
        }
    }

    /// An event is said only from a measurement: a frame that measured nothing can only
    /// hold the state or, once, say so; a clear needs an alert before it and a reading
    /// beyond the leave threshold; every distance is the frame's and said as one.
    static func checkEvent(_ event: AwarenessEvent, reading: DepthReading?, wasAlerting: Bool) {
        let spoken = SpokenLocale.allCases.map { Phrasing.awareness(event, locale: $0) }
        switch event {
        case .measurementLost:
            fuzzCheck(reading.map { Phrasing.roundedTowardUser($0.nearestMetres) == nil } ?? true, "measurement lost on a frame that measured")
            for (locale, text) in zip(SpokenLocale.allCases, spoken) {
                fuzzCheck(text == Phrasing.couldNotMeasure(locale: locale), "measurement lost said as '\(text ?? "nothing")'")
            }
            return
        case .pulse:
            fuzzCheck(wasAlerting && reading != nil, "a pulse outside an alert or without a reading")
            fuzzCheck(spoken.allSatisfy { $0 == nil }, "a pulse said in words")
            return
        case .clear(let distance):
            fuzzCheck(wasAlerting && distance > AwarenessEngine.alertLeaveMetres, "clear at \(distance) m, alerting: \(wasAlerting)")
        case .alert(let distance, _, _):
            fuzzCheck(!wasAlerting && distance < AwarenessEngine.alertEnterMetres, "an alert at \(distance) m, alerting: \(wasAlerting)")
        case .nearerBand, .measurementResumed:
            break
        }
        guard let reading else { fuzzCheck(false, "\(event) from a frame that measured nothing"); return }
        for (locale, text) in zip(SpokenLocale.allCases, spoken) {
            guard let text else { fuzzCheck(false, "\(event) said in no words"); return }
            checkDistanceSentence(text, distance: reading.nearestMetres, locale: locale)
        }
    }
}
