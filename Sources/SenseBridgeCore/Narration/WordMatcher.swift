/// Whole-word matching of validator entries against a phrase's words.
///
/// Built once per phrase and locale; see `ValidatorWordList` for the diacritic rules.
struct WordMatcher {
    let locale: SpokenLocale
    /// NFC, lowercased; masked compounds are replaced by an empty string that matches nothing.
    private(set) var words: [String]
    private(set) var foldedWords: [String]
    /// Words of a Vietnamese phrase the reviewed tables use ("máy", "tủ"): only these
    /// are compared exactly with short English and Spanish entries. Any other marked
    /// spelling of a short banned word ("rùn", "nò") is read without its marks.
    private let isReviewedVietnamese: [Bool]
    /// Vietnamese keys are the NFC, lowercased words themselves, as `words` holds them.
    static let reviewedVietnameseWords = GroundingText.reviewedWords(.vi)

    init(words: [String], locale: SpokenLocale) {
        self.locale = locale
        self.words = words
        foldedWords = words.map(PhraseText.folded)
        isReviewedVietnamese = words.map { !$0.unicodeScalars.allSatisfy(\.isASCII) && WordMatcher.reviewedVietnameseWords.contains($0) }
        for list in ValidatorWordList.all {
            for compound in list.allowedCompounds { mask(compound, language: list.language) }
        }
    }

    /// The entry that decides the phrase's rejection: the earliest reason in
    /// `reasonOrder`, then the earliest list, then the earliest entry.
    func firstMatch() -> ValidatorWordList.Entry? {
        var best: (rank: (Int, Int, Int), entry: ValidatorWordList.Entry)?
        for (listRank, list) in ValidatorWordList.all.enumerated() {
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

    /// How many words of the phrase are among `markers` (accents ignored).
    func count(markers: [String]) -> Int {
        let folded = Set(markers.map(PhraseText.folded))
        return foldedWords.filter(folded.contains).count
    }

    private mutating func mask(_ compound: ValidatorWordList.Entry, language: SpokenLocale) {
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

    private func matches(_ entry: ValidatorWordList.Entry, at start: Int, language: SpokenLocale) -> Bool {
        guard start + entry.words.count <= words.count else { return false }
        return entry.words.indices.allSatisfy { offset in
            wordMatches(at: start + offset, entry: entry, patternIndex: offset, language: language)
        }
    }

    private func wordMatches(at index: Int, entry: ValidatorWordList.Entry, patternIndex: Int,
                             language: SpokenLocale) -> Bool {
        guard !words[index].isEmpty else { return false }
        let useFolded: Bool
        switch language {
        case .en, .es:
            // Accents never make an English or Spanish banned word harmless; in a
            // Vietnamese phrase a short reviewed Vietnamese word is itself ("máy" is
            // not "may"), and every other accented spelling is the banned word in disguise.
            let long = entry.foldedWords[patternIndex].count >= 4
            useFolded = locale != .vi || long || !isReviewedVietnamese[index]
        case .vi:
            useFolded = locale == .vi && words[index].unicodeScalars.allSatisfy(\.isASCII) && !entry.diacriticsAlwaysSignificant
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

