import SenseBridgeCore

/// The host's judgement of a network reply, before it may replace the on-device phrases.
///
/// Not a rule of its own: it asks the narrator, which every phrase of every composer
/// passes (validator, then grounding against the records the reply covers), so a reply
/// the network composition accepts is one the narrator will speak as written. The
/// answer names our rule and, in quotes, the word that decided it — which may be the
/// reply's own, so it is never logged as public.
public enum ReplyJudgement {
    /// nil when the narrator would speak `reply` as written for these records.
    public static func problem(with reply: SubjectPhrase, records: [PerceptionRecord], locale: SpokenLocale,
                               detail: SpokenDetail) -> String? {
        guard let failure = SceneNarrator.firstRefusal(among: [reply], records: records, locale: locale, detail: detail) else { return nil }
        return failure.reason.code + (failure.word.map { " ('\($0)')" } ?? "")
    }
}
