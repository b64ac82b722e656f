@testable import SenseBridgeCore

/// Measured boxes for generated scenes, so property tests narrate by position: most
/// objects get a box anywhere in the view (narrow or wide, across a third or the
/// middle), some none, and two records of one name often land in different places.
enum PlacedScene {
    static func place<R: RandomNumberGenerator>(_ records: [PerceptionRecord], using random: inout R) -> [PerceptionRecord] {
        records.map { record in
            guard record.kind == .object, Double.random(in: 0..<1, using: &random) < 0.8 else { return record }
            var placed = record
            let width = Double.random(in: 0.02...1, using: &random)
            placed.box = NormalizedBox(x: Double.random(in: 0...(1 - width), using: &random), y: 0.2, width: width, height: 0.5)
            return placed
        }
    }

    /// Every breach of the position rule in a detailed narration: a sight sentence's
    /// position is its records' own (none for a record without a box), and sentences
    /// come left, ahead, right, then unplaced, each stream after the last.
    static func positionBreaches(_ narration: Narration, records: [PerceptionRecord]) -> [String] {
        var breaches: [String] = []
        for sentence in narration.sentences {
            let places = Set(sentence.recordIndices.map { ViewPosition(box: records[$0].box) })
            let expected: ViewPosition? = sentence.stream == .sight ? places.first ?? nil : nil
            if places.count != 1 || sentence.position != expected {
                breaches.append("\(sentence.text) at \(String(describing: sentence.position)) covers records at \(places)")
            }
        }
        let order = narration.sentences.map { sentence in
            sentence.position.map { ViewPosition.allCases.firstIndex(of: $0)! } ?? (2 + sentence.stream.rawValue)
        }
        if order != order.sorted() { breaches.append("out of order: \(narration.spokenText)") }
        return breaches
    }
}
