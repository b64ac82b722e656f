/// Where replacement phrases come from when a composer's phrase is refused.
///
/// A closure rather than a fixed list: a refused phrase needs a replacement for
/// exactly its own records, which a list composed once for the whole moment cannot
/// give (its bucket phrases cover other records too).
public struct NarrationFallback: Sendable {
    /// Phrases for the records at `indices` (all of `stream`); indices refer to `records`.
    public let phrases: @Sendable (_ records: [PerceptionRecord], _ stream: PerceptionStream, _ indices: [Int]) -> [SubjectPhrase]

    public init(_ phrases: @escaping @Sendable (_ records: [PerceptionRecord], _ stream: PerceptionStream,
                                                _ indices: [Int]) -> [SubjectPhrase]) {
        self.phrases = phrases
    }

    /// The on-device label list, the default.
    public static func labelList(locale: SpokenLocale, detail: SpokenDetail) -> NarrationFallback {
        NarrationFallback { records, stream, indices in
            LabelListComposition.compose(records: records, locale: locale, detail: detail, considering: indices)
                .filter { $0.stream == stream }
        }
    }
}
