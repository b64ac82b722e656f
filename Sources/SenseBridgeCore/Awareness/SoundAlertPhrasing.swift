/// The sentences of safety sounds, from the locale's `SpokenTable` and the reviewed sound
/// names (`SpokenVocabulary`).
extension Phrasing {
    /// "Alert: it sounds like a smoke alarm." The hedge is the certainty's, exactly as a
    /// description of the same record would say it.
    public static func safetyAlert(_ label: String, certainty: Certainty, locale: SpokenLocale) -> String {
        SpokenTable.reading(locale) { $0.safetyAlert(certainty) }
            .filled(["subject": SpokenVocabulary.subject(for: label, locale: locale)])
    }

    /// "SenseBridge no longer hears a smoke alarm." A fact about what is heard.
    public static func safetySoundNoLongerHeard(_ label: String, locale: SpokenLocale) -> String {
        SpokenTable.reading(locale) { $0.safetySoundNoLongerHeard }
            .filled(["subject": SpokenVocabulary.subject(for: label, locale: locale)])
    }
}
