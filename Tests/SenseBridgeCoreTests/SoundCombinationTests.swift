import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

@Suite("SoundCombination")
struct SoundCombinationTests {
    static func sound(_ label: String, _ confidence: Double) -> PerceptionRecord {
        PerceptionRecord(kind: .sound, label: label, confidence: confidence)
    }

    @Test("keeps the single most confident detection from either source")
    func strongest() {
        let builtIn = [Self.sound("speech", 0.6), Self.sound("doorbell", 0.7)]
        let custom = [Self.sound("smoke_alarm", 0.82), Self.sound("dog_barking", 0.5)]
        #expect(SoundCombination.strongest(builtIn, custom) == Self.sound("smoke_alarm", 0.82))
        #expect(SoundCombination.strongest(custom, builtIn) == Self.sound("smoke_alarm", 0.82))
        let better = [Self.sound("siren", 0.95)]
        #expect(SoundCombination.strongest(better, custom) == Self.sound("siren", 0.95))
    }

    @Test("neither source is primary: the order of the arguments never changes the answer")
    func symmetric() {
        var generator = SeededGenerator(seed: 11)
        let labels = ["siren", "knock", "speech", "doorbell"]
        for _ in 0..<500 {
            let make = { (generator: inout SeededGenerator) in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Self.sound(labels.randomElement(using: &generator)!,
                               Double(Int.random(in: 0...10, using: &generator)) / 10)
                }
            }
            let first = make(&generator)
            let second = make(&generator)
            #expect(SoundCombination.strongest(first, second) == SoundCombination.strongest(second, first))
        }
    }

    @Test("ties go to the same record either way; non-sound and garbage records are ignored")
    func tiesAndGarbage() {
        #expect(SoundCombination.strongest([Self.sound("siren", 0.8)], [Self.sound("knock", 0.8)])?.label == "knock")
        #expect(SoundCombination.strongest([Self.sound("knock", 0.8)], [Self.sound("siren", 0.8)])?.label == "knock")
        let garbage = [Self.sound("siren", .nan), Self.sound("knock", 1.5),
                       PerceptionRecord(kind: .object, label: "car", confidence: 0.99)]
        #expect(SoundCombination.strongest(garbage, []) == nil)
        #expect(SoundCombination.strongest([], []) == nil)
    }

    @Test("per label: a quieter alarm under louder speech is kept, and each sound keeps its most confident record")
    func perLabel() {
        let classifier = [Self.sound("speech", 0.9), Self.sound("smoke_alarm", 0.4), Self.sound("doorbell", 0.6)]
        let pattern = [Self.sound("smoke_alarm", 0.95)]
        #expect(SoundCombination.strongestPerLabel([classifier, pattern])
                == [Self.sound("smoke_alarm", 0.95), Self.sound("speech", 0.9), Self.sound("doorbell", 0.6)])
        #expect(SoundCombination.strongestPerLabel([pattern, classifier]) == SoundCombination.strongestPerLabel([classifier, pattern]))
    }

    @Test("per label: the order of the lists never changes the answer, ties ranked by label; garbage left out")
    func perLabelSymmetric() {
        var generator = SeededGenerator(seed: 12)
        let labels = ["siren", "knock", "speech", "doorbell"]
        for _ in 0..<500 {
            let lists = (0..<3).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Self.sound(labels.randomElement(using: &generator)!, Double(Int.random(in: 0...10, using: &generator)) / 10)
                }
            }
            let combined = SoundCombination.strongestPerLabel(lists)
            #expect(combined == SoundCombination.strongestPerLabel(lists.reversed()))
            #expect(Set(combined.map(\.label)).count == combined.count)
            for record in combined {
                #expect(record.confidence == lists.joined().filter { $0.label == record.label }.map(\.confidence).max())
            }
        }
        #expect(SoundCombination.strongestPerLabel([[Self.sound("siren", 0.8)], [Self.sound("knock", 0.8)]]).map(\.label) == ["knock", "siren"])
        #expect(SoundCombination.strongestPerLabel([[Self.sound("siren", .nan), Self.sound("siren", 0.3)]]) == [Self.sound("siren", 0.3)])
    }
}
