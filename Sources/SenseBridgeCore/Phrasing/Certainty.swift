/// How sure a sentence may sound, chosen from the detector's confidence and nothing else.
///
/// The buckets, the precision floor and the hedges they select are the same at every
/// `SpokenDetail` level and in every locale: more detail names more of what was
/// recognized, never more certainty about any one of it.
public enum Certainty: Int, CaseIterable, Comparable, Sendable, Codable {
    case low = 1
    case medium = 2
    case high = 3

    /// Below this a detection is not named at all. Naming a wrong physical object to a
    /// blind user walking is worse than naming nothing: they act on what they hear.
    public static let precisionFloor = 0.4

    /// From here a detection is phrased "it looks like there's …": detectors at this
    /// confidence are right often enough that a plainer hedge does not mislead.
    public static let highThreshold = 0.8

    /// From here a detection is phrased "it may be …": likely enough to be worth
    /// saying, not likely enough to sound settled.
    public static let mediumThreshold = 0.6

    /// The bucket for one confidence; nil below the precision floor or when the value
    /// is not a number in 0…1 (a detector that reports garbage has earned no claim).
    public init?(confidence: Double) {
        guard confidence.isFinite, confidence <= 1, confidence >= Certainty.precisionFloor else { return nil }
        if confidence >= Certainty.highThreshold {
            self = .high
        } else if confidence >= Certainty.mediumThreshold {
            self = .medium
        } else {
            self = .low
        }
    }

    /// The bucket for a phrase covering several detections: the weakest one's.
    ///
    /// A phrase naming several objects is only as good as its weakest member; letting
    /// the strongest choose would make "a chair and a dog" sound as sure as the chair.
    /// Nil when the list is empty or any member is below the floor, because then the
    /// phrase names something that may not be named.
    public static func weakest(of confidences: [Double]) -> Certainty? {
        guard !confidences.isEmpty else { return nil }
        var weakest = Certainty.high
        for confidence in confidences {
            guard let certainty = Certainty(confidence: confidence) else { return nil }
            weakest = min(weakest, certainty)
        }
        return weakest
    }

    public static func < (lhs: Certainty, rhs: Certainty) -> Bool { lhs.rawValue < rhs.rawValue }
}
