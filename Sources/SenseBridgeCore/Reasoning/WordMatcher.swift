/// Whole-word matching of validator entries against a phrase's words.
///
/// Built once per phrase and locale; see `ValidatorWordList` for the diacritic rules.
struct WordMatcher {
    let locale: SpokenLocale
    /// NFC, lowercased; masked compounds are replaced by an empty string that matches nothing.
    private(set) var words: [String]
    private(set) var foldedWords: [String]
    private let accented: [Bool]

    init(words: [String], locale: SpokenLocale) {
        self.locale = locale
        self.words = words
        foldedWords = words.map(PhraseText.folded)
        accented = words.map { !$0.unicodeScalars.allSatisfy(\.isASCII) }
        for list in ValidatorWordList.all {
            for compound in list.allowedCompounds { mask(compound, language: list.language) }
        }
    }

    /// The first entry of `list` with `reason` found in the phrase.
    func firstMatch(in list: ValidatorWordList, reason: PhraseRejectionReason) -> ValidatorWordList.Entry? {
        list.entries.first { $0.reason == reason && start(of: $0, language: list.language) != nil }
    }

    /// How many words of the phrase are among `markers` (accents ignored).
    func count(markers: [String]) -> Int {
        let folded = Set(markers.map(PhraseText.folded))
        return foldedWords.filter(folded.contains).count
    }

    private mutating func mask(_ compound: ValidatorWordList.Entry, language: SpokenLocale) {
        while let start = start(of: compound, language: language) {
            for index in start..<(start + compound.words.count) {
                words[index] = ""
                foldedWords[index] = ""
            }
        }
    }

    private func start(of entry: ValidatorWordList.Entry, language: SpokenLocale) -> Int? {
        let length = entry.words.count
        guard length > 0, words.count >= length else { return nil }
        for start in 0...(words.count - length) {
            let matched = (0..<length).allSatisfy { offset in
                wordMatches(at: start + offset, entry: entry, patternIndex: offset, language: language)
            }
            if matched { return start }
        }
        return nil
    }

    private func wordMatches(at index: Int, entry: ValidatorWordList.Entry, patternIndex: Int,
                             language: SpokenLocale) -> Bool {
        guard !words[index].isEmpty else { return false }
        let isLast = patternIndex == entry.words.count - 1
        let useFolded: Bool
        switch language {
        case .en, .es:
            // Accents never make an English or Spanish banned word harmless; in a
            // Vietnamese phrase an accented word is Vietnamese ("máy" is not "may").
            useFolded = locale != .vi || !accented[index]
        case .vi:
            useFolded = locale == .vi && !accented[index] && !entry.diacriticsAlwaysSignificant
        }
        let word = useFolded ? foldedWords[index] : words[index]
        var pattern = useFolded ? entry.foldedWords[patternIndex] : entry.words[patternIndex]
        if isLast, pattern.hasSuffix("*") {
            pattern.removeLast()
            return word.hasPrefix(pattern)
        }
        return word == pattern
    }
}
