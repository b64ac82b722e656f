/// Validator verdicts remembered by exact phrase, locale and word ceiling.
///
/// The label list validates each bucket's phrase in all three locales to know it may
/// say it, and the narrator validates the same phrases again; a detector repeats the
/// same few labels moment after moment, so the same few phrases come back.
///
/// Safe to remember because `PhraseValidator.validate` is a pure function of exactly
/// these three: it reads no clock, setting, locale of the machine or other state, and
/// its word lists and tables are constants. A remembered verdict is the one it would
/// compute again. Keyed by the phrase's UTF-8 bytes, not by `String` equality: two
/// canonically equivalent spellings are equal strings yet can earn different verdicts
/// (the byte cap counts bytes; the accepted text keeps the scalars it was given).
/// Bounded, because phrases come from plugins and network replies: it is emptied when
/// full, and phrases over `maximumPhraseBytes` are never kept, so it holds at most
/// `capacity` short entries. Thread-safe: composers and the narrator validate from
/// several threads.
final class VerdictMemo: Sendable {
    static let shared = VerdictMemo(capacity: 512)

    /// A label-list phrase of four names is under 100 bytes in every locale.
    static let maximumPhraseBytes = 256

    var capacity: Int { verdicts.capacity }
    private let verdicts: BoundedMemo<Key, PhraseVerdict>

    init(capacity: Int) {
        verdicts = BoundedMemo(capacity: capacity)
    }

    struct Key: Hashable {
        let phrase: String
        let locale: SpokenLocale
        let maximumWords: Int

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.locale == rhs.locale && lhs.maximumWords == rhs.maximumWords
                && lhs.phrase.utf8.count == rhs.phrase.utf8.count && lhs.phrase.utf8.elementsEqual(rhs.phrase.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var phrase = phrase
            phrase.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(locale)
            hasher.combine(maximumWords)
        }
    }

    func verdict(_ phrase: String, locale: SpokenLocale, maximumWords: Int, compute: () -> PhraseVerdict) -> PhraseVerdict {
        guard phrase.utf8.count <= Self.maximumPhraseBytes else { return compute() }
        return verdicts.value(for: Key(phrase: phrase, locale: locale, maximumWords: maximumWords), compute: compute)
    }

    var count: Int { verdicts.count }

    func removeAll() {
        verdicts.removeAll()
    }
}
