import SenseBridgeCore
import Testing

@Suite struct DetectionStabilizerTests {
    static func object(_ label: String, _ confidence: Double = 0.9) -> PerceptionRecord {
        PerceptionRecord(kind: .object, label: label, confidence: confidence)
    }

    /// Feeds each pass (a list of object labels; nil = a failed pass, never fed) and
    /// returns the labels that may be named after each.
    static func run(_ passes: [[String]?], confirmations: Int = 2, persistence: Int = 2) -> [[String]] {
        var stabilizer = DetectionStabilizer(confirmations: confirmations, persistence: persistence)
        var named: [[String]] = []
        for pass in passes {
            if let pass { stabilizer.feed(pass.map { object($0) }) }
            named.append(stabilizer.stable.map(\.label))
        }
        return named
    }

    /// The table: passes in, what may be named after each pass.
    static let table: [(name: String, passes: [[String]?], named: [[String]])] = [
        ("a label confirms on its second consecutive pass",
         [["chair"], ["chair"], ["chair"]], [[], ["chair"], ["chair"]]),
        ("a dog in one pass only is never named",
         [["chair"], ["chair", "dog"], ["chair"], ["chair"]], [[], ["chair"], ["chair"], ["chair"]]),
        ("a sighting, a gap and a sighting is not consecutive",
         [["dog"], [], ["dog"], []], [[], [], [], []]),
        ("a confirmed label survives two missing passes and drops on the third",
         [["door"], ["door"], [], [], []], [[], ["door"], ["door"], ["door"], []]),
        ("seen again within its persistence, it stays and its count of misses restarts",
         [["door"], ["door"], [], ["door"], [], [], []], [[], ["door"], ["door"], ["door"], ["door"], ["door"], []]),
        ("a failed pass holds the last stable set, however many fail",
         [["door"], ["door"], nil, nil, nil, nil], [[], ["door"], ["door"], ["door"], ["door"], ["door"]]),
        ("a failed pass does not break a confirmation under way",
         [["chair"], nil, ["chair"]], [[], [], ["chair"]]),
        ("confirmed labels keep the order they appeared in",
         [["table"], ["table", "chair"], ["chair", "table"], ["chair", "table"]], [[], ["table"], ["table", "chair"], ["table", "chair"]]),
    ]

    @Test(arguments: table.indices)
    func rules(index: Int) {
        let row = Self.table[index]
        #expect(Self.run(row.passes) == row.named, "\(row.name)")
    }

    @Test func oneConfirmationNamesAtOnceAndZeroPersistenceDropsAtOnce() {
        #expect(Self.run([["chair"], []], confirmations: 1, persistence: 0) == [["chair"], []])
        #expect(Self.run([["chair"], ["chair"], ["chair"], []], confirmations: 3, persistence: 0) == [[], [], ["chair"], []])
    }

    @Test func aConfirmedLabelIsNamedFromItsLatestSighting() {
        var stabilizer = DetectionStabilizer()
        stabilizer.feed([Self.object("chair", 0.9)])
        stabilizer.feed([Self.object("chair", 0.6), Self.object("chair", 0.7)])
        #expect(stabilizer.stable == [Self.object("chair", 0.6), Self.object("chair", 0.7)])
        // Missing now: the last sighting is named, not a made-up one.
        stabilizer.feed([])
        #expect(stabilizer.stable == [Self.object("chair", 0.6), Self.object("chair", 0.7)])
        // Seen again below the floor: the newer, weaker sighting is what the narrator judges.
        stabilizer.feed([Self.object("chair", 0.2)])
        #expect(stabilizer.stable == [Self.object("chair", 0.2)])
    }

    @Test func soundsAndTextPassThroughFromTheLatestPassOnly() {
        var stabilizer = DetectionStabilizer()
        let alarm = PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.8)
        let sign = PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9)
        stabilizer.feed([alarm, sign])
        // An alarm heard once is said, not confirmed first.
        #expect(stabilizer.stable == [alarm, sign])
        stabilizer.feed([])
        #expect(stabilizer.stable == [])
    }

    @Test func itSettlesAfterAsManyPassesAsAConfirmationTakes() {
        var stabilizer = DetectionStabilizer(confirmations: 3)
        #expect(!stabilizer.hasSettled)
        stabilizer.feed([Self.object("chair")])
        stabilizer.feed([])
        #expect(!stabilizer.hasSettled)
        #expect(stabilizer.pendingLabels == [])
        stabilizer.feed([Self.object("door")])
        #expect(stabilizer.hasSettled)
        #expect(stabilizer.pendingLabels == ["door"])
        stabilizer.reset()
        #expect(!stabilizer.hasSettled)
        #expect(stabilizer.stable == [])
    }
}
