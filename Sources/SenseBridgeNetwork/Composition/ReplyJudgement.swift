import SenseBridgeCore

/// The host's judgement of a network reply, before it may replace the on-device phrases.
///
/// Not a rule of its own: it asks the narrator, which every phrase of every composer
/// passes (validator, then grounding against the records the reply covers), so a reply
/// the network composition accepts is one the narrator will speak as written. The
/// answer names our rule and, in quotes, the word that decided it — which may be the
/// reply's own, so it is never logged as public.
public enum ReplyJudgement {
    public struct Refusal: Equatable, Sendable {
        /// The narrator's stable code ("record-not-named", "ungrounded-word", …): public.
        public var code: String
        /// The code and, in quotes, the deciding word: private.
        public var explanation: String
    }

    /// nil when the narrator would speak `reply` as written for these records.
    public static func refusal(of reply: SubjectPhrase, records: [PerceptionRecord], locale: SpokenLocale,
                               detail: SpokenDetail) -> Refusal? {
        guard let failure = SceneNarrator.firstRefusal(among: [reply], records: records, locale: locale, detail: detail) else { return nil }
        return Refusal(code: failure.reason.code, explanation: failure.reason.code + (failure.word.map { " ('\($0)')" } ?? ""))
    }
}
