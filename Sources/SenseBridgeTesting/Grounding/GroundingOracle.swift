import Foundation
import SenseBridgeCore

/// An independent reading of what a narration says, for the tests and fuzz targets that
/// check the grounding rule: nothing spoken names a thing the records do not hold, no
/// hedge is surer than the weakest thing its sentence names, and no detection the label
/// list would name is hidden. The first two are read from the vocabulary as data and
/// the hedge templates' text, never from the grounding code, so a check built on them
/// does not simply agree with what it checks; the third compares with what the narrator
/// says when no composer speaks at all (the label list, itself checked by the first two). Where the words cannot tell (which of two
/// chairs "a chair" means) it gives the phrase the benefit: it may miss, never accuse.
public struct GroundingOracle: Sendable {
    /// Words that join or introduce names in any of the three languages; they name
    /// nothing, so the oracle skips them.
    static let functionWords: Set<String> = [
        "a", "an", "the", "and", "some", "several",
        "un", "una", "unos", "unas", "el", "la", "los", "las", "y", "e", "varios", "varias", "algunos", "algunas",
        "va", "mot", "nhung", "cac", "vai", "cai", "chiec", "con", "quyen", "cuon", "to", "buc", "canh", "tam",
    ]

    /// Words that claim more than one of the name they introduce.
    static let pluralQuantities: Set<String> = ["several", "varios", "varias", "algunos", "algunas", "nhung", "cac", "vai"]

    /// Every way each label of the universe is spelled, in any locale.
    let wordsByLabel: [String: Set<String>]

    /// - Parameter universe: every label a scene may hold (the vocabulary's and any
    ///   unreviewed ones); a word of a label outside the scene is a stranger.
    public init(universe: [String] = SpokenVocabulary.entries.map(\.identifier)) {
        wordsByLabel = Dictionary(universe.map { ($0, Self.allWords(of: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Lowercase and without accents or tone marks: a coarser comparison can only merge
    /// two words, which makes the leak check miss, never accuse.
    static func fold(_ word: String) -> String {
        word.lowercased().folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .replacingOccurrences(of: "đ", with: "d")
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "_" }).map { fold(String($0)) }
    }

    /// Every way the vocabulary, as data, spells a label in any locale: its reviewed
    /// phrases and its identifier's words.
    static func allWords(of label: String) -> Set<String> {
        var words = Set(Self.words(label))
        if let entry = SpokenVocabulary.entry(for: label) {
            words.formUnion(Self.words(entry.identifier))
            for locale in SpokenLocale.allCases { words.formUnion(Self.words(entry.phrase(locale))) }
        }
        return words
    }

    /// Words of labels not in the scene that no label in the scene shares.
    func strangerWords(_ records: [PerceptionRecord]) -> Set<String> {
        let present = Set(records.map { SpokenVocabulary.canonicalIdentifier($0.label) })
        var mine = Set<String>(), theirs = Set<String>()
        for (label, words) in wordsByLabel {
            if present.contains(SpokenVocabulary.canonicalIdentifier(label)) { mine.formUnion(words) } else { theirs.formUnion(words) }
        }
        for record in records { mine.formUnion(wordsByLabel[record.label] ?? Self.allWords(of: record.label)) }
        return theirs.subtracting(mine).subtracting(Self.functionWords)
    }

    /// The word sequences that name `label` in `locale`: its reviewed phrase without
    /// the leading function words, and in English its identifier's words.
    static func spellings(of label: String, locale: SpokenLocale) -> [[String]] {
        var spelled: [[String]] = [words(label)]
        if let entry = SpokenVocabulary.entry(for: label) {
            spelled.append(Array(words(entry.phrase(locale)).drop { functionWords.contains($0) }))
            spelled.append(words(entry.identifier))
        }
        return spelled.filter { !$0.isEmpty }
    }

    /// A spelling with its last (English) or first (Spanish) word given a plural ending:
    /// naive on purpose; a plural it misses only gives the phrase the benefit.
    static func plurals(of spelling: [String]) -> [[String]] {
        var plurals: [[String]] = spelling == ["person"] ? [["people"]] : []
        for ending in ["s", "es"] {
            var lastInflected = spelling
            lastInflected[spelling.count - 1] += ending
            var firstInflected = spelling
            firstInflected[0] += ending
            plurals += [lastInflected, firstInflected]
        }
        return plurals
    }

    /// The labels of `stream` a subject names, by longest whole-word match so "cửa sổ"
    /// (a window) is not also read as "cửa" (a door), each with whether it was named in
    /// the plural ("several chairs", "unas sillas", "những cái ghế").
    static func namedLabels(in subject: String, records: [PerceptionRecord], stream: PerceptionStream,
                            locale: SpokenLocale) -> [String: Bool] {
        let said = words(subject)
        var matches: [(start: Int, length: Int, label: String, plural: Bool)] = []
        for label in Set(records.filter { $0.stream == stream }.map(\.label)) {
            let singular = spellings(of: label, locale: locale)
            let spelled = singular.map { ($0, false) } + singular.flatMap(plurals).map { ($0, true) }
            for (spelling, plural) in spelled where spelling.count <= said.count {
                for start in 0...(said.count - spelling.count) where Array(said[start..<(start + spelling.count)]) == spelling {
                    let before = said[..<start].reversed().prefix { functionWords.contains($0) }
                    matches.append((start, spelling.count, label, plural || before.contains(where: pluralQuantities.contains)))
                }
            }
        }
        var named: [String: Bool] = [:]
        for match in matches where !matches.contains(where: { $0.length > match.length && $0.start <= match.start
                                                               && $0.start + $0.length >= match.start + match.length }) {
            named[match.label] = (named[match.label] ?? false) || match.plural
        }
        return named
    }

    /// The certainty a sentence's hedge claims, read from the text alone: the surest
    /// template of the locale that frames it, and the subject inside it.
    static func claimedCertainty(_ text: String, stream: PerceptionStream,
                                 locale: SpokenLocale) -> (certainty: Certainty, subject: String)? {
        var found: (Certainty, String)?
        for certainty in Certainty.allCases {
            for number in [GrammaticalNumber.singular, .plural] {
                guard let frame = SpokenTable.forLocale(locale).hedge(certainty, stream: stream, number: number).frame(around: "subject"),
                      text.hasPrefix(frame.prefix), text.hasSuffix(frame.suffix),
                      text.count > frame.prefix.count + frame.suffix.count else { continue }
                let subject = String(text.dropFirst(frame.prefix.count).dropLast(frame.suffix.count))
                if found == nil || certainty > found!.0 { found = (certainty, subject) }
            }
        }
        return found
    }

    /// Every breach of the grounding rule in `narration` of `records`, one line each
    /// (empty when it holds): a sentence of sight or sound without a hedge, naming a
    /// label absent from the scene, naming nothing the oracle knows, naming a record
    /// below the precision floor or with a confidence outside 0…1 (NaN included), or
    /// hedged surer than the weakest record it names.
    /// Recognized text is spoken as what the text says, so it is not read for names.
    public func breaches(of narration: Narration, records: [PerceptionRecord], locale: SpokenLocale) -> [String] {
        var breaches: [String] = []
        let strangers = strangerWords(records)
        for sentence in narration.sentences where sentence.stream != .text {
            guard let (claimed, subject) = Self.claimedCertainty(sentence.text, stream: sentence.stream, locale: locale) else {
                breaches.append("unhedged: \(sentence.text)")
                continue
            }
            let leaked = Self.words(subject).filter(strangers.contains)
            if !leaked.isEmpty { breaches.append("\(sentence.text) names \(leaked), not in the scene") }
            let named = Self.namedLabels(in: subject, records: records, stream: sentence.stream, locale: locale)
            // Per name, its surest record: which of two chairs "a chair" means is not
            // knowable from the words. A plural needs two, so at best the second surest.
            // A confidence outside 0…1 (NaN from a careless source) backs no name: with
            // none left, the bound is NaN, which the range check below refuses.
            let bounds = named.map { label, plural in
                let surest = records.filter { $0.label == label && $0.stream == sentence.stream }.map(\.confidence)
                    .filter { (0...1).contains($0) }.sorted(by: >)
                return plural ? (surest.count > 1 ? surest[1] : 0) : surest.first ?? .nan
            }
            guard let weakest = bounds.min(by: { $0 < $1 || $1.isNaN }) else {
                breaches.append("\(sentence.text) names nothing the oracle knows")
                continue
            }
            // Not `weakest < floor` alone: a source may report NaN, and NaN is below nothing.
            if bounds.contains(where: { !($0 >= Certainty.precisionFloor && $0 <= 1) }) {
                breaches.append("\(sentence.text) names a record below the floor or whose confidence is not one")
            }
            if let earned = Certainty(confidence: weakest), claimed > earned {
                breaches.append("\(sentence.text) is surer than \(weakest)")
            }
        }
        return breaches
    }

    /// The things (stream and label) the label list alone would name that no sentence
    /// of `narration` covers: a composer may rephrase a detection, never hide one. By
    /// name, not record: of two sirens the narration may cite either, and citing the
    /// weaker only hedges more, which the grounding rule allows.
    public static func hiddenDetections(in narration: Narration, records: [PerceptionRecord], locale: SpokenLocale,
                                        detail: SpokenDetail) -> [String] {
        func named(_ narration: Narration) -> Set<String> {
            Set(narration.sentences.flatMap { sentence in
                sentence.recordIndices.filter(records.indices.contains).map {
                    "\(sentence.stream) \(SpokenVocabulary.canonicalIdentifier(records[$0].label))"
                }
            })
        }
        let truth = SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: detail)
        return named(truth).subtracting(named(narration)).sorted()
    }
}
