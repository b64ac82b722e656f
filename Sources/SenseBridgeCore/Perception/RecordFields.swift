import Foundation

/// Reads one perception record from a decoded JSON object, with a reason for every
/// way it can be wrong. Shared by every file format that carries records, so a
/// record means the same thing wherever it is written.
public enum RecordFields {
    public struct Problem: Error, Equatable {
        public var reason: String
    }

    public static func record(from fields: [String: Any]) throws -> PerceptionRecord {
        func fail(_ reason: String) -> Problem { Problem(reason: reason) }
        guard let kindText = fields["kind"] as? String else { throw fail("needs \"kind\": object, text, sound or depth") }
        guard let kind = PerceptionRecord.Kind(rawValue: kindText) else {
            throw fail("kind \"\(kindText)\" is not one of object, text, sound, depth")
        }
        guard let label = fields["label"] as? String else { throw fail("needs \"label\", a string") }
        guard kind == .depth || !label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw fail("\"label\" is empty")
        }
        guard let confidenceNumber = fields["confidence"] as? NSNumber, !(fields["confidence"] is Bool) else {
            throw fail("needs \"confidence\", a number from 0 to 1")
        }
        let confidence = confidenceNumber.doubleValue
        guard confidence.isFinite, (0...1).contains(confidence) else {
            throw fail("confidence \(confidence) is outside 0…1")
        }
        var box: NormalizedBox?
        if let boxValue = fields["box"] {
            guard let b = boxValue as? [String: Any],
                  let x = (b["x"] as? NSNumber)?.doubleValue, let y = (b["y"] as? NSNumber)?.doubleValue,
                  let width = (b["width"] as? NSNumber)?.doubleValue, let height = (b["height"] as? NSNumber)?.doubleValue else {
                throw fail("\"box\" needs numbers x, y, width, height")
            }
            let values = [x, y, width, height]
            guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }), x + width <= 1.000_001, y + height <= 1.000_001 else {
                throw fail("\"box\" must lie within the image: 0…1 on both axes")
            }
            box = NormalizedBox(x: x, y: y, width: width, height: height)
        }
        var distance: Double?
        if let distanceValue = fields["distanceMetres"] {
            guard let metres = (distanceValue as? NSNumber)?.doubleValue, metres.isFinite, metres > 0, metres < 1000 else {
                throw fail("\"distanceMetres\" must be a positive number of metres")
            }
            distance = metres
        }
        if kind == .depth && distance == nil { throw fail("a depth record needs \"distanceMetres\"") }
        return PerceptionRecord(kind: kind, label: label, confidence: confidence, box: box, distanceMetres: distance)
    }
}
