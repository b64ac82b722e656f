/// Combines independent sound perceivers (a classifier, a pattern detector) by keeping,
/// for each sound, the most confident record any of them produced.
///
/// Neither source is primary and neither is a fallback: they were trained or designed
/// independently, so neither is inherently more trustworthy, and the answer must not
/// depend on which one is passed first. Per label, not one record overall: a smoke alarm
/// heard over speech is two sounds, and the alarm must never be hidden because the
/// speech scored higher. The result is ranked by confidence; ties go to the
/// alphabetically first label, a rule that is the same in every argument order. The
/// precision floor is not applied here; Phrasing applies it to the result like any
/// other record.
public enum SoundCombination {
    /// One `.sound` record per label, the most confident of every list, strongest first;
    /// records whose confidence is not in 0…1 are left out (a classifier reporting NaN
    /// has not detected anything).
    public static func strongestPerLabel(_ lists: [[PerceptionRecord]]) -> [PerceptionRecord] {
        var best: [String: PerceptionRecord] = [:]
        for record in lists.joined() where record.kind == .sound && record.confidence.isFinite && (0...1).contains(record.confidence) {
            if let kept = best[record.label], !ranksBefore(record, kept) { continue }
            best[record.label] = record
        }
        return best.values.sorted(by: ranksBefore)
    }

    /// The most confident `.sound` record of either list; nil when neither has one.
    public static func strongest(_ first: [PerceptionRecord], _ second: [PerceptionRecord]) -> PerceptionRecord? {
        strongestPerLabel([first, second]).first
    }

    /// True when `lhs` should be kept over `rhs`.
    static func ranksBefore(_ lhs: PerceptionRecord, _ rhs: PerceptionRecord) -> Bool {
        if lhs.confidence != rhs.confidence { return lhs.confidence > rhs.confidence }
        return lhs.label < rhs.label
    }
}
