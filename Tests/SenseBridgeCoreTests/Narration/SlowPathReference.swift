import Foundation
@testable import SenseBridgeCore

/// The validator and its text helpers as they were before their fast paths: every step
/// through Foundation's normalization and the standard library's character operations,
/// matching on the lists' entries one by one. Kept as the oracle the fast paths are
/// compared with (`TextNormalizationTests`, `ValidatorEquivalenceTests`); when a rule
/// changes on purpose, change it here too.
enum SlowPathReference {
    // MARK: PhraseText

    struct Text {
        let normalized: String
        let characterProblem: PhraseRejectionReason?

        init(_ raw: String) {
            let nfkc = raw.precomposedStringWithCompatibilityMapping
            var problems = Set<PhraseRejectionReason>()
            var text = ""
            var pendingSpace = false
            for scalar in nfkc.unicodeScalars {
                if scalar == " " || scalar.properties.generalCategory == .spaceSeparator {
                    pendingSpace = !text.isEmpty
                    continue
                }
                if let problem = PhraseText.problem(with: scalar) { problems.insert(problem) }
                if pendingSpace { text.unicodeScalars.append(" ") }
                pendingSpace = false
                text.unicodeScalars.append(scalar)
            }
            let lower = text.lowercased()
            if lower.contains("://") || lower.contains("www.") || lower.contains("@") { problems.insert(.markup) }
            normalized = text
            characterProblem = PhraseText.priority.first(where: problems.contains)
        }
    }

    static func words(_ normalized: String) -> [String] {
        normalized.precomposedStringWithCanonicalMapping.lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
            .map(String.init)
    }

    static func folded(_ word: String) -> String {
        if word.unicodeScalars.allSatisfy(\.isASCII) { return word.lowercased() }
        var result = ""
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            switch scalar {
            case "đ": result.unicodeScalars.append("d")
            case "Đ": result.unicodeScalars.append("D")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.lowercased()
    }

    static func hasVietnameseLetters(_ text: String) -> Bool {
        var previous: Unicode.Scalar = " "
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x111, 0x110, 0x300, 0x302, 0x306, 0x309, 0x31B, 0x323:
                return true
            case 0x303 where previous != "n" && previous != "N":
                return true
            default:
                break
            }
            if !(0x300...0x36F).contains(scalar.value) { previous = scalar }
        }
        return false
    }

    static func hasSpanishOnlyLetters(_ text: String) -> Bool {
        text.contains("ñ") || text.contains("Ñ")
    }

    // MARK: Other text helpers

    static func key(_ word: String, locale: SpokenLocale) -> String {
        let lower = word.precomposedStringWithCanonicalMapping.lowercased()
        return locale == .vi ? lower : folded(lower)
    }

    static func clean(_ raw: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in raw.precomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format:
                continue
            case .control, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                pendingSpace = !result.isEmpty
            default:
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func identifierWords(_ identifier: String) -> [String] {
        identifier.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" || $0.isWhitespace }).map(String.init)
    }

    static func filled(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else { preconditionFailure("slot {\(name)} has no value") }
            result += rest[..<open]
            result += value
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    // MARK: The validator

    static func validate(_ phrase: String, locale: SpokenLocale, maximumWords: Int) -> PhraseVerdict {
        guard phrase.utf8.count <= PhraseValidator.maximumBytes(forWords: maximumWords) else { return reject(.tooLong) }
        let text = Text(phrase)
        guard !text.normalized.isEmpty else { return reject(.empty) }
        if let problem = text.characterProblem { return reject(problem) }
        if let first = text.normalized.first, let last = text.normalized.last,
           first == "," || first == "-" || last == "," || last == "-" || text.normalized.contains(",,") {
            return reject(.sentence)
        }
        let words = words(text.normalized)
        guard !words.isEmpty else { return reject(.empty) }
        guard words.count <= maximumWords else { return reject(.tooManyWords) }
        let matcher = Matcher(words: words, locale: locale)
        if let entry = matcher.firstMatch() {
            return reject(entry.reason, entry.pattern)
        }
        guard plausible(text.normalized, matcher: matcher, locale: locale) else { return reject(.wrongLanguage) }
        return .accepted(text.normalized)
    }

    private static func reject(_ reason: PhraseRejectionReason, _ entry: String? = nil) -> PhraseVerdict {
        .rejected(PhraseRejection(reason, matchedEntry: entry))
    }

    static func plausible(_ text: String, matcher: Matcher, locale: SpokenLocale) -> Bool {
        let english = matcher.count(markers: ValidatorWordList.en.languageMarkers)
        let spanish = matcher.count(markers: ValidatorWordList.es.languageMarkers)
        switch locale {
        case .en:
            if hasVietnameseLetters(text) || hasSpanishOnlyLetters(text) { return false }
            return !(spanish >= 1 && spanish > english)
        case .es:
            if hasVietnameseLetters(text) { return false }
            return !(english >= 1 && english > spanish)
        case .vi:
            if hasSpanishOnlyLetters(text) { return false }
            if hasVietnameseLetters(text) { return true }
            return english + spanish < 2
        }
    }

    /// An entry with its words split and folded by the reference helpers.
    struct Entry {
        let pattern: String
        let reason: PhraseRejectionReason
        let exact: Bool
        let words: [String]
        let foldedWords: [String]
        let ordinal: Int

        init(_ entry: ValidatorWordList.Entry) {
            pattern = entry.pattern
            reason = entry.reason
            exact = entry.diacriticsAlwaysSignificant
            ordinal = entry.ordinal
            words = SlowPathReference.words(entry.pattern)
            foldedWords = words.map(SlowPathReference.folded)
        }

        var isPrefix: Bool { words.last?.hasSuffix("*") ?? false }
    }

    struct List {
        let language: SpokenLocale
        let byFirstWord: [String: [Entry]]
        let prefixEntries: [Entry]
        let compounds: [Entry]

        init(_ list: ValidatorWordList) {
            language = list.language
            let entries = list.entries.map(Entry.init)
            byFirstWord = Dictionary(grouping: entries.filter { !$0.isPrefix }, by: { $0.foldedWords[0] })
            prefixEntries = entries.filter(\.isPrefix)
            compounds = list.allowedCompounds.map(Entry.init)
        }

        func candidates(startingWith folded: String) -> [Entry] { (byFirstWord[folded] ?? []) + prefixEntries }
    }

    static let lists = ValidatorWordList.all.map(List.init)
    static let reviewedVietnameseWords: Set<String> = {
        var words = Set(ConnectingWords.vi.words.map { key($0.word, locale: .vi) })
        for entry in SpokenVocabulary.entries { words.formUnion(SlowPathReference.words(entry.vi).map { key($0, locale: .vi) }) }
        return words
    }()

    struct Matcher {
        let locale: SpokenLocale
        private(set) var words: [String]
        private(set) var foldedWords: [String]
        private let isReviewedVietnamese: [Bool]

        init(words: [String], locale: SpokenLocale) {
            self.locale = locale
            self.words = words
            foldedWords = words.map(SlowPathReference.folded)
            isReviewedVietnamese = words.map { !$0.unicodeScalars.allSatisfy(\.isASCII) && SlowPathReference.reviewedVietnameseWords.contains($0) }
            for list in SlowPathReference.lists {
                for compound in list.compounds { mask(compound, language: list.language) }
            }
        }

        func firstMatch() -> Entry? {
            var best: (rank: (Int, Int, Int), entry: Entry)?
            for (listRank, list) in SlowPathReference.lists.enumerated() {
                for start in words.indices where !words[start].isEmpty {
                    for entry in list.candidates(startingWith: foldedWords[start])
                    where matches(entry, at: start, language: list.language) {
                        let reasonRank = ValidatorWordList.reasonOrder.firstIndex(of: entry.reason) ?? .max
                        let rank = (reasonRank, listRank, entry.ordinal)
                        if best == nil || rank < best!.rank { best = (rank, entry) }
                    }
                }
            }
            return best?.entry
        }

        func count(markers: [String]) -> Int {
            let folded = Set(markers.map(SlowPathReference.folded))
            return foldedWords.filter(folded.contains).count
        }

        private mutating func mask(_ compound: Entry, language: SpokenLocale) {
            var start = 0
            while start < words.count {
                if matches(compound, at: start, language: language) {
                    for index in start..<(start + compound.words.count) {
                        words[index] = ""
                        foldedWords[index] = ""
                    }
                    start += compound.words.count
                } else {
                    start += 1
                }
            }
        }

        private func matches(_ entry: Entry, at start: Int, language: SpokenLocale) -> Bool {
            guard start + entry.words.count <= words.count else { return false }
            return entry.words.indices.allSatisfy { offset in
                wordMatches(at: start + offset, entry: entry, patternIndex: offset, language: language)
            }
        }

        private func wordMatches(at index: Int, entry: Entry, patternIndex: Int, language: SpokenLocale) -> Bool {
            guard !words[index].isEmpty else { return false }
            let useFolded: Bool
            switch language {
            case .en, .es:
                let long = entry.foldedWords[patternIndex].count >= 4
                useFolded = locale != .vi || long || !isReviewedVietnamese[index]
            case .vi:
                useFolded = locale == .vi && words[index].unicodeScalars.allSatisfy(\.isASCII) && !entry.exact
            }
            let word = useFolded ? foldedWords[index] : words[index]
            var pattern = useFolded ? entry.foldedWords[patternIndex] : entry.words[patternIndex]
            if patternIndex == entry.words.count - 1, pattern.hasSuffix("*") {
                pattern.removeLast()
                return word.hasPrefix(pattern)
            }
            return word == pattern
        }
    }
}
