import Foundation

/// The one function that decides what a network composer may receive.
///
/// Pure logic, in Core, so that the network composition that sends it and the harness
/// that tests a network composer on what it would be sent use the same rule.
///
/// Only detected-object labels leave the machine: never recognized text (a bank letter,
/// a prescription), sounds, depth, confidences, boxes or images. The host passes the
/// plugin these strings as bare object records (confidence 1, no box, no distance), so
/// even a hostile network plugin never holds anything else. Confidences stay here: the
/// hedge is computed from them locally and a provider has no use for them.
public enum NetworkPayload {
    /// Below this a detection is too unsure to name to anyone, let alone send.
    public static let precisionFloor = 0.4
    /// Detector labels are short names; anything longer is not an object name.
    public static let maximumLabelCharacters = 40
    public static let maximumLabelWords = 4

    /// Object labels at or above the floor, de-duplicated without regard to case, at most
    /// `maximumLabels` (the most confident ones), in the order they were detected.
    /// A "label" that does not look like an object name (digits, punctuation, a long
    /// string) is dropped: it may be text that a sensing source mislabelled as an object.
    public static func labels(from records: [PerceptionRecord], maximumLabels: Int) -> [String] {
        var best: [String: (label: String, confidence: Double, order: Int)] = [:]
        for (order, record) in records.enumerated() where record.kind == .object {
            guard record.confidence.isFinite, record.confidence >= precisionFloor,
                  let label = objectName(record.label) else { continue }
            let key = label.lowercased()
            if let existing = best[key] {
                if record.confidence > existing.confidence { best[key] = (existing.label, record.confidence, existing.order) }
            } else {
                best[key] = (label, record.confidence, order)
            }
        }
        let chosen = best.values.sorted { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.order < $1.order }
            .prefix(max(0, maximumLabels))
        return chosen.sorted { $0.order < $1.order }.map(\.label)
    }

    /// What the plugin is handed: each label as an object record and nothing else.
    public static func records(for labels: [String]) -> [PerceptionRecord] {
        labels.map { PerceptionRecord(kind: .object, label: $0, confidence: 1) }
    }

    /// The original records a network phrase covers: the object records whose labels
    /// were sent. Their confidences, not the provider's word, set the hedge.
    public static func coveredIndices(in records: [PerceptionRecord], labels: [String]) -> [Int] {
        let sent = Set(labels.map { $0.lowercased() })
        return records.indices.filter { index in
            let record = records[index]
            return record.kind == .object && record.confidence.isFinite && record.confidence >= precisionFloor
                && objectName(record.label).map { sent.contains($0.lowercased()) } == true
        }
    }

    /// Whether two or more of the records a reply would cover are one thing of one kind
    /// (by canonical name: "sofa" and "couch" are one). Each label is sent once and the
    /// provider asked for no number, so it cannot say "two chairs", and the grounding rule
    /// refuses the "a chair" it would say over two: such a moment is the label list's to
    /// count, and the network is not asked, rather than asked to fail.
    public static func holdsThingsToCount(in records: [PerceptionRecord], labels: [String]) -> Bool {
        let names = coveredIndices(in: records, labels: labels).map { SpokenVocabulary.canonicalIdentifier(records[$0].label) }
        return Set(names).count < names.count
    }

    /// A trimmed label if it reads as an object name: letters (any script), spaces, `_`
    /// and `-` only, at most four words and forty characters.
    static func objectName(_ raw: String) -> String? {
        let label = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !label.isEmpty, label.count <= maximumLabelCharacters else { return nil }
        guard label.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == " " || $0 == "_" || $0 == "-" }) else { return nil }
        guard label.split(whereSeparator: { $0 == " " || $0 == "_" }).count <= maximumLabelWords else { return nil }
        return label
    }
}
