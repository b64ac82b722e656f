import Foundation

/// What one 20 ms frame holds in one band.
struct BandReading: Equatable {
    /// Mean-square power of the strongest bin inside the accepted band (a full-scale
    /// sine is about 0.5).
    var inBandPower: Float
    /// The strongest bin over the whole measured range, guard bins included, refined by
    /// parabolic interpolation.
    var peakHertz: Double
    /// The strongest bin's power over the median bin's, guard to guard: a tone stands
    /// well above its neighbours, broadband noise (a clap, a fan) does not.
    var tonality: Float

    /// A tone inside the band: the strongest bin lies inside it and stands out of the
    /// range's median by `minimumTonality`.
    func tonal(in band: AlarmBand, minimumTonality: Float) -> Bool {
        band.accepts(hertz: peakHertz) && tonality >= minimumTonality
    }
}

/// Measures one band of a windowed frame.
struct BandMeter {
    let band: AlarmBand
    private let bank: GoertzelBank
    private let inBand: Range<Int>
    private var powers: [Float]
    private var sorted: [Float]

    init(band: AlarmBand, sampleRate: Int) {
        self.band = band
        let frequencies = band.binFrequencies
        bank = GoertzelBank(frequencies: frequencies, sampleRate: sampleRate)
        let first = frequencies.firstIndex { $0 >= band.lowerHz } ?? 0
        let last = frequencies.lastIndex { $0 <= band.upperHz } ?? (frequencies.count - 1)
        inBand = first..<(last + 1)
        powers = Array(repeating: 0, count: frequencies.count)
        sorted = powers
    }

    mutating func read(_ frame: UnsafeBufferPointer<Float>, windowSum: Float) -> BandReading {
        bank.measure(frame, windowSum: windowSum, into: &powers)
        var peak = 0
        for bin in powers.indices where powers[bin] > powers[peak] { peak = bin }
        var inBandPower: Float = 0
        for bin in inBand { inBandPower = max(inBandPower, powers[bin]) }
        for bin in powers.indices { sorted[bin] = powers[bin] }
        sorted.sort()
        let median = max(sorted[sorted.count / 2], .leastNormalMagnitude)
        return BandReading(inBandPower: inBandPower, peakHertz: refinedPeak(peak),
                           tonality: powers[peak] / median)
    }

    /// The peak bin's frequency moved toward the stronger neighbour by a parabola through
    /// the three log powers: bins are 25-50 Hz apart and the band edges are decided closer.
    private func refinedPeak(_ peak: Int) -> Double {
        let centre = band.guardLowerHz + Double(peak) * band.stepHz
        guard peak > 0, peak < powers.count - 1 else { return centre }
        let floor: Float = 1e-20
        let left = log(Double(max(powers[peak - 1], floor)))
        let middle = log(Double(max(powers[peak], floor)))
        let right = log(Double(max(powers[peak + 1], floor)))
        let curvature = left - 2 * middle + right
        guard curvature < 0 else { return centre }
        let offset = 0.5 * (left - right) / curvature
        return centre + max(-0.5, min(0.5, offset)) * band.stepHz
    }
}
