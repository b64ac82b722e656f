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
///
/// Things of one kind are counted ("two chairs", "dos sillas", "hai cái ghế"), at every
/// detail level, because a blind person deciding where to sit needs to know there are
/// two: the records of one name above the floor are one group, said once with their
/// number in words, and the phrase covers every one of them, so the group's hedge comes
/// from its weakest record (Invariant 1: a second, doubtful chair makes "there may be
/// two chairs", never "there are two chairs" on the first chair's certainty). Detail
/// limits how many names are said, never how many of a name are counted. Above ten the
/// number becomes "many" (`ConnectingWords.largestCount`), which claims only that.
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
            let named = groupsByName(records: records, pool: pool, stream: stream, wordCeiling: wordCeiling,
                                     shouldStop: shouldStop)
            let chosen = named.prefix(max(maximumLabels, 0))
            for certainty in Certainty.allCases.reversed() {
                // A group's bucket is its weakest record's: the phrase covers them all.
                var bucket = chosen.filter { group in Certainty.weakest(of: group.map { records[$0].confidence }) == certainty }
                while !bucket.isEmpty, !passesEverywhere(bucket, records: records, stream: stream, wordCeiling: wordCeiling) {
                    bucket.removeLast()
                }
                guard !bucket.isEmpty else { continue }
                phrases.append(SubjectPhrase(stream: stream, text: text(for: bucket, records: records, stream: stream, locale: locale),
                                             recordIndices: bucket.flatMap { $0 }))
            }
        }
        return phrases
    }

    /// The records the label list names for `stream` at `detail`: what the host says
    /// when no composer is asked, and therefore what no composer may leave unsaid.
    public static func namedRecords(records: [PerceptionRecord], stream: PerceptionStream, detail: SpokenDetail) -> [Int] {
        let named = groupsByName(records: records, pool: Array(records.indices), stream: stream,
                                 wordCeiling: detail.maximumPhraseWords(labelCount:))
        return named.prefix(max(detail.maximumLabels, 0)).flatMap { $0 }
    }

    /// Whether records of one name in `stream` are counted.
    ///
    /// Sight only. A sound classifier hears a kind of sound in a window of audio, not
    /// its sources: two records of dog barking are two windows (or two perceivers) that
    /// heard barking, never evidence of two dogs, so a sound is named once, by its
    /// surest record. Recognized text is read as what it says, each distinct text once;
    /// two signs reading "EXIT" are one thing to read, and the words read are the
    /// records' own, never a number the host adds.
    public static func countsRecords(of stream: PerceptionStream) -> Bool {
        stream == .sight
    }

    /// The records of each distinct name, above the floor and nameable, strongest first
    /// within a group and between groups by their strongest record (ties keep record
    /// order so the result is deterministic). A group holds every record of its name
    /// where the stream counts (`countsRecords(of:)`) and the name has a counted form,
    /// and only its strongest record otherwise.
    static func groupsByName(records: [PerceptionRecord], pool: [Int], stream: PerceptionStream,
                             wordCeiling: (Int) -> Int, shouldStop: () -> Bool = { false }) -> [[Int]] {
        let counts = countsRecords(of: stream)
        var groups: [String: [Int]] = [:]
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
            groups[key, default: []].append(index)
        }
        func stronger(_ lhs: Int, _ rhs: Int) -> Bool {
            records[lhs].confidence != records[rhs].confidence ? records[lhs].confidence > records[rhs].confidence : lhs < rhs
        }
        return groups.values.map { group in
            let sorted = group.sorted(by: stronger)
            return counts && sorted.count > 1 && countable(records[sorted[0]].label, wordCeiling: wordCeiling) ? sorted : [sorted[0]]
        }.sorted { stronger($0[0], $1[0]) }
    }

    /// Whether a nameable label's counted subject can be said in every locale: it has a
    /// counted form, and that form passes the validator as its singular did. An
    /// unreviewed label's derived English plural could, in principle, spell a word the
    /// validator refuses; then its records are named once, by the surest, rather than
    /// the whole group being trimmed from the phrase and not said at all.
    static func countable(_ label: String, wordCeiling: (Int) -> Int) -> Bool {
        guard SpokenVocabulary.isCountable(label) else { return false }
        // Both kinds of count: a number word ("two") and the word for more ("many").
        return SpokenLocale.allCases.allSatisfy { locale in
            [2, ConnectingWords.largestCount + 1].allSatisfy { count in
                SpokenVocabulary.subject(for: label, locale: locale, count: count).map {
                    PhraseValidator.validate($0, locale: locale, maximumWords: wordCeiling(1)).acceptedPhrase != nil
                } ?? false
            }
        }
    }

    /// Identifiers are de-duplicated by their canonical form ("sofa" and "couch" are one
    /// name); recognized text by its cleaned text.
    static func nameKey(_ record: PerceptionRecord, stream: PerceptionStream) -> String {
        stream == .text ? RecognizedText.clean(record.label) : SpokenVocabulary.canonicalIdentifier(record.label)
    }

    static func nameable(_ record: PerceptionRecord, stream: PerceptionStream, wordCeiling: (Int) -> Int) -> Bool {
        passesEverywhere([[0]], records: [record], stream: stream, wordCeiling: wordCeiling)
    }

    /// `bucket`: groups of records, one name each (`groupsByName`).
    static func passesEverywhere<C: Collection>(_ bucket: C, records: [PerceptionRecord], stream: PerceptionStream,
                                                wordCeiling: (Int) -> Int) -> Bool where C.Element == [Int] {
        // The records' vocabulary entries are looked up once for the three locales.
        let names: [(entry: VocabularyEntry?, fallback: String, group: [Int])] = stream == .text ? [] : bucket.map { group in
            let label = records[group[0]].label
            let entry = SpokenVocabulary.entry(for: label)
            return (entry: entry, fallback: entry == nil ? SpokenVocabulary.englishFallback(for: label) : "", group: group)
        }
        return SpokenLocale.allCases.allSatisfy { locale in
            let phrase = stream == .text ? text(for: bucket, records: records, stream: stream, locale: locale)
                : Phrasing.list(names.map { name in
                    name.group.count > 1 ? subject(for: name.group, records: records, locale: locale)
                        : name.entry?.phrase(locale) ?? name.fallback
                }, locale: locale)
            let verdict = PhraseValidator.validate(phrase, locale: locale, maximumWords: wordCeiling(bucket.count))
            return verdict.acceptedPhrase != nil
        }
    }

    static func text<C: Collection>(for bucket: C, records: [PerceptionRecord], stream: PerceptionStream,
                                    locale: SpokenLocale) -> String where C.Element == [Int] {
        if stream == .text { return SpokenTable.reading(locale) { $0.textSubject.text } }
        return Phrasing.list(bucket.map { subject(for: $0, records: records, locale: locale) }, locale: locale)
    }

    /// One group's subject: "a chair" for one record, "two chairs" for two. A group has
    /// more than one record only when its name has a counted form (`groupsByName`).
    static func subject(for group: [Int], records: [PerceptionRecord], locale: SpokenLocale) -> String {
        let label = records[group[0]].label
        return SpokenVocabulary.subject(for: label, locale: locale, count: group.count)
            ?? SpokenVocabulary.subject(for: label, locale: locale)
    }
}
