import Foundation
import SenseBridgeCore

/// An independent reading of what a narration says, for the tests and fuzz targets that
/// check the grounding rule: nothing spoken names a thing the records do not hold, no
/// number is other than the records its sentence covers of that thing (and a thing of
/// sight said without one covers one record of it), no hedge is
/// surer than the weakest thing its sentence names, and no detection the label list
/// would name is hidden. The first three are read from the vocabulary as data and
/// the hedge templates' text, never from the grounding code, so a check built on them
/// does not simply agree with what it checks; the third compares with what the narrator
/// says when no composer speaks at all (the label list, itself checked by the first three). Where the words cannot tell (which of two
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

    /// Number words, folded, and the count each claims; "many" claims more than ten
    /// (written here as eleven or more).
    static let countWords: [String: Int] = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
        "hai": 2, "ba": 3, "bon": 4, "nam": 5, "sau": 6, "chin": 9, "muoi": 10,
    ]

    /// Number words whose folded form is also a function word or a word of a name, read
    /// with their tone marks: Vietnamese "tám" (eight) folds to "tam", as the classifier
    /// "tấm" does, and "bảy" (seven) to "bay", the last word of "máy bay" (an airplane).
    /// Left out, "tám cái ghế" over eight chairs read as one chair and the oracle accused
    /// a right count; folded, it would read every "tấm" as eight, and the dog listed
    /// after an airplane ("máy bay và một con chó") as seven dogs.
    static let tonedCountWords: [String: Int] = ["tám": 8, "bảy": 7]

    /// The count a word claims, from its folded form or, where folding merges it with
    /// a word that claims none, its lowercase form with tone marks.
    static func count(folded: String, lowercased: String) -> Int? {
        countWords[folded] ?? tonedCountWords[lowercased]
    }
    static let manyWords: Set<String> = ["many", "muchos", "muchas", "nhieu"]

    /// What a sentence says of one label: how many of it, when it says.
    public enum Claim: Equatable, Sendable {
        case one
        /// A plural or "several": two or more.
        case several
        case exactly(Int)
        /// "many": more than ten.
        case many

        /// The fewest records the claim needs.
        var least: Int {
            switch self {
            case .one: return 1
            case .several: return 2
            case .exactly(let count): return count
            case .many: return 11
            }
        }

        /// The stronger of two claims made of one label in one sentence.
        func merged(with other: Claim) -> Claim {
            if case .exactly = self { return self }
            if case .exactly = other { return other }
            return other.least > least ? other : self
        }
    }

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
        lowercasedWords(text).map(fold)
    }

    /// The words of `text` in lowercase with their accents and tone marks, one for each
    /// of `words(text)`.
    static func lowercasedWords(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    }

    /// Every way the vocabulary, as data, spells a label in any locale: its reviewed
    /// phrases and its identifier's words.
    static func allWords(of label: String) -> Set<String> {
        var words = Set(Self.words(label))
        if let entry = SpokenVocabulary.entry(for: label) {
            words.formUnion(Self.words(entry.identifier))
            for locale in SpokenLocale.allCases { words.formUnion(Self.words(entry.phrase(locale))) }
        }
        if let counted = SpokenVocabulary.countedName(for: label) {
            for locale in SpokenLocale.allCases { words.formUnion(Self.words(counted.plural(locale))) }
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
        // A number word names nothing; folded, some are also words of a name ("ba" of
        // "ba lô", "bon" of "bồn cầu", "bay" of "máy bay"), which the oracle then cannot
        // tell apart.
        return theirs.subtracting(mine).subtracting(Self.functionWords).subtracting(Self.countWords.keys)
            .subtracting(Self.tonedCountWords.keys.map(Self.fold)).subtracting(Self.manyWords)
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

    /// The reviewed counted form's words ("staircases", "personas"), where they differ
    /// from every singular spelling: a plural. Vietnamese "cái ghế" and Spanish
    /// "escaleras" or "paraguas" are spelled as the singular, which claims no number.
    static func countedSpellings(of label: String, locale: SpokenLocale) -> [[String]] {
        guard let counted = SpokenVocabulary.countedName(for: label) else { return [] }
        let spelled = Array(words(counted.plural(locale)).drop { functionWords.contains($0) })
        return spelled.isEmpty || spellings(of: label, locale: locale).contains(spelled) ? [] : [spelled]
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
    /// (a window) is not also read as "cửa" (a door), each with how many of it it claims:
    /// one, several ("several chairs", "unas sillas", "những cái ghế") or a number ("two
    /// chairs", "dos sillas", "hai cái ghế", "many chairs").
    static func namedLabels(in subject: String, records: [PerceptionRecord], stream: PerceptionStream,
                            locale: SpokenLocale) -> [String: Claim] {
        let said = words(subject), saidLowercased = lowercasedWords(subject)
        var matches: [(start: Int, length: Int, label: String, claim: Claim)] = []
        for label in Set(records.filter { $0.stream == stream }.map(\.label)) {
            let singular = spellings(of: label, locale: locale)
            let spelled = singular.map { ($0, false) } + (singular.flatMap(plurals) + countedSpellings(of: label, locale: locale)).map { ($0, true) }
            for (spelling, plural) in spelled where spelling.count <= said.count {
                for start in 0...(said.count - spelling.count) where Array(said[start..<(start + spelling.count)]) == spelling {
                    let beforeIndices = (0..<start).reversed().prefix {
                        functionWords.contains(said[$0]) || count(folded: said[$0], lowercased: saidLowercased[$0]) != nil
                            || manyWords.contains(said[$0])
                    }
                    let before = beforeIndices.map { said[$0] }
                    let number = beforeIndices.lazy.compactMap { count(folded: said[$0], lowercased: saidLowercased[$0]) }.first
                    let claim: Claim
                    if let number, !before.contains(where: manyWords.contains) {
                        claim = .exactly(number)
                    } else if before.contains(where: manyWords.contains) {
                        claim = .many
                    } else {
                        claim = plural || before.contains(where: pluralQuantities.contains) ? .several : .one
                    }
                    matches.append((start, spelling.count, label, claim))
                }
            }
        }
        var named: [String: Claim] = [:]
        for match in matches where !matches.contains(where: { $0.length > match.length && $0.start <= match.start
                                                               && $0.start + $0.length >= match.start + match.length }) {
            named[match.label] = named[match.label].map { $0.merged(with: match.claim) } ?? match.claim
        }
        return named
    }

    /// The certainty a sentence's hedge claims, read from the text alone: the surest
    /// template of the locale that frames it, the subject inside it and, for sight, the
    /// position said before it. The positioned templates and the position words are read
    /// from the table as data, every position tried against every template, never
    /// assembled the way the narrator assembles them.
    static func claimedCertainty(_ text: String, stream: PerceptionStream,
                                 locale: SpokenLocale) -> (certainty: Certainty, subject: String, position: ViewPosition?)? {
        let table = SpokenTable.forLocale(locale)
        var found: (certainty: Certainty, subject: String, position: ViewPosition?)?
        for certainty in Certainty.allCases {
            for number in [GrammaticalNumber.singular, .plural] {
                var frames: [(ViewPosition?, SpokenEntry)] = [(nil, table.hedge(certainty, stream: stream, number: number))]
                if stream == .sight {
                    frames += ViewPosition.allCases.map { position in
                        let template = table.positionedHedge(certainty, number: number)
                            .filled(["position": table.position(position).text, "subject": "{subject}"])
                        return (position, SpokenEntry(template, note: "positioned hedge, as read by the oracle"))
                    }
                }
                for (position, hedge) in frames {
                    guard let frame = hedge.frame(around: "subject"), text.hasPrefix(frame.prefix), text.hasSuffix(frame.suffix),
                          text.count > frame.prefix.count + frame.suffix.count else { continue }
                    let subject = String(text.dropFirst(frame.prefix.count).dropLast(frame.suffix.count))
                    if found == nil || certainty > found!.certainty { found = (certainty, subject, position) }
                }
            }
        }
        return found
    }

    /// `subject` without the host's distance words at its end, and the distance they say
    /// (under half a metre as 0: it claims nothing farther than any measurement), read
    /// from the locale's table entries as data.
    static func withoutDistance(_ subject: String, locale: SpokenLocale) -> (subject: String, metres: Double?) {
        let table = SpokenTable.forLocale(locale)
        for (entry, underHalf) in [(table.subjectAtDistance, false), (table.subjectNearestAtDistance, false),
                                   (table.subjectUnderHalfMetre, true), (table.subjectNearestUnderHalfMetre, true)] {
            guard let frame = entry.frame(around: "subject"), frame.prefix.isEmpty else { continue }
            if underHalf {
                if subject.hasSuffix(frame.suffix) { return (String(subject.dropLast(frame.suffix.count)), 0) }
                continue
            }
            guard let slot = frame.suffix.range(of: "{distance}") else { continue }
            let before = String(frame.suffix[..<slot.lowerBound]), after = String(frame.suffix[slot.upperBound...])
            guard subject.hasSuffix(after), let start = subject.range(of: before, options: .backwards) else { continue }
            let spoken = subject[start.upperBound...].dropLast(after.count)
            let digits = spoken.prefix { $0.isNumber || $0 == "," || $0 == "." }.replacingOccurrences(of: ",", with: ".")
            guard let metres = Double(digits) else { continue }
            return (String(subject[..<start.lowerBound]), metres)
        }
        return (subject, nil)
    }

    /// Every breach of the grounding rule in `narration` of `records`, one line each
    /// (empty when it holds): a sentence of sight or sound without a hedge, naming a
    /// label absent from the scene, naming nothing the oracle knows, naming a record
    /// below the precision floor or with a confidence outside 0…1 (NaN included),
    /// counting a thing other than as many as it covers (or counting a sound), or
    /// hedged surer than the weakest record it names. A thing of sight said without a
    /// number ("a chair", "chairs") over two or more records of it is a count too.
    /// Recognized text is spoken as what the text says, so it is not read for names.
    ///
    /// A sentence that says a position ("On the left, …") is read as a scene of its own:
    /// it may cover only records whose measured box is there (`ViewPosition`), the
    /// position it reports must be the one it says, and its hedge is bounded by the
    /// records of each name at that position alone, so a sure chair on the right cannot
    /// vouch for "on the left, there's a chair".
    public func breaches(of narration: Narration, records: [PerceptionRecord], locale: SpokenLocale) -> [String] {
        var breaches: [String] = []
        let strangers = strangerWords(records)
        for sentence in narration.sentences where sentence.stream != .text {
            guard let (claimed, said, position) = Self.claimedCertainty(sentence.text, stream: sentence.stream, locale: locale) else {
                breaches.append("unhedged: \(sentence.text)")
                continue
            }
            if position != sentence.position {
                breaches.append("\(sentence.text) says position \(position.map(\.rawValue) ?? "none") but reports \(sentence.position.map(\.rawValue) ?? "none")")
            }
            // Where a position is said, the records elsewhere are not this sentence's scene.
            let here = { (record: PerceptionRecord) in position == nil || ViewPosition(box: record.box) == position }
            if let position, let stray = sentence.recordIndices.first(where: { records.indices.contains($0) && !here(records[$0]) }) {
                breaches.append("\(sentence.text) says \(position) of \(records[stray].label), whose box is not there")
            }
            // The host's words for a measured distance close the subject; they are read from
            // the tables as data, and the distance they claim is held to the records.
            let (subject, distance) = Self.withoutDistance(said, locale: locale)
            if let distance {
                let covered = sentence.recordIndices.filter(records.indices.contains).map { records[$0] }
                let measured = covered.compactMap { $0.distanceMetres.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
                if measured.count != covered.count || measured.isEmpty {
                    breaches.append("\(sentence.text) says a distance for records not all measured")
                } else if distance > measured.min()! + 1e-9 {
                    breaches.append("\(sentence.text) says \(distance) m, farther than the nearest measured \(measured.min()!) m")
                }
            }
            let leaked = Self.words(subject).filter(strangers.contains)
            if !leaked.isEmpty { breaches.append("\(sentence.text) names \(leaked), not in the scene") }
            let named = Self.namedLabels(in: subject, records: records, stream: sentence.stream, locale: locale)
            if let position {
                let elsewhere = named.keys.filter { label in
                    !records.contains { $0.stream == sentence.stream && here($0)
                        && SpokenVocabulary.canonicalIdentifier($0.label) == SpokenVocabulary.canonicalIdentifier(label) }
                }
                if !elsewhere.isEmpty { breaches.append("\(sentence.text) names \(elsewhere.sorted()), none of it \(position)") }
            }
            // A number is the records the sentence covers of that thing, exactly (by
            // canonical name: "sofa" and "couch" are one thing), and only for sight: a
            // classifier hears a kind of sound, never how many make it.
            for (label, claim) in named {
                let canonical = SpokenVocabulary.canonicalIdentifier(label)
                let covered = sentence.recordIndices.filter {
                    records.indices.contains($0) && SpokenVocabulary.canonicalIdentifier(records[$0].label) == canonical
                }.count
                // Said without a number, a thing of sight is one record: "a chair" over
                // two says there is one, "chairs" over two hides how many.
                let heldExactly: Bool
                switch claim {
                case .exactly(let number): heldExactly = covered == number
                case .many: heldExactly = covered > 10
                case .one, .several:
                    guard sentence.stream == .sight, covered > 1 else { continue }
                    heldExactly = false
                }
                if sentence.stream != .sight || !heldExactly {
                    breaches.append("\(sentence.text) counts \(label) as \(claim), covering \(covered)")
                }
            }
            // Per name, its surest record: which of two chairs "a chair" means is not
            // knowable from the words. A plural needs two, so at best the second surest;
            // "three chairs" needs three, so at best the third. A confidence outside 0…1
            // (NaN from a careless source) backs no name: with none left, the bound is
            // NaN, which the range check below refuses.
            let bounds = named.map { label, claim in
                let canonical = SpokenVocabulary.canonicalIdentifier(label)
                let surest = records.filter { SpokenVocabulary.canonicalIdentifier($0.label) == canonical && $0.stream == sentence.stream && here($0) }
                    .map(\.confidence)
                    .filter { (0...1).contains($0) }.sorted(by: >)
                guard claim != .one else { return surest.first ?? .nan }
                return surest.count >= claim.least ? surest[claim.least - 1] : 0
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
