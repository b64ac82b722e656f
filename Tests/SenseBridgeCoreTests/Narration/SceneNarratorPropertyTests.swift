import Foundation
import Testing
import SenseBridgeRepositoryTesting
@testable import SenseBridgeCore

/// Thousands of hostile composer phrases through the narrator: whatever comes back is
/// a known hedge template around a subject that names no distance, direction, danger,
/// hedge or certainty, chosen from the weakest record it covers.
@Suite("SceneNarrator property")
struct SceneNarratorPropertyTests {
    /// Words no spoken subject may contain, kept apart from the validator's own lists so
    /// the test does not simply agree with the code it checks. English and Spanish are
    /// compared without accents; Vietnamese exactly.
    static let bannedFolded: Set<String> = [
        "ahead", "left", "right", "behind", "front", "feet", "foot", "ft", "metres", "meters", "metre", "yards",
        "inches", "away", "near", "nearby", "far", "dangerous", "danger", "safe", "unsafe", "careful", "caution",
        "hazard", "clear", "watch", "beware", "obstacle", "maybe", "possibly", "perhaps", "likely", "probably",
        "seems", "appears", "might", "definitely", "certainly", "sure", "there", "is", "are", "nothing", "empty",
        "blank", "nobody", "none", "izquierda", "derecha", "delante", "detras", "metros", "metro", "pies", "cerca",
        "lejos", "peligro", "peligroso", "cuidado", "quizas", "posiblemente", "hay", "nada", "vacio", "duda", "salvo",
    ]
    /// No number words: a count ("hai cái ghế") is said only when the records hold it,
    /// which the grounding oracle checks for every narration below.
    static let bannedExact: Set<String> = ["trái", "phải", "trước", "sau", "mét", "gần", "xa", "nguy", "hiểm", "cẩn",
                                           "thận", "lẽ", "thể", "không", "có", "thấy", "dừng", "toàn", "chắc"]
    static let oracle = GroundingOracle()

    @Test("≥5,000 hostile phrases in all locales: every sentence is hedged and claims nothing unmeasured")
    func hostilePhrases() {
        var generator = HostilePhraseGenerator(seed: 0x5EB5_B41D)
        var phrasesTried = 0
        var composerAccepted = 0
        var sentencesChecked = 0
        let identifiers = SpokenVocabulary.entries
        for round in 0..<2_700 {
            let locale = SpokenLocale.allCases[round % 3]
            let detail = SpokenDetail.allCases[(round / 3) % 3]
            var records = (0..<Int.random(in: 1...4, using: &generator.random)).map { _ -> PerceptionRecord in
                let entry = identifiers.randomElement(using: &generator.random)!
                return PerceptionRecord(kind: entry.stream == .sight ? .object : .sound, label: entry.identifier,
                                        confidence: Double.random(in: 0.2...1, using: &generator.random))
            }
            if generator.chance(0.3) {
                records.append(PerceptionRecord(kind: .text, label: generator.pick(["EXIT", "Main St", "OPEN"]),
                                                confidence: Double.random(in: 0.2...1, using: &generator.random)))
            }
            let phrases = (0..<Int.random(in: 1...3, using: &generator.random)).map { _ -> SubjectPhrase in
                let stream = PerceptionStream.allCases.randomElement(using: &generator.random)!
                let indices = (0..<Int.random(in: 0...3, using: &generator.random)).map { _ in
                    generator.chance(0.85) ? Int.random(in: 0..<records.count, using: &generator.random)
                        : Int.random(in: -2...9, using: &generator.random)
                }
                return SubjectPhrase(stream: stream, text: generator.next(), recordIndices: indices)
            }
            phrasesTried += phrases.count
            let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: locale, detail: detail)
            composerAccepted += narration.report.acceptedComposerPhrases
            #expect(narration.report.fallbackFailures.isEmpty)
            let breaches = Self.oracle.breaches(of: narration, records: records, locale: locale)
            #expect(breaches.isEmpty, "\(breaches)")
            for sentence in narration.sentences {
                sentencesChecked += 1
                check(sentence, records: records, locale: locale, phrases: phrases)
            }
            #expect(narration.sentences.map(\.stream) == narration.sentences.map(\.stream).sorted())
        }
        #expect(phrasesTried >= 5_000)
        #expect(sentencesChecked >= 2_400)
        // The generator must mostly produce phrases that need refusing, or it tests nothing.
        #expect(Double(composerAccepted) < Double(phrasesTried) * 0.2)
    }

    /// At the detailed level with boxes, every part asked on its own: the same checks,
    /// the position words before the hedge being the host's, for the records' own place.
    @Test("≥2,500 hostile phrases at the detailed level with boxes: hedged, placed where measured, claiming nothing else")
    func hostilePhrasesByPosition() {
        var generator = HostilePhraseGenerator(seed: 0x5EB5_905D)
        var phrasesTried = 0, composerAccepted = 0, positioned = 0
        let identifiers = SpokenVocabulary.entries
        for round in 0..<1_200 {
            let locale = SpokenLocale.allCases[round % 3]
            let drawn = (0..<Int.random(in: 1...5, using: &generator.random)).map { _ -> PerceptionRecord in
                let entry = identifiers.randomElement(using: &generator.random)!
                return PerceptionRecord(kind: entry.stream == .sight ? .object : .sound, label: entry.identifier,
                                        confidence: Double.random(in: 0.2...1, using: &generator.random))
            }
            let records = PlacedScene.place(drawn, using: &generator.random)
            var offered: [SubjectPhrase] = []
            let narration = SceneNarrator.narrate(records: records, locale: locale, detail: .detailed) { _, part in
                let phrases = (0..<Int.random(in: 1...3, using: &generator.random)).map { _ -> SubjectPhrase in
                    let indices = (0..<Int.random(in: 0...3, using: &generator.random)).map { _ in
                        generator.chance(0.85) ? Int.random(in: 0..<part.count, using: &generator.random)
                            : Int.random(in: -2...9, using: &generator.random)
                    }
                    return SubjectPhrase(stream: generator.chance(0.8) ? .sight : .sound, text: generator.next(), recordIndices: indices)
                }
                offered += phrases
                return phrases.map(ProposedPhrase.phrase)
            }
            phrasesTried += offered.count
            composerAccepted += narration.report.acceptedComposerPhrases
            positioned += narration.sentences.filter { $0.position != nil }.count
            #expect(narration.report.fallbackFailures.isEmpty)
            let breaches = Self.oracle.breaches(of: narration, records: records, locale: locale)
                + PlacedScene.positionBreaches(narration, records: records)
            #expect(breaches.isEmpty, "\(breaches)")
            for sentence in narration.sentences {
                check(sentence, records: records, locale: locale, phrases: offered)
            }
        }
        #expect(phrasesTried >= 2_500)
        #expect(positioned >= 800)
        #expect(Double(composerAccepted) < Double(phrasesTried) * 0.2)
    }

    func check(_ sentence: NarratedSentence, records: [PerceptionRecord], locale: SpokenLocale, phrases: [SubjectPhrase]) {
        // Chosen from the weakest record it covers, all of its stream and nameable.
        #expect(sentence.recordIndices.allSatisfy { records[$0].stream == sentence.stream })
        // The oracle is the minimum confidence, not Certainty.weakest, so the test does
        // not share the code it checks.
        let lowest = sentence.recordIndices.map { records[$0].confidence }.min()
        #expect(lowest.map { $0 >= Certainty.precisionFloor } == true)
        #expect(lowest.flatMap(Certainty.init(confidence:)) == sentence.certainty)
        // Wrapped in the known template for that certainty.
        var template = Phrasing.hedgeTemplate(certainty: sentence.certainty, stream: sentence.stream, locale: locale,
                                              number: sentence.number)
        if let position = sentence.position {
            // The host's words for the place, read from the table, before the hedge.
            let table = SpokenTable.forLocale(locale)
            let placed = table.positionedHedge(sentence.certainty, number: sentence.number)
                .filled(["position": table.position(position).text, "subject": "{subject}"])
            template = SpokenEntry(placed, note: "positioned hedge")
        }
        let frame = template.frame(around: sentence.stream == .text ? "text" : "subject")!
        guard sentence.text.hasPrefix(frame.prefix), sentence.text.hasSuffix(frame.suffix),
              sentence.text.count > frame.prefix.count + frame.suffix.count else {
            Issue.record("unhedged: \(sentence.text.debugDescription)")
            return
        }
        let subject = String(sentence.text.dropFirst(frame.prefix.count).dropLast(frame.suffix.count))
        if sentence.stream == .text {
            #expect(sentence.recordIndices.count == 1)
            #expect(subject == RecognizedText.spoken(records[sentence.recordIndices[0]].label, locale: locale))
            return
        }
        #expect(!phrases.contains { $0.text == sentence.text }, "a raw composer phrase was spoken")
        for scalar in subject.unicodeScalars {
            let category = scalar.properties.generalCategory
            #expect(scalar.properties.numericType == nil, "number in \(subject.debugDescription)")
            #expect(category != .control && category != .format, "invisible in \(subject.debugDescription)")
            #expect(!"<>[]{}()*_#|\\/@%&`\"'“”«».!?:;…—".unicodeScalars.contains(scalar),
                    "markup or punctuation in \(subject.debugDescription)")
        }
        // Reviewed names that contain a listed word without claiming it ("một biển báo
        // dừng" is a stop sign, "ba lô" a backpack, "parking meters" are no distance).
        var named = subject.lowercased()
        for compound in ["biển báo dừng", "ba lô", "parking meters", "parking meter"] {
            named = named.replacingOccurrences(of: compound, with: " ")
        }
        let words = named.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        for word in words {
            let folded = word.folding(options: .diacriticInsensitive, locale: nil)
            #expect(!Self.bannedFolded.contains(folded) || word.unicodeScalars.contains { !$0.isASCII && locale == .vi },
                    "\(word) in \(subject.debugDescription)")
            #expect(!Self.bannedExact.contains(word), "\(word) in \(subject.debugDescription)")
        }
    }
}
