import COpenCVDNN
import SenseBridgeCore

/// A row of the model's output as the host receives it: an `.object` record named by
/// the label map, with the model's score and its box clipped to the image.
enum DetectedObject {
    /// nil for a row the map does not name, one below its class's threshold, or one whose
    /// box lies outside the image.
    static func record(_ row: sb_dnn_detection, labels: LabelMap, minimumConfidence: Double) -> PerceptionRecord? {
        let score = Double(row.score)
        guard score.isFinite, let entry = labels.entries[Int(row.class_id)],
              let threshold = labels.threshold(for: Int(row.class_id), minimumConfidence: minimumConfidence),
              score >= threshold, let box = box(row) else { return nil }
        return PerceptionRecord(kind: .object, label: entry.identifier, confidence: min(1, score), box: box)
    }

    /// The corners clipped to 0...1: SSD's boxes reach a little past the image's edges
    /// (-0.007 and 1.005 on the fixtures), and the host reads a box as where the thing
    /// is in the view. nil for a box with no area inside the image.
    static func box(_ row: sb_dnn_detection) -> NormalizedBox? {
        func clip(_ value: Float) -> Double? { value.isFinite ? min(1, max(0, Double(value))) : nil }
        guard let x0 = clip(row.x0), let y0 = clip(row.y0), let x1 = clip(row.x1), let y1 = clip(row.y1),
              x1 > x0, y1 > y0 else { return nil }
        return NormalizedBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
