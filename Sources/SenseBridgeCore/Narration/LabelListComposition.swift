/// The on-device label-list composer's logic: records in, subject phrases out.
///
/// It is what runs when nothing smarter is available, and the fallback whenever a
/// composer's phrase is refused, so its output must always pass the validator. It
/// groups names by certainty bucket — one phrase per bucket per stream — so the host
/// says "It looks like there's a chair and a doorway. It may be a dog." rather than a
/// stutter of one template per object.
///
/// Which records are named never depends on the locale: a name is used only when its
/// phrase passes the validator in every locale, and a bucket's list is trimmed until
/// it passes in every locale. Only the wording follows `locale`.
public enum LabelListComposition {
    /// Phrases for `records` in stream order sight → sound → text, within a stream
    /// from the surest bucket down. `considering` limits the records used (indices into
    /// `records`); the returned indices always refer to `records`.
    public static func compose(records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail,
                               considering indices: [Int]? = nil) -> [SubjectPhrase] {
        compose(records: records, locale: locale, maximumLabels: detail.maximumLabels,
                wordCeiling: detail.maximumPhraseWords(labelCount:), considering: indices)
    }

    /// The same with a flat word ceiling per phrase, as a plugin receives it in a
    /// compose request.
    ///
    /// `shouldStop` is asked between records: a plugin passes its cancel flag and
    /// deadline, so a huge input gives up promptly instead of running past both. What
    /// was composed when it stopped is returned; the caller decides it is unusable.
    public static func compose(records: [PerceptionRecord], locale: SpokenLocale, maximumLabels: Int,
                               maximumWords: Int, considering indices: [Int]? = nil,
                               shouldStop: () -> Bool = { false }) -> [SubjectPhrase] {
        compose(records: records, locale: locale, maximumLabels: maximumLabels,
                wordCeiling: { _ in maximumWords }, considering: indices, shouldStop: shouldStop)
    }

    static func compose(records: [PerceptionRecord], locale: SpokenLocale, maximumLabels: Int,
                        wordCeiling: (Int) -> Int, considering indices: [Int]?,
                        shouldStop: () -> Bool = { false }) -> [SubjectPhrase] {
        let pool = indices.map { Array(Set($0.filter(records.indices.contains))).sorted() } ?? Array(records.indices)
        var phrases: [SubjectPhrase] = []
        for stream in PerceptionStream.allCases {
            let named = strongestDistinct(records: records, pool: pool, stream: stream, wordCeiling: wordCeiling,
                                          shouldStop: shouldStop)
            let chosen = named.prefix(max(maximumLabels, 0))
            for certainty in Certainty.allCases.reversed() {
                var bucket = chosen.filter { Certainty(confidence: records[$0].confidence) == certainty }
                while !bucket.isEmpty, !passesEverywhere(bucket, records: records, stream: stream, wordCeiling: wordCeiling) {
                    bucket.removeLast()
                }
                guard !bucket.isEmpty else { continue }
                phrases.append(SubjectPhrase(stream: stream, text: text(for: bucket, records: records, stream: stream, locale: locale),
                                             recordIndices: Array(bucket)))
            }
        }
        return phrases
    }

    /// The records the label list names for `stream` at `detail`: what the host says
    /// when no composer is asked, and therefore what no composer may leave unsaid.
    public static func namedRecords(records: [PerceptionRecord], stream: PerceptionStream, detail: SpokenDetail) -> [Int] {
        let named = strongestDistinct(records: records, pool: Array(records.indices), stream: stream,
                                      wordCeiling: detail.maximumPhraseWords(labelCount:))
        return Array(named.prefix(max(detail.maximumLabels, 0)))
    }

    /// One record per distinct name, above the floor and nameable, strongest first
    /// (ties keep record order so the result is deterministic).
    static func strongestDistinct(records: [PerceptionRecord], pool: [Int], stream: PerceptionStream,
                                  wordCeiling: (Int) -> Int, shouldStop: () -> Bool = { false }) -> [Int] {
        var best: [String: Int] = [:]
        // Whether a label can be named depends on the label alone; validating it in three
        // locales is the expensive part, so each distinct label is judged once here, and
        // remembered across calls (the narrator asks on every moment).
        var verdicts: [String: Bool] = [:]
        for index in pool where records[index].stream == stream && Certainty(confidence: records[index].confidence) != nil {
            if shouldStop() { break }
            let key = nameKey(records[index], stream: stream)
            guard !key.isEmpty else { continue }
            let label = records[index].label
            let isNameable = verdicts[label] ?? NameabilityCache.shared.verdict(label: label, stream: stream, wordCeiling: wordCeiling(1)) {
                nameable(records[index], stream: stream, wordCeiling: wordCeiling)
            }
            verdicts[label] = isNameable
            guard isNameable else { continue }
            if let current = best[key], records[current].confidence >= records[index].confidence { continue }
            best[key] = index
        }
        return best.values.sorted { lhs, rhs in
            records[lhs].confidence != records[rhs].confidence
                ? records[lhs].confidence > records[rhs].confidence : lhs < rhs
        }
    }

    /// Identifiers are de-duplicated by their canonical form ("sofa" and "couch" are one
    /// name); recognized text by its cleaned text.
    static func nameKey(_ record: PerceptionRecord, stream: PerceptionStream) -> String {
        stream == .text ? RecognizedText.clean(record.label) : SpokenVocabulary.canonicalIdentifier(record.label)
    }

    static func nameable(_ record: PerceptionRecord, stream: PerceptionStream, wordCeiling: (Int) -> Int) -> Bool {
        passesEverywhere([0], records: [record], stream: stream, wordCeiling: wordCeiling)
    }

    static func passesEverywhere<C: Collection>(_ bucket: C, records: [PerceptionRecord], stream: PerceptionStream,
                                                wordCeiling: (Int) -> Int) -> Bool where C.Element == Int {
        // The records' vocabulary entries are looked up once for the three locales.
        let names: [(entry: VocabularyEntry?, fallback: String)] = stream == .text ? [] : bucket.map { index in
            let entry = SpokenVocabulary.entry(for: records[index].label)
            return (entry: entry, fallback: entry == nil ? SpokenVocabulary.englishFallback(for: records[index].label) : "")
        }
        return SpokenLocale.allCases.allSatisfy { locale in
            let phrase = stream == .text ? text(for: bucket, records: records, stream: stream, locale: locale)
                : Phrasing.list(names.map { $0.entry?.phrase(locale) ?? $0.fallback }, locale: locale)
            let verdict = PhraseValidator.validate(phrase, locale: locale, maximumWords: wordCeiling(bucket.count))
            return verdict.acceptedPhrase != nil
        }
    }

    static func text<C: Collection>(for bucket: C, records: [PerceptionRecord], stream: PerceptionStream,
                                    locale: SpokenLocale) -> String where C.Element == Int {
        if stream == .text { return SpokenTable.reading(locale) { $0.textSubject.text } }
        let names = bucket.map { SpokenVocabulary.subject(for: records[$0].label, locale: locale) }
        return Phrasing.list(names, locale: locale)
    }
}
