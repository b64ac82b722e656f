import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SoundClassifier

/// The Swift frontend makes YAMNet's patches: numpy, computing YAMNet's definitions in
/// float64 on the same samples, gives the same values (within float32 rounding), however
/// the samples are split into blocks.
@Suite(.serialized) struct LogMelFrontendTests {
    /// log(mel + 0.001) of float32 samples: numpy's float64 and the frontend's Double FFT
    /// differ in the last bits of a float32 (measured: 5e-7). A wrong window, mel edge or
    /// bin (the DC bin counted, a symmetric Hann) moves values by 1e-2 and more.
    static let tolerance: Float = 1e-4

    static let needsPython = Comment(rawValue: "skipped: \(SoundReference.unavailableReason ?? "")")

    @Test(.enabled(if: SoundReference.unavailableReason == nil, needsPython))
    func patchesEqualNumpysOnEveryClip() throws {
        let directory = try TemporaryDirectory("sound-frontend")
        let clips = try SoundReference.clips(in: directory)
        #expect(clips.count >= 15, "the generator made \(clips.count) clips")
        var compared = 0
        for clip in clips {
            let expected = try SoundReference.logMel(clip, in: directory)
            // Blocks of an odd size, so windows and patches straddle them.
            let patches = Self.patches(clip.samples, blockSize: 1_237)
            #expect(patches.count == expected.count, "\(clip.name): \(patches.count) patches, numpy \(expected.count)")
            var worst: Float = 0
            for (patch, reference) in zip(patches, expected) {
                try #require(patch.values.count == reference.count)
                for (value, wanted) in zip(patch.values, reference) {
                    let difference: Float = abs(value - wanted)
                    worst = max(worst, difference)
                }
            }
            #expect(worst <= Self.tolerance, "\(clip.name): values differ from numpy's by up to \(worst)")
            compared += patches.count
        }
        print("sound-classifier: frontend equals numpy on \(compared) patches of \(clips.count) clips")
        #expect(compared >= 200)
    }

    @Test func blockSizesDoNotChangeThePatches() {
        let samples = (0..<40_000).map { (index: Int) -> Float in
            let time = Double(index)
            return Float(0.4 * sin(time * 0.37) + 0.2 * cos(time * 0.011))
        }
        let whole = Self.patches(samples, blockSize: samples.count)
        #expect(whole.count == 4, "40,000 samples make 248 frames: patches at frames 0, 48, 96, 144")
        for size in [1, 160, 399, 401, 7_680] {
            #expect(Self.patches(samples, blockSize: size) == whole, "blocks of \(size)")
        }
    }

    @Test func resetForgetsTheTail() {
        let samples = (0..<20_000).map { (index: Int) -> Float in Float(sin(Double(index) * 0.05)) }
        var frontend = LogMelFrontend()
        _ = frontend.append(Array(samples[..<10_000]))
        frontend.reset()
        var fresh = LogMelFrontend()
        #expect(frontend.append(samples) == fresh.append(samples))
    }

    @Test func nothingBeforeAWholeWindow() {
        var frontend = LogMelFrontend()
        // 96 frames need 160 × 95 + 400 = 15,600 samples.
        #expect(frontend.append([Float](repeating: 0.1, count: 15_599)).isEmpty)
        #expect(frontend.append([0.1]).count == 1)
    }

    static func patches(_ samples: [Float], blockSize: Int) -> [LogMelFrontend.Patch] {
        var frontend = LogMelFrontend()
        var patches: [LogMelFrontend.Patch] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + blockSize)
            patches += frontend.append(Array(samples[start..<end]))
            start = end
        }
        return patches
    }
}
