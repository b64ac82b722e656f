/// A frequency band standard alarms sound in, and the bins the detector measures it with.
///
/// Each band is measured a little beyond its edges (`guardLowerHz`, `guardUpperHz`): a
/// frame counts as "in band" only when its strongest bin over the whole measured range
/// lies inside the band, so a tone just outside (a 2.6 kHz beeper, the 5th harmonic of a
/// 520 Hz square wave) is told apart from one inside instead of leaking into the nearest
/// in-band bin. Sources for every edge: docs/ALARM_PATTERNS.md.
public struct AlarmBand: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// Piezo sounders of smoke and CO alarms and most fire-alarm horns.
        case high
        /// The 520 Hz square wave NFPA 72 requires in sleeping areas for people who are
        /// hard of hearing (and NFPA 720 for CO).
        case low
    }

    public var kind: Kind
    /// Where a tone is accepted.
    public var lowerHz: Double
    public var upperHz: Double
    /// The frequency the band is named after; a tone there fits best.
    public var nominalHz: Double
    /// The measured range, wider than the accepted one.
    public var guardLowerHz: Double
    public var guardUpperHz: Double
    /// Bin spacing; half the 20 ms Hann window's resolution (50 Hz), so a tone between two
    /// bins loses at most about 1.4 dB.
    public var stepHz: Double

    /// UL 217 caps a smoke alarm's tone at 3.5 kHz; piezo alarms sound near 3.1 kHz
    /// (the "3,100 Hz" of the Fire Protection Research Foundation's studies), a few as low
    /// as 2.7-2.8 kHz.
    public static let high = AlarmBand(kind: .high, lowerHz: 2700, upperHz: 3500, nominalHz: 3100,
                                       guardLowerHz: 2400, guardUpperHz: 3800, stepHz: 50)
    /// NFPA 72 (18.4.6.3, since 2010): a 520 Hz ± 10 % square wave; its fundamental is
    /// what is measured (the odd harmonics fall outside this band).
    public static let low = AlarmBand(kind: .low, lowerHz: 468, upperHz: 572, nominalHz: 520,
                                      guardLowerHz: 300, guardUpperHz: 800, stepHz: 25)

    public static func band(_ kind: Kind) -> AlarmBand {
        switch kind {
        case .high: return .high
        case .low: return .low
        }
    }

    /// The measured frequencies, guard to guard.
    public var binFrequencies: [Double] {
        stride(from: guardLowerHz, through: guardUpperHz + stepHz / 2, by: stepHz).map { $0 }
    }

    public func accepts(hertz: Double) -> Bool {
        hertz >= lowerHz && hertz <= upperHz
    }

    /// 1 at the nominal frequency, 0 at either accepted edge.
    func fit(hertz: Double) -> Double {
        AlarmConfidence.fit(hertz, nominal: nominalHz, lower: lowerHz, upper: upperHz)
    }
}
