import Foundation

/// The triangular filters that fold an FFT's bins into mel bands, as TensorFlow's
/// `linear_to_mel_weight_matrix` makes them (the matrix YAMNet's features were computed
/// with): HTK's mel scale, `mel = 1127 ln(1 + hertz / 700)`; band edges evenly spaced in
/// mel from the lowest to the highest frequency; each bin weighted by the lower of its two
/// slopes, never below zero; the DC bin weighted zero.
enum MelWeights {
    static func mel(_ hertz: Double) -> Double {
        1127.0 * log(1.0 + hertz / 700.0)
    }

    /// [bin][band] for `bins` FFT bins from 0 Hz to the Nyquist frequency.
    static func matrix(bins: Int, bands: Int, sampleRate: Double, lowestHertz: Double, highestHertz: Double) -> [[Double]] {
        let nyquist = sampleRate / 2
        let lowest = mel(lowestHertz), highest = mel(highestHertz)
        let edges = (0..<(bands + 2)).map { lowest + (highest - lowest) * Double($0) / Double(bands + 1) }
        var weights = [[Double]](repeating: [Double](repeating: 0, count: bands), count: bins)
        for bin in 1..<bins {
            let binMel = mel(nyquist * Double(bin) / Double(bins - 1))
            for band in 0..<bands {
                let lower = edges[band], center = edges[band + 1], upper = edges[band + 2]
                let rising = (binMel - lower) / (center - lower)
                let falling = (upper - binMel) / (upper - center)
                weights[bin][band] = max(0, min(rising, falling))
            }
        }
        return weights
    }
}
