/// Depth sentences: a measurement said as a measurement.
///
/// The nearest reading is rounded down, toward the user, so the spoken number is never
/// farther than what was measured: a person who hears "about 2 metres" and walks 2
/// metres must not meet the thing sooner. A missing reading is said as a failure to
/// measure, never as "nothing here" or "clear".
///
/// Every function here is total: these are public, third parties call them through the
/// core, and no Double they pass (NaN, ±∞, 1e19, −0) may trap or come out as a number
/// no sensor measured.
extension Phrasing {
    /// Below this the number stops being useful to a walking user; "less than half a
    /// metre" tells them to stop reaching for a figure and reach out a hand.
    public static let halfMetre = 0.5

    /// Under 2 m, half-metre steps: the difference between one and one and a half
    /// metres is a step, which matters at arm's length.
    public static let fineStepLimit = 2.0
    public static let fineStep = 0.5

    /// From 2 m to 10 m, whole metres: finer would claim more than a depth sensor's
    /// accuracy at that range.
    public static let coarseStepLimit = 10.0
    public static let coarseStep = 1.0

    /// Beyond 10 m, 5-metre steps: far readings are the least accurate.
    public static let farStep = 5.0

    /// "The nearest thing measured is about 3 metres away." A negative, NaN or infinite
    /// distance, or one beyond `PerceptionRecord.maximumDistanceMetres`, is not a
    /// measurement and yields the could-not-measure sentence.
    public static func nearestMeasurement(atDistance metres: Double, locale: SpokenLocale) -> String {
        let table = SpokenTable.forLocale(locale)
        guard let rounded = roundedTowardUser(metres) else { return table.couldNotMeasure.text }
        guard rounded >= halfMetre else { return table.nearestUnderHalfMetre.text }
        let unit = rounded == 1 ? table.metreOne : table.metresMany
        let distance = unit.filled(["number": spokenNumber(rounded, locale: locale)])
        return table.nearestMeasured.filled(["distance": distance])
    }

    /// A detected thing's subject with the distance measured under its box, still inside
    /// the hedge the caller puts around it: "a chair, about 2 metres away". `several`:
    /// the subject names more than one thing, all measured, and `metres` is the nearest.
    /// nil when `metres` is not a measurement: then no distance is said at all.
    public static func subject(_ subject: String, atDistance metres: Double, several: Bool, locale: SpokenLocale) -> String? {
        let table = SpokenTable.forLocale(locale)
        guard let rounded = roundedTowardUser(metres) else { return nil }
        guard rounded >= halfMetre else {
            return (several ? table.subjectNearestUnderHalfMetre : table.subjectUnderHalfMetre).filled(["subject": subject])
        }
        let unit = rounded == 1 ? table.metreOne : table.metresMany
        let distance = unit.filled(["number": spokenNumber(rounded, locale: locale)])
        return (several ? table.subjectNearestAtDistance : table.subjectAtDistance).filled(["subject": subject, "distance": distance])
    }

    /// The sentence for a depth check with no usable reading.
    public static func couldNotMeasure(locale: SpokenLocale) -> String {
        SpokenTable.forLocale(locale).couldNotMeasure.text
    }

    /// The distance rounded down to its step; nil when it is not a measurement (negative,
    /// not finite, or farther than any depth sensor measures).
    public static func roundedTowardUser(_ metres: Double) -> Double? {
        guard metres.isFinite, metres >= 0, metres <= PerceptionRecord.maximumDistanceMetres else { return nil }
        let step: Double
        if metres < fineStepLimit {
            step = fineStep
        } else if metres < coarseStepLimit {
            step = coarseStep
        } else {
            step = farStep
        }
        return (metres / step).rounded(.down) * step
    }

    /// A distance `roundedTowardUser` gave, in digits: "3", or "1.5" with the locale's
    /// separator. Counted in whole tenths, so no conversion can trap and a value just
    /// under a whole number cannot come out as "1.10". A value outside 0…maximum (no
    /// caller in the core passes one) is held to that range rather than trapping.
    static func spokenNumber(_ value: Double, locale: SpokenLocale) -> String {
        let bounded = value.isNaN ? 0 : min(max(value, 0), PerceptionRecord.maximumDistanceMetres)
        let tenths = Int((bounded * 10).rounded())
        let whole = tenths / 10, fraction = tenths % 10
        guard fraction != 0 else { return String(whole) }
        return "\(whole)\(SpokenTable.forLocale(locale).decimalSeparator.text)\(fraction)"
    }
}
