import Foundation

/// Turns 16 kHz mono samples into the log-mel patches YAMNet was trained on, across as
/// many blocks as the audio comes in.
///
/// The definitions are YAMNet's own (its features.py and params.py), because the network
/// only knows spectrograms made exactly so: a 25 ms periodic Hann window (400 samples)
/// every 10 ms (160), the magnitude of a 512-point FFT, 64 mel bands from 125 to 7500 Hz
/// on the HTK mel scale (as TensorFlow's `linear_to_mel_weight_matrix`, DC bin left out),
/// `log(mel + 0.001)`, and patches of 96 frames every 48 (0.96 s seen every 0.48 s).
/// Unlike YAMNet's whole-clip path, nothing is zero-padded: a listener reports only what
/// a whole 0.96 s window heard, and a silence it made up could be heard as a sound.
///
/// Pure: no I/O, no clock. The samples it keeps are the tail a next block completes
/// (under one window) and the frames of the next patch (under 96); `reset()` drops both,
/// so audio across a gap is never joined into one window.
struct LogMelFrontend {
    static let sampleRate = 16_000
    static let windowSamples = 400
    static let hopSamples = 160
    static let fftLength = 512
    static let bands = 64
    static let lowestHertz = 125.0
    static let highestHertz = 7_500.0
    static let logOffset: Float = 0.001
    static let patchFrames = 96
    static let patchHopFrames = 48

    /// One network input: `patchFrames` rows of `bands` values, frame by frame, as the
    /// model's [1, 1, 96, 64] input is laid out.
    struct Patch: Equatable {
        var values: [Float]
    }

    private var samples: [Float] = []
    private var frames: [[Float]] = []
    private let transform = FrameTransform()

    /// The patches completed by `block` (zero, one or more), oldest first.
    mutating func append(_ block: [Float]) -> [Patch] {
        samples.append(contentsOf: block)
        var start = 0
        while start + Self.windowSamples <= samples.count {
            frames.append(transform.logMel(samples[start..<(start + Self.windowSamples)]))
            start += Self.hopSamples
        }
        samples.removeFirst(start)
        var patches: [Patch] = []
        var first = 0
        while first + Self.patchFrames <= frames.count {
            patches.append(Patch(values: Array(frames[first..<(first + Self.patchFrames)].joined())))
            first += Self.patchHopFrames
        }
        frames.removeFirst(first)
        return patches
    }

    /// Forgets what was heard: the next block starts a new stream.
    mutating func reset() {
        samples.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
    }
}

/// One 400-sample frame to its 64 log-mel values: the window, the FFT magnitude and the
/// mel weights, computed once.
private final class FrameTransform {
    private let window: [Double]
    /// Each band's non-zero weights over the FFT's 257 bins, from its first bin: a
    /// triangle covers a few bins, so the fold costs about 500 products a frame, not 16,000.
    private let bands: [(firstBin: Int, weights: [Double])]
    private let fft = RealFFT(length: LogMelFrontend.fftLength)

    init() {
        let length = LogMelFrontend.windowSamples
        // Periodic, as tf.signal.hann_window(periodic=True), which tf.signal.stft uses.
        window = (0..<length).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(length)) }
        let matrix = MelWeights.matrix(bins: LogMelFrontend.fftLength / 2 + 1, bands: LogMelFrontend.bands,
                                       sampleRate: Double(LogMelFrontend.sampleRate),
                                       lowestHertz: LogMelFrontend.lowestHertz, highestHertz: LogMelFrontend.highestHertz)
        bands = (0..<LogMelFrontend.bands).map { band in
            let covered = matrix.indices.filter { matrix[$0][band] != 0 }
            guard let first = covered.first, let last = covered.last else { return (0, []) }
            return (first, (first...last).map { matrix[$0][band] })
        }
    }

    func logMel(_ frame: ArraySlice<Float>) -> [Float] {
        var input = [Double](repeating: 0, count: LogMelFrontend.fftLength)
        for (offset, sample) in frame.enumerated() {
            input[offset] = Double(sample) * window[offset]
        }
        let magnitudes = fft.magnitudes(input)
        return bands.map { band in
            var mel = 0.0
            for (offset, weight) in band.weights.enumerated() {
                mel += magnitudes[band.firstBin + offset] * weight
            }
            return log(Float(mel) + LogMelFrontend.logOffset)
        }
    }
}
