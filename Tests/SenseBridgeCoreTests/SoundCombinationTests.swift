import Testing
@testable import SenseBridgeCore
import SenseBridgeTesting

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
}
