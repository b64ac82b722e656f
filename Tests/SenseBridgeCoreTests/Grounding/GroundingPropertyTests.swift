import Foundation
import Testing
@testable import SenseBridgeCore

/// Thousands of random scenes and lying composer outputs, in every locale and detail
/// level, through the narrator: nothing spoken names a thing the scene does not hold,
/// and no hedge is surer than the weakest thing its sentence names. The oracles are
/// written here from the vocabulary as data, not from the grounding code, so the test
/// does not simply agree with what it checks.
@Suite("Grounding property")
struct GroundingPropertyTests {
    /// Words that join or introduce names in any of the three languages; they name
    /// nothing, so the oracles skip them.
    static let functionWords: Set<String> = [
        "a", "an", "the", "and", "some", "several",
        "un", "una", "unos", "unas", "el", "la", "los", "las", "y", "e", "varios", "varias", "algunos", "algunas",
        "va", "mot", "nhung", "cac", "vai", "cai", "chiec", "con", "quyen", "cuon", "to", "buc", "canh", "tam",
    ]

    /// Lowercase and without accents or tone marks: a coarser comparison can only merge
    /// two words, which makes the leak oracle miss, never accuse.
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

    static let universe = GroundingScenarioGenerator.sightLabels + GroundingScenarioGenerator.soundLabels
    static let wordsByLabel = Dictionary(universe.map { ($0, allWords(of: $0)) }, uniquingKeysWith: { first, _ in first })

    /// Words of labels not in the scene that no label in the scene shares.
    static func strangerWords(_ records: [PerceptionRecord]) -> Set<String> {
        let present = Set(records.map { SpokenVocabulary.canonicalIdentifier($0.label) })
        var mine = Set<String>(), theirs = Set<String>()
        for (label, words) in wordsByLabel {
            if present.contains(SpokenVocabulary.canonicalIdentifier(label)) { mine.formUnion(words) } else { theirs.formUnion(words) }
        }
        for record in records { mine.formUnion(wordsByLabel[record.label] ?? allWords(of: record.label)) }
        return theirs.subtracting(mine).subtracting(functionWords)
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

    /// Words that claim more than one of the name they introduce.
    static let pluralQuantities: Set<String> = ["several", "varios", "varias", "algunos", "algunas", "nhung", "cac", "vai"]

    /// A spelling with its last (English) or first (Spanish) word given a plural ending:
    /// naive on purpose; a plural it misses only makes the oracle give the benefit.
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
    /// template of the locale that frames it.
    static func claimedCertainty(_ text: String, stream: PerceptionStream, locale: SpokenLocale) -> (Certainty, String)? {
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

    @Test("≥6,000 lying phrases in all locales: nothing undetected is named, no hedge is surer than its weakest name")
    func lyingComposers() {
        var generator = GroundingScenarioGenerator(seed: 0x6120_0D1E)
        var phrasesTried = 0, accepted = 0, sentencesChecked = 0
        for round in 0..<3_300 {
            let locale = SpokenLocale.allCases[round % 3]
            let detail = SpokenDetail.allCases[(round / 3) % 3]
            let records = generator.scene()
            let phrases = generator.phrases(for: records, locale: locale)
            phrasesTried += phrases.count
            let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: locale, detail: detail)
            accepted += narration.report.acceptedComposerPhrases
            let strangers = Self.strangerWords(records)
            for sentence in narration.sentences where sentence.stream != .text {
                sentencesChecked += 1
                let scene = "round \(round) \(locale) \(records.map { "\($0.label) \($0.confidence)" }) \(phrases.map(\.text))"
                guard let (claimed, subject) = Self.claimedCertainty(sentence.text, stream: sentence.stream, locale: locale) else {
                    Issue.record("unhedged: \(sentence.text) in \(scene)")
                    continue
                }
                let leaked = Self.words(subject).filter(strangers.contains)
                #expect(leaked.isEmpty, "\(sentence.text) names \(leaked), not in the scene: \(scene)")
                let named = Self.namedLabels(in: subject, records: records, stream: sentence.stream, locale: locale)
                // Per name, its surest record: which of two chairs "a chair" means is not
                // knowable from the words, so the oracle gives the phrase the benefit. A
                // plural needs two, so at best the second surest; with one, there is none.
                let bounds = named.map { label, plural in
                    let surest = records.filter { $0.label == label && $0.stream == sentence.stream }.map(\.confidence).sorted(by: >)
                    return plural ? (surest.count > 1 ? surest[1] : 0) : surest[0]
                }
                let weakest = bounds.min()
                #expect(weakest != nil, "\(sentence.text) names nothing the oracle knows: \(scene)")
                if let weakest {
                    #expect(weakest >= Certainty.precisionFloor, "\(sentence.text) names a record below the floor: \(scene)")
                    if let earned = Certainty(confidence: weakest) {
                        #expect(claimed <= earned, "\(sentence.text) is surer than \(weakest): \(scene)")
                    }
                }
            }
        }
        #expect(phrasesTried >= 6_000)
        #expect(sentencesChecked >= 6_000)
        // Mostly lies, so the refusals are what is tested; some honest, so acceptance is too.
        let ratio = Double(accepted) / Double(phrasesTried)
        #expect(ratio < 0.4 && ratio > 0.05, "accepted \(accepted) of \(phrasesTried)")

    }

    /// The label list is the fallback for every refusal: its own phrases must always
    /// ground, or a refused lie would leave silence instead of the truth.
    @Test("the label list's phrases always ground, in every locale and detail level")
    func labelListAlwaysGrounds() {
        var generator = GroundingScenarioGenerator(seed: 0x1AB3_1157)
        var phrases = 0
        for round in 0..<1_800 {
            var records = generator.scene()
            if generator.chance(0.3) {
                records.append(PerceptionRecord(kind: .text, label: generator.pick(["EXIT", "Main St", "Café Sol"]), confidence: 0.9))
            }
            let locale = SpokenLocale.allCases[round % 3]
            let detail = SpokenDetail.allCases[(round / 3) % 3]
            let listed = LabelListComposition.compose(records: records, locale: locale, detail: detail)
            phrases += listed.count
            let narration = SceneNarrator.narrate(records: records, composerPhrases: listed, locale: locale, detail: detail)
            #expect(narration.report.composerFailures.isEmpty, "\(locale) \(detail) \(records) → \(listed): \(narration.report.composerFailures)")
            #expect(narration.report.fallbackFailures.isEmpty)
            #expect(narration.report.acceptedComposerPhrases == listed.count)
        }
        #expect(phrases >= 2_000)
    }
}
