/// Whole-word matching of validator entries against a phrase's words.
///
/// Built once per phrase and locale; see `ValidatorWordList` for the diacritic rules.
/// Matches against `CompiledWordList`, the lists prepared once.
struct WordMatcher {
    let locale: SpokenLocale
    /// NFC, lowercased; masked compounds are replaced by an empty string that matches nothing.
    private(set) var words: [String]
    private(set) var foldedWords: [String]
    /// Whether each word is all ASCII.
    private let isASCII: [Bool]
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
        let isASCII = words.map(TextNormalization.isASCII)
        self.isASCII = isASCII
        isReviewedVietnamese = words.indices.map { !isASCII[$0] && WordMatcher.reviewedVietnameseWords.contains(words[$0]) }
        for list in CompiledWordList.all {
            for compound in list.compounds { mask(compound, language: list.language) }
        }
    }

    /// The entry that decides the phrase's rejection: the earliest reason in
    /// `reasonOrder`, then the earliest list, then the earliest entry.
    func firstMatch() -> ValidatorWordList.Entry? {
        var best: (rank: (Int, Int, Int), pattern: CompiledWordList.Pattern)?
        func consider(_ pattern: CompiledWordList.Pattern, at start: Int) {
            guard matches(pattern, at: start, language: pattern.language) else { return }
            let rank = (pattern.reasonRank, pattern.listRank, pattern.ordinal)
            if best == nil || rank < best!.rank { best = (rank, pattern) }
        }
        for start in words.indices where !words[start].isEmpty {
            if let candidates = CompiledWordList.byFirstWord[foldedWords[start]] {
                for pattern in candidates { consider(pattern, at: start) }
            }
            // A `*` entry with a lead byte can match only a word that starts with it,
            // whichever of the word's two forms it is compared with.
            let exactLead = words[start].utf8.first ?? 0, foldedLead = foldedWords[start].utf8.first ?? 0
            if exactLead < 0x80 {
                for pattern in CompiledWordList.prefixPatternsByLead[Int(exactLead)] { consider(pattern, at: start) }
            }
            if foldedLead < 0x80, foldedLead != exactLead {
                for pattern in CompiledWordList.prefixPatternsByLead[Int(foldedLead)] { consider(pattern, at: start) }
            }
            for pattern in CompiledWordList.otherPrefixPatterns { consider(pattern, at: start) }
        }
        return best?.pattern.entry
    }

    /// How many words of the phrase are English and how many Spanish language markers
    /// (accents ignored), in one pass.
    func markerCounts() -> (english: Int, spanish: Int) {
        var english = 0, spanish = 0
        for word in foldedWords where !word.isEmpty {
            let languages: UInt8
            if let packed = CompiledWordList.packedMarkerLanguages {
                // Not one to eight ASCII bytes: no marker.
                guard let code = CompiledWordList.packedASCII(word) else { continue }
                languages = packed.first { $0.code == code }?.languages ?? 0
            } else {
                languages = CompiledWordList.markerLanguages[word] ?? 0
            }
            english += Int(languages & 1)
            spanish += Int(languages >> 1 & 1)
        }
        return (english, spanish)
    }

    private mutating func mask(_ compound: CompiledWordList.Pattern, language: SpokenLocale) {
        // A compound can start only where the word's folded form is its first word's
        // (equal words fold equally), unless that first word is a `*` prefix.
        let firstWordIsCompared = compound.words.count > 1 || (compound.exactStem == nil && compound.foldedStem == nil)
        var start = 0
        while start < words.count {
            if (!firstWordIsCompared || foldedWords[start] == compound.foldedWords[0])
                && matches(compound, at: start, language: language) {
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

    private func matches(_ pattern: CompiledWordList.Pattern, at start: Int, language: SpokenLocale) -> Bool {
        guard start + pattern.words.count <= words.count else { return false }
        for offset in pattern.words.indices
        where !wordMatches(at: start + offset, pattern: pattern, patternIndex: offset, language: language) {
            return false
        }
        return true
    }

    private func wordMatches(at index: Int, pattern: CompiledWordList.Pattern, patternIndex: Int,
                             language: SpokenLocale) -> Bool {
        guard !words[index].isEmpty else { return false }
        let useFolded: Bool
        switch language {
        case .en, .es:
            // Accents never make an English or Spanish banned word harmless; in a
            // Vietnamese phrase a short reviewed Vietnamese word is itself ("máy" is
            // not "may"), and every other accented spelling is the banned word in disguise.
            useFolded = locale != .vi || pattern.foldedIsLong[patternIndex] || !isReviewedVietnamese[index]
        case .vi:
            useFolded = locale == .vi && isASCII[index] && !pattern.diacriticsAlwaysSignificant
        }
        let word = useFolded ? foldedWords[index] : words[index]
        if patternIndex == pattern.words.count - 1, let stem = useFolded ? pattern.foldedStem : pattern.exactStem {
            if let lead = useFolded ? pattern.foldedLead : pattern.exactLead, word.utf8.first != lead { return false }
            return word.hasPrefix(stem)
        }
        return word == (useFolded ? pattern.foldedWords[patternIndex] : pattern.words[patternIndex])
    }
}
