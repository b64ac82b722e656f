import Foundation
import SenseBridgeCore

/// The generated scenes `compose-grounding` feeds a composer: the situations in which a
/// composer that reads labels carelessly names the wrong thing or borrows certainty.
///
/// Each scene mixes what the host grounds against: confidences in every certainty
/// bucket and below the precision floor (a phrase may not name those), the same label
/// twice (one name may cover both, a plural needs both), labels with a reviewed name
/// in SpokenVocabulary and labels without one (said in English in every locale), sight
/// and sound, one to six records. Every scene is asked in en, es and vi at the limits
/// the host derives from each detail level. Seeded, so a failure reproduces.
enum GroundingScenes {
    struct Scene {
        var number: Int
        var records: [PerceptionRecord]
        var locale: String
        var detail: SpokenDetail

        /// The limits `DescriptionPipeline` sends for this detail level.
        var maximumWords: Int { detail.maximumPhraseWords(labelCount: detail.maximumLabels) }
        var maximumLabels: Int { detail.maximumLabels }
    }

    static let seed: UInt64 = 0x6E0D_5CE5_2026
    /// Scenes per locale and detail level: 12 × 3 × 3 = 108 requests, well under a
    /// second for a composer within its deadline.
    static let scenesPerLimit = 12

    /// Canonical identifiers only: an alias ("sofa" beside "couch") is one name to the
    /// host, and which spelling a detector uses is not what this check is about.
    static let reviewedSight = ["chair", "door", "table", "car", "person", "dog", "bicycle", "bus",
                                "traffic_light", "cup", "bench", "backpack"]
    static let unreviewedSight = ["zorbulator", "umbrella_stand"]
    static let reviewedSound = ["doorbell", "siren", "dog_barking", "car_horn"]
    static let unreviewedSound = ["quux_hum"]

    /// One range per certainty bucket, and one below the floor.
    static let confidenceBands: [ClosedRange<Double>] = [0.8...0.99, 0.6...0.79, 0.4...0.59, 0.1...0.39]

    static var all: [Scene] {
        var random = SceneRandom(seed: seed)
        var scenes: [Scene] = []
        for locale in SpokenLocale.allCases.map(\.rawValue) {
            for detail in SpokenDetail.allCases {
                for _ in 0..<scenesPerLimit {
                    scenes.append(Scene(number: scenes.count, records: records(&random), locale: locale, detail: detail))
                }
            }
        }
        return scenes
    }

    /// One to six records, most confident first, as detectors report them.
    static func records(_ random: inout SceneRandom) -> [PerceptionRecord] {
        var records: [PerceptionRecord] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let confidence = (Double.random(in: random.pick(confidenceBands), using: &random) * 100).rounded() / 100
            if let twin = records.last, random.chance(0.3) {
                records.append(PerceptionRecord(kind: twin.kind, label: twin.label, confidence: confidence))
                continue
            }
            let sound = random.chance(0.25)
            let reviewed = random.chance(0.8)
            let pool = sound ? (reviewed ? reviewedSound : unreviewedSound) : (reviewed ? reviewedSight : unreviewedSight)
            records.append(PerceptionRecord(kind: sound ? .sound : .object, label: random.pick(pool), confidence: confidence))
        }
        return records.sorted { $0.confidence > $1.confidence }
    }

    /// "en: chair 0.91, door 0.52": enough to rebuild the scene by hand.
    static func summary(_ records: [PerceptionRecord], locale: String) -> String {
        let listed = records.map { "\($0.label) \(String(format: "%.2f", $0.confidence))" }
        return "\(locale): \(listed.joined(separator: ", "))"
    }
}
