/// The records one composition covers: a moment is narrated part by part.
///
/// At the detailed level the host says where in the view each named thing is. A
/// sentence can carry one position only if everything it names is there, so the sight
/// records of each position are a part of their own, composed, grounded, counted and
/// hedged apart from every other part: two chairs, one on the left and one on the
/// right, are "a chair" twice, never "two chairs" under one position, and a sure chair
/// on the right never lends its certainty to a doubtful one on the left. The position
/// words are the host's, from measured boxes (`ViewPosition`); a composer asked about
/// one part still never writes a direction (the validator refuses them).
///
/// Below the detailed level a moment is one part of every record, so those levels say
/// exactly what they said before positions existed.
public struct NarrationPart: Equatable, Sendable {
    /// Where every record of the part is; nil for the part of everything unplaced.
    public var position: ViewPosition?
    /// Indices into the moment's records, in record order.
    public var indices: [Int]

    public init(position: ViewPosition?, indices: [Int]) {
        self.position = position
        self.indices = indices
    }

    /// The parts in speaking order: at the detailed level the sight records on the left,
    /// ahead and on the right (each part only when it has a record), then one part of
    /// the rest (sight records without a usable box, sound, text, depth) said as every
    /// level says a moment. A moment with no positioned record is that one part, even
    /// empty, so a composer is asked about it as it always was.
    public static func parts(of records: [PerceptionRecord], detail: SpokenDetail) -> [NarrationPart] {
        guard detail == .detailed else { return [NarrationPart(position: nil, indices: Array(records.indices))] }
        var placed: [ViewPosition: [Int]] = [:]
        var rest: [Int] = []
        for (index, record) in records.enumerated() {
            if record.stream == .sight, let position = ViewPosition(box: record.box) {
                placed[position, default: []].append(index)
            } else {
                rest.append(index)
            }
        }
        let positioned = ViewPosition.allCases.compactMap { position in
            placed[position].map { NarrationPart(position: position, indices: $0) }
        }
        return positioned + (rest.isEmpty && !positioned.isEmpty ? [] : [NarrationPart(position: nil, indices: rest)])
    }

    /// A result proposed for the whole moment, shared out among `parts`, each entry's
    /// indices made its part's own: for a composer asked once about every record (the
    /// network, which must not learn which things are together, let alone where).
    ///
    /// An entry goes to the part of its first record the moment holds (the last part
    /// when it holds none); an index of another part, or of no record, becomes one the
    /// part does not hold, so the narrator refuses the entry as it refuses any bad index
    /// and each of its records is still said, in its own place. One part of every record,
    /// as below the detailed level, gets the result unchanged.
    public static func share(_ proposed: [ProposedPhrase], among parts: [NarrationPart]) -> [[ProposedPhrase]] {
        guard parts.count > 1 else { return parts.map { _ in proposed } }
        var home: [Int: (part: Int, index: Int)] = [:]
        for (part, members) in parts.enumerated() {
            for (index, record) in members.indices.enumerated() { home[record] = (part, index) }
        }
        var shares = parts.map { _ in [ProposedPhrase]() }
        for entry in proposed {
            let indices: [Int]
            switch entry {
            case .phrase(let phrase): indices = phrase.recordIndices
            case .unreadable(let unreadable): indices = unreadable.recordIndices
            }
            let part = indices.lazy.compactMap { home[$0]?.part }.first ?? parts.count - 1
            let own = indices.map { home[$0].flatMap { $0.part == part ? $0.index : nil } ?? -1 }
            switch entry {
            case .phrase(var phrase):
                phrase.recordIndices = own
                shares[part].append(.phrase(phrase))
            case .unreadable(var unreadable):
                unreadable.recordIndices = own
                shares[part].append(.unreadable(unreadable))
            }
        }
        return shares
    }
}

extension SceneNarrator {
    /// Sentences for one moment, part by part (`NarrationPart`): the composer is asked
    /// about each part's records on its own, and each part is narrated as a moment of its
    /// own, every rule included (grounding, counting, the hedge from the weakest record
    /// named, nothing the label list would name left unsaid), before its indices are
    /// mapped back to `records`. Below the detailed level this is `narrate(records:
    /// proposed:…)` with the composer asked once about every record.
    ///
    /// - Parameters:
    ///   - proposing: the composer, asked once per part with that part's records only;
    ///     its phrases' indices refer to what it was given (`share(_:among:)` makes a
    ///     result for the whole moment so).
    ///   - fallback: as in `narrate(records:proposed:…)`; it is asked about one part's
    ///     records at a time, so its indices refer to those.
    /// - Returns: sentences whose indices refer to `records`; a refusal's `phraseIndex`
    ///   is its place in its own part's result.
    public static func narrate(records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail,
                               fallback: NarrationFallback? = nil,
                               proposing: (_ part: NarrationPart, _ records: [PerceptionRecord]) -> [ProposedPhrase]) -> Narration {
        var whole = Narration(sentences: [], report: NarrationReport())
        for part in NarrationPart.parts(of: records, detail: detail) {
            let subset = part.indices.map { records[$0] }
            let narration = narrate(records: subset, proposed: proposing(part, subset), locale: locale, detail: detail,
                                    fallback: fallback, position: part.position)
            whole.sentences += narration.sentences.map { sentence in
                var sentence = sentence
                sentence.recordIndices = sentence.recordIndices.map { part.indices[$0] }
                return sentence
            }
            whole.report.acceptedComposerPhrases += narration.report.acceptedComposerPhrases
            whole.report.composerFailures += narration.report.composerFailures
            whole.report.fallbackPhrasesUsed += narration.report.fallbackPhrasesUsed
            whole.report.fallbackFailures += narration.report.fallbackFailures
        }
        return whole
    }
}
