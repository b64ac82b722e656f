/// How sure a confirmed pattern is, from how well it was heard.
///
/// A whole cycle heard with every interval inside the standard's tolerance, in band and
/// `minimumMarginDecibels` out of the band's background is worth saying even at its
/// weakest, so the rule starts at `base` (0.5), above the precision floor (0.4): the
/// person hears it hedged rather than not at all. The other half grows with the timing's
/// fit (0.4), the signal-to-background margin beyond the minimum (0.4, full at 20 dB
/// more) and the frequency's fit in its band (0.2). A partial pattern has no confidence:
/// it gives no record.
public enum AlarmConfidence {
    public static let base = 0.5
    /// Decibels above the minimum margin at which the margin's share is full.
    public static let fullMarginDecibels = 20.0

    /// `timing` and `band` are fits in 0...1; `marginDecibels` is the weakest pulse's
    /// signal-to-background ratio minus the minimum required.
    public static func confidence(timing: Double, marginDecibels: Double, band: Double) -> Double {
        let margin = max(0, min(1, marginDecibels / fullMarginDecibels))
        let quality = 0.4 * clamp(timing) + 0.4 * margin + 0.2 * clamp(band)
        return base + (1 - base) * quality
    }

    /// How well a measured value fits a nominal one within its limits: 1 at the nominal
    /// value, 0 at (or past) the limit on its side, quadratic between, so small deviations
    /// cost little and the last stretch before a limit much.
    static func fit(_ value: Double, nominal: Double, lower: Double, upper: Double) -> Double {
        let halfWidth = value < nominal ? nominal - lower : upper - nominal
        guard halfWidth > 0 else { return value == nominal ? 1 : 0 }
        let deviation = min(1, abs(value - nominal) / halfWidth)
        return 1 - deviation * deviation
    }

    private static func clamp(_ value: Double) -> Double { max(0, min(1, value)) }
}
