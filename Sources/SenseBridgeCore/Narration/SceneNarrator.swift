/// The host's single enforcement point between composers and speech.
///
/// Every phrase from every composer passes through here: its record indices are
/// checked, its text is validated, its words are grounded in the records it covers
/// (`PhraseGrounding`), and the hedge is chosen from the weakest confidence among the
/// records it names. A refused phrase is replaced by the fallback's phrase for the same
/// records and counted as a composer failure, and whatever the label list would have
/// named that no accepted phrase said is said by the label list: a composer can
/// rephrase a detection, never hide one. Nothing returned lacks a hedge template;
/// nothing returned says a distance, direction or danger, because the validator
/// refuses those words and recognized text is spoken only inside the text hedge, as
/// what the text says.
public enum SceneNarrator {
    /// Sentences for one moment, sight → sound → text, and a report of every refusal.
    ///
    /// - Parameters:
    ///   - records: what perception produced; phrases refer to it by index.
    ///   - composerPhrases: the composer's output, untrusted.
    ///   - fallback: replacement phrases; the on-device label list when nil. Its
    ///     phrases are checked like the composer's; one that fails is dropped and reported.
    public static func narrate(records: [PerceptionRecord], composerPhrases: [SubjectPhrase],
                               locale: SpokenLocale, detail: SpokenDetail,
                               fallback: NarrationFallback? = nil) -> Narration {
        narrate(records: records, proposed: composerPhrases.map(ProposedPhrase.phrase), locale: locale,
                detail: detail, fallback: fallback)
    }

    /// The same for a result as the ABI delivered it, unreadable entries included.
    public static func narrate(records: [PerceptionRecord], proposed: [ProposedPhrase],
                               locale: SpokenLocale, detail: SpokenDetail,
                               fallback: NarrationFallback? = nil) -> Narration {
        narrate(records: records, proposed: proposed, locale: locale, detail: detail, fallback: fallback, position: nil)
    }

    /// The same, every sight sentence said at `position` (every record given is there).
    static func narrate(records: [PerceptionRecord], proposed: [ProposedPhrase], locale: SpokenLocale,
                        detail: SpokenDetail, fallback: NarrationFallback?, position: ViewPosition?) -> Narration {
        let fallback = fallback ?? .labelList(locale: locale, detail: detail)
        var run = NarrationRun(records: records, locale: locale, detail: detail, fallback: fallback, position: position)
        for stream in PerceptionStream.allCases {
            run.narrate(stream: stream, proposed: proposed)
        }
        return Narration(sentences: run.sentences, report: run.report)
    }

    /// The first of `phrases` the narrator would refuse, each judged on its own in this
    /// scene; nil when every one would be spoken as written. The network composition
    /// asks before it lets a reply replace the on-device phrases, and the pipeline before
    /// it uses a fallback plugin's phrases, so there is one rule, not two.
    public static func firstRefusal(among phrases: [SubjectPhrase], records: [PerceptionRecord], locale: SpokenLocale,
                                    detail: SpokenDetail) -> NarrationReport.Failure? {
        let run = NarrationRun(records: records, locale: locale, detail: detail, fallback: .labelList(locale: locale, detail: detail),
                               streams: Set(phrases.map(\.stream)))
        for (position, phrase) in phrases.enumerated() {
            if case let .refused(reason, word, _) = run.check(phrase, stream: phrase.stream, offered: nil) {
                return .init(stream: phrase.stream, phraseIndex: position, reason: reason, word: word)
            }
        }
        return nil
    }
}

/// The mutable state of one `narrate` call.
struct NarrationRun {
    let records: [PerceptionRecord]
    let locale: SpokenLocale
    let detail: SpokenDetail
    let fallback: NarrationFallback
    /// Where every sight record of this run is; said before each sight sentence.
    let position: ViewPosition?
    var sentences: [NarratedSentence] = []
    var report = NarrationReport()
    var covered = Set<Int>()
    /// Built once per stream that can be grounded, for every phrase of the moment.
    let scenes: [PerceptionStream: GroundingScene]

    /// `streams`: those whose phrases will be checked; only their names are read.
    init(records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail, fallback: NarrationFallback,
         streams: Set<PerceptionStream> = Set(PerceptionStream.allCases), position: ViewPosition? = nil) {
        self.records = records
        self.locale = locale
        self.detail = detail
        self.fallback = fallback
        self.position = position
        scenes = Dictionary(uniqueKeysWithValues: streams.intersection([.sight, .sound]).map {
            ($0, GroundingScene(records: records, stream: $0, locale: locale))
        })
    }

    mutating func narrate(stream: PerceptionStream, proposed: [ProposedPhrase]) {
        for (position, entry) in proposed.enumerated() where reportingStream(of: entry) == stream {
            switch entry {
            case .unreadable(let unreadable):
                report.composerFailures.append(.init(stream: stream, phraseIndex: position, reason: .unreadable(unreadable.reason)))
                replace(salvage(unreadable.recordIndices, stream: stream, offered: nil).filter { !covered.contains($0) }, stream: stream)
            case .phrase(let phrase):
                let salvage = take(phrase, at: position, from: .composer, stream: stream, offered: nil)
                replace(salvage.filter { !covered.contains($0) }, stream: stream)
            }
        }
        sayWhatWasLeftOut(stream: stream)
    }

    /// An unreadable phrase with an unknown stream is reported under the stream of its
    /// first record, so its records are salvaged where they belong.
    private func reportingStream(of entry: ProposedPhrase) -> PerceptionStream {
        if let stream = entry.stream { return stream }
        guard case .unreadable(let unreadable) = entry,
              let first = unreadable.recordIndices.first(where: records.indices.contains) else { return .sight }
        return records[first].stream ?? .sight
    }

    /// The label list's own choice for this stream, minus every name already said:
    /// what a composer left out is said anyway, at the label list's detail limits, so a
    /// correct composer is never padded and a hiding one never succeeds. A name the
    /// label list counts is said only when every record it counts was: "a chair" over
    /// one of two chairs would leave a blind person thinking there is one.
    private mutating func sayWhatWasLeftOut(stream: PerceptionStream) {
        func key(_ index: Int) -> String { LabelListComposition.nameKey(records[index], stream: stream) }
        let said = Set(covered.filter { records[$0].stream == stream }.map(key))
        let expected = LabelListComposition.namedRecords(records: records, stream: stream, detail: detail)
        var counted: [String: Int] = [:]
        for index in expected { counted[key(index), default: 0] += 1 }
        let missing = expected.filter { !covered.contains($0) && (!said.contains(key($0)) || counted[key($0)]! > 1) }
        guard !missing.isEmpty else { return }
        report.composerFailures.append(.init(stream: stream, phraseIndex: nil, reason: said.isEmpty ? .streamOmitted : .recordsOmitted))
        replace(missing, stream: stream)
    }

    private mutating func replace(_ indices: [Int], stream: PerceptionStream) {
        guard !indices.isEmpty else { return }
        let offered = Set(indices)
        for (position, phrase) in fallback.phrases(records, stream, indices).enumerated() {
            guard phrase.stream == stream else {
                report.fallbackFailures.append(.init(stream: stream, phraseIndex: position, reason: .invalidRecordIndices))
                continue
            }
            _ = take(phrase, at: position, from: .fallback, stream: stream, offered: offered)
        }
    }

    /// Speaks `phrase` if it passes every check, or reports it under its source; returns
    /// the records a refused phrase leaves for the fallback (none when it was spoken).
    private mutating func take(_ phrase: SubjectPhrase, at position: Int, from source: NarratedSentence.Source,
                               stream: PerceptionStream, offered: Set<Int>?) -> [Int] {
        switch check(phrase, stream: stream, offered: offered) {
        case let .accepted(text, indices, certainty, number):
            if source == .composer { report.acceptedComposerPhrases += 1 } else { report.fallbackPhrasesUsed += 1 }
            speak(text, indices: indices, certainty: certainty, number: number, stream: stream, source: source)
            return []
        case let .refused(reason, word, salvage):
            let failure = NarrationReport.Failure(stream: stream, phraseIndex: position, reason: reason, word: word)
            if source == .composer { report.composerFailures.append(failure) } else { report.fallbackFailures.append(failure) }
            return salvage
        }
    }

    private mutating func speak(_ subject: String, indices: [Int], certainty: Certainty, number: GrammaticalNumber,
                                stream: PerceptionStream, source: NarratedSentence.Source) {
        covered.formUnion(indices)
        guard stream == .text else {
            let position = stream == .sight ? self.position : nil
            let text = Phrasing.describe(subject: measured(subject, indices: indices, stream: stream), certainty: certainty,
                                         stream: stream, locale: locale, number: number, position: position)
            sentences.append(NarratedSentence(stream: stream, certainty: certainty, text: text,
                                              recordIndices: indices, source: source, number: number, position: position))
            return
        }
        // The composer chose which text records to read; the words read are the host's.
        var read = Set<String>()
        for index in indices.sorted() {
            let spoken = RecognizedText.spoken(records[index].label, locale: locale)
            guard !spoken.isEmpty, read.insert(spoken).inserted else { continue }
            let text = Phrasing.describe(subject: records[index].label, certainty: certainty, stream: .text, locale: locale)
            sentences.append(NarratedSentence(stream: .text, certainty: certainty, text: text,
                                              recordIndices: [index], source: source))
        }
    }

    /// A sight subject with the host's words for how far its things are, when depth under
    /// every one of their boxes was measured (`DepthUnderBox`): the nearest's distance.
    /// Where even one was not, none is said: a distance for part of a sentence would be
    /// heard as the whole's. A composer never writes a distance (the validator refuses
    /// them); these words are the host's, from a measurement.
    private func measured(_ subject: String, indices: [Int], stream: PerceptionStream) -> String {
        guard stream == .sight, !indices.isEmpty else { return subject }
        let distances = indices.compactMap { records[$0].kind == .object ? records[$0].distanceMetres : nil }
        guard distances.count == indices.count, let nearest = distances.min() else { return subject }
        return Phrasing.subject(subject, atDistance: nearest, several: indices.count > 1, locale: locale) ?? subject
    }

    enum Check {
        case accepted(text: String, indices: [Int], certainty: Certainty, number: GrammaticalNumber)
        /// `word`: what decided it, when one word did; `salvage`: the phrase's indices
        /// that the fallback may still name.
        case refused(NarrationFailureReason, word: String?, salvage: [Int])
    }

    func salvage(_ indices: [Int], stream: PerceptionStream, offered: Set<Int>?) -> [Int] {
        Array(Set(indices.filter { isNameable($0, stream: stream) && offered?.contains($0) ?? true })).sorted()
    }

    func check(_ phrase: SubjectPhrase, stream: PerceptionStream, offered: Set<Int>?) -> Check {
        let indices = phrase.recordIndices
        let salvage = salvage(indices, stream: stream, offered: offered)
        func refuse(_ reason: NarrationFailureReason, _ word: String? = nil) -> Check {
            .refused(reason, word: word, salvage: salvage)
        }
        guard !indices.isEmpty else { return .refused(.noRecords, word: nil, salvage: []) }
        let wellFormed = indices.allSatisfy { records.indices.contains($0) && records[$0].stream == stream
            && offered?.contains($0) ?? true }
        guard wellFormed, Set(indices).count == indices.count else { return refuse(.invalidRecordIndices) }
        guard covered.isDisjoint(with: indices) else { return refuse(.overlappingRecords) }
        guard indices.allSatisfy({ isNameable($0, stream: stream) }),
              let certainty = Certainty.weakest(of: indices.map { records[$0].confidence }) else {
            return refuse(.coversUnnamedRecord)
        }
        // Distinct names, not records: "several chairs" covering three chairs is one name.
        let names = Set(indices.map { LabelListComposition.nameKey(records[$0], stream: stream) }).count
        guard names <= detail.maximumLabels else { return refuse(.tooManyLabels) }
        let ceiling = detail.maximumPhraseWords(labelCount: names)
        let text: String
        switch PhraseValidator.validate(phrase.text, locale: locale, maximumWords: ceiling) {
        case let .accepted(accepted): text = accepted
        case let .rejected(rejection): return refuse(.rejectedPhrase(rejection.reason), rejection.matchedEntry)
        }
        // The words of recognized text are never spoken from the phrase: nothing to ground.
        guard let scene = scenes[stream] else { return .accepted(text: text, indices: indices, certainty: certainty, number: .singular) }
        switch PhraseGrounding.ground(text, covering: indices, in: scene) {
        case let .success(grounded):
            return .accepted(text: text, indices: indices, certainty: certainty, number: grounded.number)
        case let .failure(failure):
            return refuse(.ungrounded(failure.reason), failure.word)
        }
    }

    /// A record that may be named: of this stream, at or above the precision floor,
    /// with a label that has something in it.
    func isNameable(_ index: Int, stream: PerceptionStream) -> Bool {
        guard records.indices.contains(index) else { return false }
        let record = records[index]
        return record.stream == stream && Certainty(confidence: record.confidence) != nil
            && !RecognizedText.clean(record.label).isEmpty
    }
}
