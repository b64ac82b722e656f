@testable import SenseBridgeCore
import SenseBridgeTesting
import Testing

/// The oracle reads a positioned sentence ("On the left, …") from the tables as data and
/// judges it against the records at that position alone.
@Suite("GroundingOracle positions")
struct GroundingOraclePositionTests {
    static let left = NormalizedBox(x: 0.0, y: 0.3, width: 0.2, height: 0.4)
    static let right = NormalizedBox(x: 0.8, y: 0.3, width: 0.2, height: 0.4)
    static let records = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.5, box: left),
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.95, box: right),
        PerceptionRecord(kind: .object, label: "dog", confidence: 0.9, box: right),
    ]

    static func sentence(_ text: String, covering indices: [Int], at position: ViewPosition?,
                         certainty: Certainty = .high) -> Narration {
        Narration(sentences: [NarratedSentence(stream: .sight, certainty: certainty, text: text, recordIndices: indices,
                                               source: .composer, position: position)],
                  report: NarrationReport())
    }

    static func breaches(_ narration: Narration, locale: SpokenLocale = .en) -> [String] {
        GroundingOracle().breaches(of: narration, records: records, locale: locale)
    }

    @Test("an honest positioned sentence holds, in every locale", arguments: [
        (SpokenLocale.en, "On the left, it might be a chair, but I'm not sure.", "On the right, it looks like there's a chair."),
        (.es, "A la izquierda, quizás haya una silla, aunque no es seguro.", "A la derecha, parece que hay una silla."),
        (.vi, "Bên trái, có lẽ có một cái ghế, nhưng tôi không chắc.", "Bên phải, có vẻ như có một cái ghế."),
    ])
    func honest(locale: SpokenLocale, left: String, right: String) {
        #expect(Self.breaches(Self.sentence(left, covering: [0], at: .left, certainty: .low), locale: locale).isEmpty)
        #expect(Self.breaches(Self.sentence(right, covering: [1], at: .right), locale: locale).isEmpty)
    }

    /// Unpositioned, "a chair" could be the sure one; on the left it can only be the
    /// doubtful one, and a sure hedge there borrows the right chair's certainty.
    @Test("a sure chair elsewhere does not vouch for the one at the position said")
    func hedgePerPosition() {
        #expect(Self.breaches(Self.sentence("It looks like there's a chair.", covering: [0], at: nil)).isEmpty)
        let borrowed = Self.breaches(Self.sentence("On the left, it looks like there's a chair.", covering: [0], at: .left))
        #expect(borrowed.contains { $0.contains("surer than 0.5") }, "\(borrowed)")
    }

    @Test("a positioned sentence may cover only records at its position")
    func strayRecord() {
        let stray = Self.breaches(Self.sentence("On the left, it looks like there's a chair.", covering: [1], at: .left))
        #expect(stray.contains { $0.contains("whose box is not there") }, "\(stray)")
    }

    @Test("a thing named at a position where none of it is, is a breach")
    func namedElsewhere() {
        let named = Self.breaches(Self.sentence("On the left, it looks like there's a dog.", covering: [0], at: .left))
        #expect(named.contains { $0.contains("none of it left") }, "\(named)")
    }

    @Test("the position said and the position reported must agree")
    func reportedPosition() {
        let text = "On the right, it looks like there's a chair."
        #expect(Self.breaches(Self.sentence(text, covering: [1], at: .right)).isEmpty)
        #expect(Self.breaches(Self.sentence(text, covering: [1], at: nil)).contains { $0.contains("but reports none") })
        #expect(Self.breaches(Self.sentence("It looks like there's a chair.", covering: [1], at: .right))
            .contains { $0.contains("says position none but reports right") })
    }

    @Test("a position word outside the host's frame is no hedge")
    func unframed() {
        #expect(Self.breaches(Self.sentence("Left, it looks like there's a chair.", covering: [1], at: .left))
            .contains { $0.hasPrefix("unhedged") })
    }
}
