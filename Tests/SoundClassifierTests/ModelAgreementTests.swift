import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SoundClassifier

/// The float graph scripts/tools/strip-qdq.py makes against the int8 original it came
/// from (onnxruntime, same patches): it keeps the weights, not the int8 rounding of
/// activations, so where two classes are close (Beep / Buzzer / Smoke detector, White
/// noise / Static) the top class may differ. On clear sounds it must not.
@Suite(.serialized) struct ModelAgreementTests {
    /// Clips whose every patch has one plain answer (speech, a recorded voice, silence,
    /// music): a conversion that broke the graph changes these first.
    static let clear: Set<String> = ["speech-en", "speech-es", "speech-vi", "recorded-speech", "silence", "arpeggio"]
    /// The share of all patches on which the two agree, measured 0.82 here (249 of 303);
    /// under this the conversion lost more than int8 rounding.
    static let minimumAgreement = 0.7

    static let needsInt8 = Comment(rawValue: "skipped: \(SoundReference.int8UnavailableReason ?? "")")

    @Test(.enabled(if: SoundReference.int8UnavailableReason == nil, needsInt8))
    func topClassAgreesWithTheInt8Original() throws {
        let directory = try TemporaryDirectory("sound-agreement")
        let names = try AudioSetClassMap.read(SoundReference.classMap).names
        var agreed = 0, total = 0
        var differences: [String: Int] = [:]
        for clip in try SoundReference.clips(in: directory) {
            let patches = try SoundReference.logMel(clip, in: directory)
            let float = try SoundReference.logits("opencv", patches: patches, name: clip.name, in: directory)
            let int8 = try SoundReference.logits("int8", patches: patches, name: clip.name, in: directory)
            try #require(float.count == patches.count && int8.count == patches.count)
            var clipAgreed = 0
            for (f, q) in zip(float, int8) {
                let top = Self.top(f), int8Top = Self.top(q)
                // The int8 graph's output is quantized (steps of 0.76 in logits), so two
                // classes often tie there: the float graph's choice among them agrees.
                if top == int8Top || q[top] == q[int8Top] {
                    clipAgreed += 1
                } else {
                    differences["\(names[top]) / \(names[int8Top])", default: 0] += 1
                }
            }
            print("sound-classifier: \(clip.name): top class equal on \(clipAgreed) of \(patches.count) patches")
            if Self.clear.contains(clip.name) {
                #expect(clipAgreed == patches.count, "\(clip.name) is a clear sound: the top class must agree on every patch")
            }
            agreed += clipAgreed
            total += patches.count
        }
        let share = Double(agreed) / Double(max(1, total))
        print("sound-classifier: float and int8 agree on \(agreed) of \(total) patches (\(String(format: "%.2f", share)))")
        for (pair, count) in differences.sorted(by: { $0.value > $1.value }) {
            print("sound-classifier:   float / int8 differ: \(pair) × \(count)")
        }
        #expect(total >= 200)
        #expect(share >= Self.minimumAgreement)
    }

    static func top(_ logits: [Float]) -> Int {
        logits.indices.max { logits[$0] < logits[$1] } ?? 0
    }
}
