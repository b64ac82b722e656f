import SenseBridgeCore

/// The records a composer is asked about, chosen by the input: reviewed labels, a
/// detector's alias for one, labels no reviewer has seen, some twice, recognized text,
/// and confidences from certain to below the floor. Shared by the targets that narrate
/// (composer-result, network-reply) so both are judged on the same kind of scene.
public enum FuzzScene {
    static let aliases = ["sofa", "tv", "bike", "fridge", "phone", "motorbike", "staircase", "lift", "bin"]
    static let unreviewed = ["zorbulator", "umbrella_stand", "garden_gnome", "quux_hum", "fan_whir"]
    static let reviewed = SpokenVocabulary.entries.map(\.identifier)
    public static let labels = reviewed + aliases + unreviewed
    static let recognizedText = ["EXIT", "Main St", "Café Sol", "cà phê sữa đá"]

    /// Mostly 0…1 in steps of 1/250; the top bytes are what a careless sensing source
    /// reports (NaN, infinities, above 1, below 0), which must never be named.
    static func confidence(_ byte: UInt8) -> Double {
        let hostile: [Double] = [.nan, .infinity, -.infinity, 1.5, -0.25]
        return byte > 250 ? hostile[Int(byte) - 251] : Double(byte) / 250
    }

    public static func records(_ input: inout FuzzInput) -> [PerceptionRecord] {
        var records: [PerceptionRecord] = []
        for _ in 0..<(1 + input.choose(8)) {
            let confidence = confidence(input.byte())
            switch input.choose(8) {
            case 0:
                records.append(PerceptionRecord(kind: .text, label: recognizedText[input.choose(recognizedText.count)],
                                                confidence: confidence))
            case 1 where !records.isEmpty:
                let twin = records[input.choose(records.count)]
                records.append(PerceptionRecord(kind: twin.kind, label: twin.label, confidence: confidence))
            default:
                let label = labels[input.choose(labels.count)]
                // Two spellings of one thing are one name ("sofa" and "couch"): a scene
                // holding both would make the oracle's reading ambiguous, not the host wrong.
                let canonical = SpokenVocabulary.canonicalIdentifier(label)
                if records.contains(where: { $0.label != label && SpokenVocabulary.canonicalIdentifier($0.label) == canonical }) {
                    continue
                }
                let sound = SpokenVocabulary.entry(for: label)?.stream == .sound || label.hasSuffix("_hum") || label.hasSuffix("_whir")
                records.append(PerceptionRecord(kind: sound ? .sound : .object, label: label, confidence: confidence))
            }
        }
        return records
    }
}
