import Foundation
import SenseBridgeCore

/// The network's 521 outputs for one patch, turned into the records a person may hear
/// about: one `.sound` record per curated identifier whose score reaches its floor.
///
/// The ONNX graph ends in the classifier's Gemm: its outputs are logits (they run from
/// about -140 to +50), not the probabilities upstream YAMNet's Keras model gives after its
/// sigmoid. The sigmoid is applied here, so a confidence is the model's own per-class
/// probability (classes are independent in AudioSet: a patch may hold speech and a siren).
struct SoundScores {
    let table: CuratedSounds.Resolved
    /// Below this nothing is reported; an identifier's own floor may be higher.
    let minimumConfidence: Double

    static func probability(_ logit: Float) -> Double {
        1 / (1 + exp(-Double(logit)))
    }

    /// Per identifier, the highest probability among its classes over every patch in
    /// `logits` (a block may complete several: a sound in the first one is still heard).
    func records(_ logits: [[Float]]) -> [PerceptionRecord] {
        var records: [PerceptionRecord] = []
        for entry in table.entries {
            var best = 0.0
            for patch in logits {
                for index in entry.indices where index < patch.count {
                    let probability = Self.probability(patch[index])
                    if probability.isFinite { best = max(best, probability) }
                }
            }
            guard best >= max(minimumConfidence, entry.floor) else { continue }
            records.append(PerceptionRecord(kind: .sound, label: entry.identifier, confidence: best))
        }
        return records.sorted { $0.confidence > $1.confidence }
    }
}
