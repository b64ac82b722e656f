/// A `ValidatorWordList` prepared once for `WordMatcher`: every entry as a shared,
/// immutable object with what matching asks of it worked out in advance (its rank, the
/// stem of a `*` entry, its folded words), the entries of all lists indexed together
/// by their first word, and the folded language markers.
///
/// Matching runs for every phrase in every locale, many times a moment; done on the
/// list structs it copied each candidate entry (and its arrays), joined arrays per
/// word and trimmed the `*` of a prefix entry per comparison.
final class CompiledWordList: Sendable {
    final class Pattern: Sendable {
        /// The list's own entry, reported when this pattern decides a refusal.
        let entry: ValidatorWordList.Entry
        let words: [String]
        let foldedWords: [String]
        /// Whether each folded word is at least four characters long (see `WordMatcher`).
        let foldedIsLong: [Bool]
        /// The last word without its trailing `*`, exact and folded, when it has one.
        let exactStem: String?
        let foldedStem: String?
        /// The first byte a word must start with to have `exactStem` (`foldedStem`) as a
        /// prefix, when the stem starts with an ASCII letter standing alone as a character.
        let exactLead: UInt8?
        let foldedLead: UInt8?
        /// Position of the entry's reason in `ValidatorWordList.reasonOrder`.
        let reasonRank: Int
        let diacriticsAlwaysSignificant: Bool
        /// The list's language and its position in `ValidatorWordList.all`.
        let language: SpokenLocale
        let listRank: Int

        init(_ entry: ValidatorWordList.Entry, language: SpokenLocale, listRank: Int) {
            self.entry = entry
            self.language = language
            self.listRank = listRank
            words = entry.words
            foldedWords = entry.foldedWords
            foldedIsLong = entry.foldedWords.map { $0.count >= 4 }
            exactStem = Pattern.stem(of: entry.words.last)
            foldedStem = Pattern.stem(of: entry.foldedWords.last)
            exactLead = Pattern.lead(of: exactStem)
            foldedLead = Pattern.lead(of: foldedStem)
            reasonRank = ValidatorWordList.reasonOrder.firstIndex(of: entry.reason) ?? .max
            diacriticsAlwaysSignificant = entry.diacriticsAlwaysSignificant
        }

        var ordinal: Int { entry.ordinal }

        /// The lead byte of a one-word `*` entry whose exact and folded stems start alike.
        var sharedLead: UInt8? {
            guard words.count == 1, let exactLead, exactLead == foldedLead, exactLead < 0x80 else { return nil }
            return exactLead
        }

        /// What matching compares a word with when the word is the pattern's last:
        /// `word.hasPrefix(stem)` when the pattern word ends in `*`.
        private static func stem(of word: String?) -> String? {
            guard var word, word.hasSuffix("*") else { return nil }
            word.removeLast()
            return word
        }

        /// `word.hasPrefix(stem)` compares characters, and the only character equal to a
        /// lone lowercase ASCII letter is that letter (no scalar decomposes to one): so
        /// the word's first byte must be the stem's.
        private static func lead(of stem: String?) -> UInt8? {
            guard let stem else { return nil }
            let scalars = Array(stem.unicodeScalars.prefix(2))
            guard let first = scalars.first, (0x61...0x7A).contains(first.value),
                  scalars.count == 1 || scalars[1].isASCII else { return nil }
            return UInt8(first.value)
        }
    }

    let language: SpokenLocale
    let compounds: [Pattern]
    /// The language markers, folded.
    let foldedMarkers: Set<String>
    let patterns: [Pattern]

    init(_ list: ValidatorWordList, rank: Int) {
        language = list.language
        patterns = list.entries.map { Pattern($0, language: list.language, listRank: rank) }
        compounds = list.allowedCompounds.map { Pattern($0, language: list.language, listRank: rank) }
        foldedMarkers = Set(list.languageMarkers.map(PhraseText.folded))
    }

    /// Every language's list, in `ValidatorWordList.all`'s order.
    static let all: [CompiledWordList] = ValidatorWordList.all.enumerated().map { CompiledWordList($1, rank: $0) }
    static let en = all[ValidatorWordList.all.firstIndex { $0.language == .en }!]
    static let es = all[ValidatorWordList.all.firstIndex { $0.language == .es }!]

    /// The English and Spanish language markers, folded, as the wrong-language
    /// heuristic counts them: bit 0 English, bit 1 Spanish.
    static let markerLanguages: [String: UInt8] = {
        var languages: [String: UInt8] = [:]
        for marker in en.foldedMarkers { languages[marker, default: 0] |= 1 }
        for marker in es.foldedMarkers { languages[marker, default: 0] |= 2 }
        return languages
    }()
    /// The same, for markers of at most eight ASCII bytes, as `packedASCII` codes: a
    /// word is compared with a few integers instead of being hashed. A folded word has
    /// no diacritic and no scalar decomposes to a lowercase ASCII letter, so a word
    /// equal to an ASCII marker is that marker's bytes.
    static let packedMarkerLanguages: [(code: UInt64, languages: UInt8)]? = {
        var packed: [(code: UInt64, languages: UInt8)] = []
        for (marker, languages) in markerLanguages {
            guard let code = packedASCII(marker) else { return nil }
            packed.append((code, languages))
        }
        return packed
    }()

    /// A word of one to eight ASCII bytes packed into an integer, the first byte lowest;
    /// nil for any other word.
    static func packedASCII(_ word: String) -> UInt64? {
        var code: UInt64 = 0
        var count = 0
        for byte in word.utf8 {
            guard byte < 0x80, count < 8 else { return nil }
            code |= UInt64(byte) << (8 * count)
            count += 1
        }
        return count == 0 ? nil : code
    }

    /// Every list's entries that end in no `*`, by their first word without accents: a
    /// word of a phrase is compared only with the entries that could start there, in
    /// one look-up for all lists.
    static let byFirstWord: [String: [Pattern]] = Dictionary(
        grouping: all.flatMap { $0.patterns.filter { !$0.entry.isPrefix } }, by: { $0.foldedWords[0] })
    /// Every list's entries whose last word ends in `*` and whose stem starts with a
    /// lone ASCII letter, by that letter: compared only with a word starting with it.
    static let prefixPatternsByLead: [[Pattern]] = {
        var buckets = [[Pattern]](repeating: [], count: 128)
        for pattern in all.flatMap(\.patterns) where pattern.entry.isPrefix {
            if let lead = pattern.sharedLead { buckets[Int(lead)].append(pattern) }
        }
        return buckets
    }()
    /// The other `*` entries: compared at every word.
    static let otherPrefixPatterns: [Pattern] = all.flatMap { $0.patterns.filter { $0.entry.isPrefix && $0.sharedLead == nil } }
}
