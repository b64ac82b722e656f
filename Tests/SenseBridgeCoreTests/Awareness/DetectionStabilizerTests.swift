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

/// A distance is of the moment it was measured: a thing named from an earlier pass, or
/// held through a failed one, is named without it; and no plugin's distance on an object
/// is ever taken as measured.
@Suite("Distances are of their moment")
struct StabilizedDistanceTests {
    static func chair(_ metres: Double?) -> PerceptionRecord {
        var record = PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)
        record.distanceMetres = metres
        return record
    }

    @Test("a missed pass or a failed pass drops the held distance, and a fresh sighting brings one back")
    func staleDistancesAreDropped() {
        var stabilizer = DetectionStabilizer()
        stabilizer.feed([Self.chair(2)])
        stabilizer.feed([Self.chair(1.8)])
        #expect(stabilizer.stable.map(\.distanceMetres) == [1.8])
        stabilizer.feed([])
        #expect(stabilizer.stable.map(\.label) == ["chair"] && stabilizer.stable.map(\.distanceMetres) == [nil])
        stabilizer.feed([Self.chair(1.5)])
        #expect(stabilizer.stable.map(\.distanceMetres) == [1.5])
        stabilizer.passFailed()
        #expect(stabilizer.stable.map(\.label) == ["chair"] && stabilizer.stable.map(\.distanceMetres) == [nil])
    }

    @Test("a distance a plugin wrote on an object is dropped; a depth record keeps its own")
    func pluginDistances() {
        #expect(Self.chair(2).withoutPluginDistance.distanceMetres == nil)
        let depth = PerceptionRecord(kind: .depth, label: "", confidence: 1, distanceMetres: 2)
        #expect(depth.withoutPluginDistance.distanceMetres == 2)
    }
}
