/// Tells which of the languages SenseBridge speaks a block of recognized text is written
/// in, so the block is segmented with that language's abbreviations and spoken in its
/// voice (braille: its table).
///
/// A page in the person's own language must never change voice because of a stray word:
/// a voice switching mid-page for a name ("Visit Hà Nội this summer") is worse than a
/// foreign block read in the person's voice, which is what happened before pages had
/// languages. So the rule is conservative, and every doubt keeps the person's locale:
/// another language is chosen only when the block is long enough to judge, that
/// language explains a fair share of its words, and it clearly beats every other
/// candidate, the person's own included.
///
/// The evidence is of two reviewed kinds, counted per word (a word counts once per
/// language, however much evidence it holds):
/// - letters only one of en/es/vi writes (`vietnameseLetters`, `spanishLetters`, and
///   Spanish's opening "¿" "¡"); English writes none of its own;
/// - each language's commonest function words (`functionWords`), the words every
///   sentence of running text is made of, whatever it is about.
///
/// Pure and deterministic: the same text and candidates always give the same language.
public enum BlockLanguage {
    /// Fewer words than this keep the person's locale: a heading of one or two words
    /// ("Total", "Café", "¿Dónde?") is the same or nearly so in two of the languages, and
    /// switching the voice for one word costs more than it gives.
    public static let minimumWords = 3

    /// Words of evidence the chosen language needs at least: one function word is found
    /// in a foreign sentence as often as not ("de" in a name, "the" in a quoted title).
    public static let minimumEvidence = 2

    /// Share of the block's words the chosen language must explain. In running text of
    /// any of the three, function words alone are well over a third of the words (the
    /// forty commonest English words are about 40 % of English text) and a Vietnamese
    /// sentence has a tone or vowel mark on most syllables; a block where the best
    /// language explains under a fifth is a list of names, numbers or garbled
    /// recognition, where a guess would switch voices for nothing.
    public static let minimumShare = 0.2

    /// How many times the evidence of every other candidate the chosen language must
    /// have: a sentence quoting another language ("the sign said «salida de emergencia»")
    /// holds evidence for both, and is read in the person's voice rather than guessed.
    public static let dominance = 2

    /// How much more the person's own language's evidence weighs when another must beat
    /// it: their sentence quoting a phrase of another language ("The café on Calle de la
    /// Rosa serves tapas y más": two English function words, four Spanish ones and an
    /// accent) stays theirs, while a block of running Spanish or Vietnamese holds next to
    /// no English evidence to weigh.
    public static let personWeight = 1.5

    /// The locales a page may be in when the person has not pinned one: theirs first,
    /// then the others SenseBridge speaks, in `SpokenLocale.allCases` order. The
    /// perceiver reads with each (so a Spanish page is not read as confident English
    /// nonsense) and `identify` chooses among them.
    public static func pageLocales(person: SpokenLocale) -> [SpokenLocale] {
        [person] + SpokenLocale.allCases.filter { $0 != person }
    }

    /// The language of `text` among `candidates`; `person` whenever the text is too
    /// short or the evidence too thin (see the thresholds). Never a locale outside
    /// `candidates` other than `person`; with `person` the only candidate, `person`.
    public static func identify(_ text: String, among candidates: [SpokenLocale], person: SpokenLocale) -> SpokenLocale {
        let others = candidates.filter { $0 != person }
        guard !others.isEmpty else { return person }
        let tokens = text.split(whereSeparator: \.isWhitespace)
        let words = tokens.indices.compactMap { index in
            Word(tokens[index], startsSentence: index == 0 || tokens[index - 1].last.map(Self.sentenceEnds.contains) == true)
        }
        guard words.count >= minimumWords else { return person }
        let vietnameseInBlock = words.contains { $0.hasVietnameseLetter }
        let evidence = Dictionary(uniqueKeysWithValues: ([person] + others).map { locale in
            (locale, words.filter { $0.isEvidence(for: locale, vietnameseInBlock: vietnameseInBlock) }.count)
        })
        guard let best = others.max(by: { evidence[$0]! < evidence[$1]! }), let count = evidence[best] else { return person }
        guard count >= minimumEvidence, Double(count) >= minimumShare * Double(words.count) else { return person }
        let rivals = ([person] + others).filter { $0 != best }
        guard rivals.allSatisfy({ Double(count) >= Double(dominance) * Double(evidence[$0]!) * ($0 == person ? personWeight : 1) }) else {
            return person
        }
        return best
    }

    /// What ends a sentence, so the word after it is capitalized for that reason alone.
    static let sentenceEnds: Set<Character> = [".", "!", "?", ":", ";", "…"]

    /// One whitespace-separated token: its letters lowercased, whether it carried a
    /// Spanish opening mark, and whether it reads as a name. Tokens without letters
    /// (numbers, dashes) are not words.
    struct Word {
        let letters: String
        let opensSpanish: Bool
        /// Capitalized (a capital, then a small letter) where no sentence starts: a name.
        /// A name's letters say where the name comes from, not what the block is written
        /// in ("Nguyễn Văn An lives in Hà Nội", "Dr. José Martínez"): they are no evidence.
        /// An all-capitals heading is not a name.
        let isName: Bool

        init?(_ token: Substring, startsSentence: Bool) {
            let letters = String(token.filter(\.isLetter)).lowercased()
            guard !letters.isEmpty else { return nil }
            self.letters = letters
            opensSpanish = token.contains { BlockLanguage.spanishMarks.contains($0) }
            let cased = token.filter(\.isLetter)
            isName = !startsSentence && !opensSpanish && (cased.first?.isUppercase ?? false)
                && cased.dropFirst().contains { $0.isLowercase }
        }

        var hasVietnameseLetter: Bool { !isName && letters.contains { BlockLanguage.vietnameseLetters.contains($0) } }

        /// `vietnameseInBlock`: an acute accent (á é í ó ú) is Spanish's accent and
        /// Vietnamese's rising tone alike, so it counts for Spanish only in a block with
        /// no letter only Vietnamese writes; English writes it only in borrowed words.
        func isEvidence(for locale: SpokenLocale, vietnameseInBlock: Bool) -> Bool {
            if BlockLanguage.functionWords[locale]!.contains(letters) { return true }
            if isName { return false }
            switch locale {
            case .en:
                return false
            case .es:
                return opensSpanish || letters.contains { BlockLanguage.spanishLetters.contains($0) }
                    || (!vietnameseInBlock && letters.contains { BlockLanguage.sharedAcutes.contains($0) })
            case .vi:
                return hasVietnameseLetter
            }
        }
    }

    /// Letters Vietnamese writes and Spanish and English do not: the vowels ă â ê ô ơ ư
    /// and đ, with or without a tone, and any vowel with a tone Spanish never writes
    /// (grave, hook above, tilde, dot below), and ý. Lowercase: words are lowercased first.
    static let vietnameseLetters: Set<Character> = Set(
        "ăắằẳẵặâấầẩẫậđêếềểễệôốồổỗộơớờởỡợưứừửữự"
            + "àảãạèẻẽẹìỉĩịòỏõọùủũụỳỷỹỵý")

    /// Letters Spanish writes and Vietnamese and English do not.
    static let spanishLetters: Set<Character> = ["ñ", "ü"]

    /// Spanish's opening question and exclamation marks, which no other language here writes.
    static let spanishMarks: Set<Character> = ["¿", "¡"]

    /// The acute vowels Spanish and Vietnamese share (see `Word.isEvidence`).
    static let sharedAcutes: Set<Character> = ["á", "é", "í", "ó", "ú"]

    /// Each language's commonest function words, lowercased. Reviewed so no word is a
    /// common word of another of the three: "a", "no", "me", "he", "once", "son", "con",
    /// "o", "do", "an", "in" and "sin" are left out of every list, since each is a word (or,
    /// unmarked, a Vietnamese syllable) in another language too. Three are kept by the one
    /// language that needs them most: "y" and "hay" (Spanish's "and" and "there is";
    /// Vietnamese writes them rarely, "y tế") and "to" (English's; "to" is Vietnamese for
    /// "big"): in a Vietnamese block its tone marks outweigh them many times over.
    static let functionWords: [SpokenLocale: Set<String>] = [
        .en: ["the", "and", "of", "to", "is", "it", "that", "for", "with", "on", "as", "at", "by", "this",
              "be", "are", "was", "were", "from", "or", "not", "you", "your", "we", "our", "they", "their",
              "she", "his", "her", "its", "will", "can", "if", "but", "all", "have", "has", "had", "which",
              "there", "what", "when", "who", "would", "should", "must", "than", "these", "those", "into",
              "after", "before", "then", "how", "also", "been", "each", "only", "any", "more", "about"],
        .es: ["y", "el", "la", "los", "las", "de", "del", "que", "en", "por", "para", "una", "es", "está",
              "están", "se", "su", "sus", "al", "lo", "le", "les", "como", "pero", "más", "muy", "este",
              "esta", "estos", "estas", "ese", "esa", "hay", "ser", "sobre", "entre", "cuando", "donde",
              "dónde", "porque", "también", "ya", "yo", "usted", "ustedes", "nosotros", "ni", "todo",
              "todos", "hasta", "desde", "tiene", "fue"],
        .vi: ["và", "của", "là", "có", "không", "được", "cho", "các", "những", "một", "trong", "với",
              "này", "người", "đã", "sẽ", "thì", "mà", "để", "khi", "từ", "tôi", "bạn", "đến", "ra",
              "vào", "theo", "nhưng", "cũng", "rất", "nếu", "hoặc", "đó", "đây", "trên", "dưới",
              "sau", "trước", "nên", "vì", "bị", "chúng", "ông", "bà", "anh", "chị", "em"],
    ]
}
