import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// What a listening session relies on between blocks: a short block repeats what the
/// last window heard (zero records would say the sound stopped while nothing new was
/// measured), and a block that does not follow the one before starts afresh.
@Suite(.serialized) struct ListeningTests {
    static let needsPython = Comment(rawValue: "skipped: \(SoundReference.unavailableReason ?? "")")

    @Test(.enabled(if: SoundReference.unavailableReason == nil, needsPython))
    func aShortBlockRepeatsTheLastWindowAndADiscontinuityForgetsIt() throws {
        let directory = try TemporaryDirectory("sound-listening")
        let speech = try #require(try SoundReference.clips(in: directory).first { $0.name == "speech-en" })
        let classifier = try ClassifierHost().classifier()
        #expect(try classifier.listen(Array(speech.samples[..<8_000]), continues: false).isEmpty,
                "half a second is not a whole window: nothing heard yet")
        let heard = try classifier.listen(Array(speech.samples[8_000..<16_000]))
        #expect(heard.map(\.label).contains("speech"), "\(heard)")
        #expect(try classifier.listen(Array(speech.samples[16_000..<16_800])) == heard, "a 50 ms block completes no window")
        #expect(try classifier.listen(Array(speech.samples[16_800..<17_600]), continues: false).isEmpty,
                "after a gap the speech before it is not still heard")
    }

    @Test func anotherSampleRateIsRefusedNamingBoth() throws {
        let classifier = try ClassifierHost().classifier()
        let block = AudioBlock(sampleRate: 44_100, channels: 1, samples: [Float](repeating: 0, count: 4_410),
                               firstSampleNanoseconds: 0, continuesPrevious: false)
        do {
            _ = try classifier.perceive(.audio(block), timestampNanoseconds: 0, locale: "en",
                                        deadline: MonotonicClock.nanoseconds() + 60_000_000_000)
            Issue.record("44.1 kHz audio was accepted")
        } catch {
            #expect("\(error)".contains("16000 Hz") && "\(error)".contains("44100 Hz"), "\(error)")
        }
    }
}
