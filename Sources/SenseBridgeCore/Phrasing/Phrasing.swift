/// The one place a spoken description gets its hedge.
///
/// Composers return subject phrases ("a chair and a doorway"); the host validates them
/// and Phrasing wraps them in the template for the certainty the detector earned. A
/// composer can make wording clumsy; it cannot make the host sound certain.
public enum Phrasing {
    /// The bucket for a confidence; nil below the precision floor (not named at all).
    public static func certainty(forConfidence confidence: Double) -> Certainty? {
        Certainty(confidence: confidence)
    }

    /// The hedge template for a certainty, stream and locale.
    public static func hedgeTemplate(certainty: Certainty, stream: PerceptionStream,
                                     locale: SpokenLocale, number: GrammaticalNumber = .singular) -> SpokenEntry {
        SpokenTable.reading(locale) { $0.hedge(certainty, stream: stream, number: number) }
    }

    /// The full sentence for a subject: "It looks like there's a chair and a doorway."
    ///
    /// For the text stream `subject` is the recognized text itself; it is cleaned and
    /// capped here (`RecognizedText.spoken`) so no caller can read a whole page into the
    /// awareness channel. Callers validate sight and sound subjects before this point
    /// (`SceneNarrator` does); Phrasing wraps whatever it is given. `number` is the
    /// subject's, so the hedge agrees with it ("there are several chairs").
    ///
    /// `position`, for sight only, puts the host's words for where the subject's records
    /// are before the hedge ("On the left, it looks like there's a chair."); the caller
    /// grouped those records by their measured boxes (`ViewPosition`).
    public static func describe(subject: String, certainty: Certainty, stream: PerceptionStream,
                                locale: SpokenLocale, number: GrammaticalNumber = .singular,
                                position: ViewPosition? = nil) -> String {
        if stream == .sight, let position {
            let (template, words) = SpokenTable.reading(locale) { ($0.positionedHedge(certainty, number: number), $0.position(position)) }
            return template.filled(["position": words.text, "subject": subject])
        }
        let template = hedgeTemplate(certainty: certainty, stream: stream, locale: locale, number: number)
        switch stream {
        case .text:
            return template.filled(["text": RecognizedText.spoken(subject, locale: locale)])
        case .sight, .sound:
            return template.filled(["subject": subject])
        }
    }

    /// Names joined the way the locale joins a list: "a chair, a table and a doorway".
    public static func list(_ items: [String], locale: SpokenLocale) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        let (separator, final) = SpokenTable.reading(locale) { ($0.listSeparator, $0.listFinal) }
        let head = items.dropLast().joined(separator: separator.text)
        return final.filled(["items": head, "last": last])
    }

    /// What a description says when no record clears the precision floor: "Nothing was
    /// recognized clearly enough to name." Silence there would be a failure mode (the
    /// person cannot tell it from a composer that never ran), and "nothing is there"
    /// would infer absence from a detector that only failed to be sure (Invariant 2).
    public static func nothingRecognized(locale: SpokenLocale) -> String {
        SpokenTable.reading(locale) { $0.nothingRecognized.text }
    }
}
