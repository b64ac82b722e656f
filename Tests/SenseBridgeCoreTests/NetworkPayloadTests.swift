import SenseBridgeCore
import Testing

/// What may leave the machine, judged on plain values.
@Suite struct NetworkPayloadTests {
    let mixed: [PerceptionRecord] = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.9, box: NormalizedBox(x: 0.1, y: 0.2, width: 0.3, height: 0.4), distanceMetres: 1.2),
        PerceptionRecord(kind: .text, label: "ACCOUNT 4417 Jane Doe", confidence: 0.99),
        PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.95),
        PerceptionRecord(kind: .depth, label: "depth", confidence: 1, distanceMetres: 0.7),
        PerceptionRecord(kind: .object, label: "Chair", confidence: 0.6),
        PerceptionRecord(kind: .object, label: "lamp", confidence: 0.39),
        PerceptionRecord(kind: .object, label: "table", confidence: 0.4),
        PerceptionRecord(kind: .object, label: "PIN 4321", confidence: 0.9),
    ]

    @Test func objectLabelsOnlyAtOrAboveTheFloorDeduplicated() {
        #expect(NetworkPayload.labels(from: mixed, maximumLabels: 5) == ["chair", "table"])
    }

    @Test func recordsHandedToThePluginCarryNothingButTheLabel() {
        let records = NetworkPayload.records(for: ["chair", "table"])
        #expect(records == [PerceptionRecord(kind: .object, label: "chair", confidence: 1),
                            PerceptionRecord(kind: .object, label: "table", confidence: 1)])
        #expect(records.allSatisfy { $0.box == nil && $0.distanceMetres == nil })
    }

    @Test func theMostConfidentAreKeptInDetectionOrder() {
        let records = ["door", "sofa", "cup", "bed"].enumerated().map { index, label in
            PerceptionRecord(kind: .object, label: label, confidence: [0.5, 0.9, 0.45, 0.8][index])
        }
        #expect(NetworkPayload.labels(from: records, maximumLabels: 2) == ["sofa", "bed"])
        #expect(NetworkPayload.labels(from: records, maximumLabels: 0) == [])
    }

    @Test func labelsThatDoNotReadAsObjectNamesStayHome() {
        let odd = ["4 Privet Drive", "call me at", "a-very-long-label-that-is-surely-not-an-object-name", "nan",
                   "traffic_light", "cell phone", "ghế", "x\u{0}y"].map { PerceptionRecord(kind: .object, label: $0, confidence: 0.9) }
        #expect(NetworkPayload.labels(from: odd, maximumLabels: 10) == ["call me at", "nan", "traffic_light", "cell phone", "ghế"])
        let notANumber = PerceptionRecord(kind: .object, label: "cup", confidence: .nan)
        #expect(NetworkPayload.labels(from: [notANumber], maximumLabels: 3).isEmpty)
    }

    @Test func coveredIndicesAreTheOriginalObjectRecordsForTheSentLabels() {
        #expect(NetworkPayload.coveredIndices(in: mixed, labels: ["chair", "table"]) == [0, 4, 6])
    }

    /// Two things of one kind among the records a reply would cover: a provider sent each
    /// label once cannot count them. Below the floor, unsent or not an object, a record
    /// is no second thing; two aliases of one name are.
    @Test func thingsToCountAreTwoCoveredRecordsOfOneName() {
        #expect(NetworkPayload.holdsThingsToCount(in: mixed, labels: ["chair", "table"]))
        #expect(!NetworkPayload.holdsThingsToCount(in: mixed, labels: ["table"]))
        let one = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9), PerceptionRecord(kind: .object, label: "chair", confidence: 0.3),
                   PerceptionRecord(kind: .sound, label: "chair", confidence: 0.9), PerceptionRecord(kind: .object, label: "door", confidence: 0.9)]
        #expect(!NetworkPayload.holdsThingsToCount(in: one, labels: ["chair", "door"]))
        let aliases = [PerceptionRecord(kind: .object, label: "sofa", confidence: 0.9), PerceptionRecord(kind: .object, label: "couch", confidence: 0.8)]
        #expect(NetworkPayload.holdsThingsToCount(in: aliases, labels: ["sofa", "couch"]))
    }
}
