/// The host's single enforcement point between composers and speech.
///
/// Every phrase from every composer passes through here: its record indices are
/// checked, its text is validated, and the hedge is chosen from the weakest confidence
/// among the records it covers. A refused phrase is replaced by the fallback's phrase
/// for the same records and counted as a composer failure. Nothing returned lacks a
/// hedge template; nothing returned says a distance, direction or danger, because the
/// validator refuses those words and recognized text is spoken only inside the text
/// hedge, as what the text says.
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
        let fallback = fallback ?? .labelList(locale: locale, detail: detail)
        var run = NarrationRun(records: records, locale: locale, detail: detail, fallback: fallback)
        for stream in PerceptionStream.allCases {
            run.narrate(stream: stream, composerPhrases: composerPhrases)
        }
        return Narration(sentences: run.sentences, report: run.report)
    }
}

/// The mutable state of one `narrate` call.
struct NarrationRun {
    let records: [PerceptionRecord]
    let locale: SpokenLocale
    let detail: SpokenDetail
    let fallback: NarrationFallback
    var sentences: [NarratedSentence] = []
    var report = NarrationReport()
    var covered = Set<Int>()

    init(records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail, fallback: NarrationFallback) {
        self.records = records
        self.locale = locale
        self.detail = detail
        self.fallback = fallback
    }

    mutating func narrate(stream: PerceptionStream, composerPhrases: [SubjectPhrase]) {
        for (position, phrase) in composerPhrases.enumerated() where phrase.stream == stream {
            switch check(phrase, stream: stream, offered: nil) {
            case let .accepted(text, indices, certainty):
                report.acceptedComposerPhrases += 1
                speak(text, indices: indices, certainty: certainty, stream: stream, source: .composer)
            case let .refused(reason, salvage):
                report.composerFailures.append(.init(stream: stream, phraseIndex: position, reason: reason))
                replace(salvage.filter { !covered.contains($0) }, stream: stream)
            }
        }
        let nameable = records.indices.filter { isNameable($0, stream: stream) }
        if !nameable.isEmpty, covered.isDisjoint(with: nameable) {
            report.composerFailures.append(.init(stream: stream, phraseIndex: nil, reason: .streamOmitted))
            replace(nameable, stream: stream)
        }
    }

    private mutating func replace(_ indices: [Int], stream: PerceptionStream) {
        guard !indices.isEmpty else { return }
        let offered = Set(indices)
        for (position, phrase) in fallback.phrases(records, stream, indices).enumerated() {
            guard phrase.stream == stream else {
                report.fallbackFailures.append(.init(stream: stream, phraseIndex: position, reason: .invalidRecordIndices))
                continue
            }
            switch check(phrase, stream: stream, offered: offered) {
            case let .accepted(text, covering, certainty):
                report.fallbackPhrasesUsed += 1
                speak(text, indices: covering, certainty: certainty, stream: stream, source: .fallback)
            case let .refused(reason, _):
                report.fallbackFailures.append(.init(stream: stream, phraseIndex: position, reason: reason))
            }
        }
    }

    private mutating func speak(_ subject: String, indices: [Int], certainty: Certainty,
                                stream: PerceptionStream, source: NarratedSentence.Source) {
        covered.formUnion(indices)
        guard stream == .text else {
            let text = Phrasing.describe(subject: subject, certainty: certainty, stream: stream, locale: locale)
            sentences.append(NarratedSentence(stream: stream, certainty: certainty, text: text,
                                              recordIndices: indices, source: source))
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

    enum Check {
        case accepted(text: String, indices: [Int], certainty: Certainty)
        /// `salvage`: the phrase's indices that the fallback may still name.
        case refused(NarrationFailureReason, salvage: [Int])
    }

    func check(_ phrase: SubjectPhrase, stream: PerceptionStream, offered: Set<Int>?) -> Check {
        let indices = phrase.recordIndices
        let salvage = Array(Set(indices.filter { isNameable($0, stream: stream) && offered?.contains($0) ?? true })).sorted()
        guard !indices.isEmpty else { return .refused(.noRecords, salvage: []) }
        let wellFormed = indices.allSatisfy { records.indices.contains($0) && records[$0].stream == stream
            && offered?.contains($0) ?? true }
        guard wellFormed, Set(indices).count == indices.count else {
            return .refused(.invalidRecordIndices, salvage: salvage)
        }
        guard covered.isDisjoint(with: indices) else { return .refused(.overlappingRecords, salvage: salvage) }
        guard indices.allSatisfy({ isNameable($0, stream: stream) }),
              let certainty = Certainty.weakest(of: indices.map { records[$0].confidence }) else {
            return .refused(.coversUnnamedRecord, salvage: salvage)
        }
        guard indices.count <= detail.maximumLabels else { return .refused(.tooManyLabels, salvage: salvage) }
        let ceiling = detail.maximumPhraseWords(labelCount: indices.count)
        switch PhraseValidator.validate(phrase.text, locale: locale, maximumWords: ceiling) {
        case let .accepted(text):
            return .accepted(text: text, indices: indices, certainty: certainty)
        case let .rejected(rejection):
            return .refused(.rejectedPhrase(rejection.reason), salvage: salvage)
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
