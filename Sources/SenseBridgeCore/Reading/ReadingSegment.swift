/// One sentence-level segment of a page, as the cursor speaks it, and the language it is
/// written in: the voice that speaks it and the braille table that writes it follow the
/// segment, since one page may hold blocks in several languages (`BlockLanguage`).
public struct ReadingSegment: Hashable, Sendable {
    public var text: String
    public var locale: SpokenLocale

    public init(_ text: String, locale: SpokenLocale) {
        self.text = text
        self.locale = locale
    }
}
