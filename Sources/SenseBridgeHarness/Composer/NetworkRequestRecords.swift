import Foundation
import SenseBridgeCore

/// What the host hands a composer whose manifest says `usesNetwork`.
///
/// Such a composer is never given a scene as detected: the host sends it object labels
/// only, at or above the precision floor, one record per label, the most confident up
/// to the label limit, each as a bare record of confidence 1 (SenseBridgeNetwork's
/// `NetworkPayload`, which the harness may not import), and it composes the sight
/// stream alone while sound and text come from on-device. Judging it on records it is
/// never sent would fail it for choices the host makes, so the harness sends what the
/// host sends and judges the phrase against that.
enum NetworkRequestRecords {
    static func records(for scene: [PerceptionRecord], maximumLabels: Int) -> [PerceptionRecord] {
        var strongest: [String: (label: String, confidence: Double, order: Int)] = [:]
        for (order, record) in scene.enumerated() where record.kind == .object {
            guard Certainty(confidence: record.confidence) != nil else { continue }
            let key = record.label.lowercased()
            let first = strongest[key]
            if first == nil || record.confidence > first!.confidence {
                strongest[key] = (first?.label ?? record.label, record.confidence, first?.order ?? order)
            }
        }
        let chosen = strongest.values
            .sorted { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.order < $1.order }
            .prefix(max(0, maximumLabels))
            .sorted { $0.order < $1.order }
        return chosen.map { PerceptionRecord(kind: .object, label: $0.label, confidence: 1) }
    }
}
