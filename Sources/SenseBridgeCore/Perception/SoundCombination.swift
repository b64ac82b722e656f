/// Combines two independent sound classifiers by keeping the single most confident
/// sound detection either of them produced.
///
/// Neither source is primary and neither is a fallback: they were trained
/// independently, so neither is inherently more trustworthy, and the answer must not
/// depend on which one is passed first. Ties go to the alphabetically first label, a
/// rule that is the same in both argument orders. The precision floor is not applied
/// here; Phrasing applies it to the result like any other record.
public enum SoundCombination {
    /// The most confident `.sound` record of either list; nil when neither has one with
    /// a confidence in 0…1 (a classifier reporting NaN has not detected anything).
    public static func strongest(_ first: [PerceptionRecord], _ second: [PerceptionRecord]) -> PerceptionRecord? {
        (first + second)
            .filter { $0.kind == .sound && $0.confidence.isFinite && (0...1).contains($0.confidence) }
            .min(by: ranksBefore)
    }

    /// True when `lhs` should be kept over `rhs`.
    static func ranksBefore(_ lhs: PerceptionRecord, _ rhs: PerceptionRecord) -> Bool {
        if lhs.confidence != rhs.confidence { return lhs.confidence > rhs.confidence }
        return lhs.label < rhs.label
    }
}
