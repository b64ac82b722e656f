import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

extension SoundServerTests {
    /// The microphone through a real sound server (a private PulseAudio whose microphone
    /// hears a FIFO): what is played into it comes out, stamped on the host's clock; the
    /// microphone is open only between start and stop; losing the server is said, not taken
    /// for silence.
    @Suite struct MicrophoneTests {
        /// 0.5 s of silence, 1.5 s of 1 kHz at half scale, 0.5 s of silence.
        static func toneClip(_ fixtures: AudioFixtures) throws -> String {
            let silence = [Float](repeating: 0, count: 8000)
            return try fixtures.wav("clip.wav", samples: silence + AudioFixtures.tone(frequency: 1000, amplitudes: [0.5], rate: 16_000, seconds: 1.5) + silence,
                                    rate: 16_000, channels: 1, encoding: .s16)
        }

        /// Blocks until `enough` says so or `seconds` pass.
        static func listen(_ source: SensingSourceInstance, seconds: Double, until enough: ([AudioBlock]) -> Bool = { _ in false }) throws -> [AudioBlock] {
            var blocks: [AudioBlock] = []
            let end = Monotonic.now + UInt64(seconds * 1e9)
            while Monotonic.now < end, !enough(blocks) {
                if case .frame(let frame) = try source.next(timeoutMilliseconds: 500), let block = AudioSourceClient.audio(frame) {
                    #expect(frame.timestampNanoseconds == block.firstSampleNanoseconds)
                    blocks.append(block)
                }
            }
            return blocks
        }

        @Test(arguments: [false, true])
        func aToneIntoTheMicrophoneComesOutOnTheHostsClock(isolated: Bool) throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            pulse.use()
            let clip = try Self.toneClip(fixtures)
            let source = try AudioSourceClient.source("pulse:mic", isolated: isolated)
            let afterCreate = try pulse.recordingStreams()
            #expect(afterCreate == 0, "create must not open the microphone")
            try source.start()
            let afterStart = try pulse.recordingStreams()
            #expect(afterStart == 1, "start opens the microphone")
            let feeder = try pulse.feed(clip)
            let blocks = try Self.listen(source, seconds: 6) { $0.reduce(0) { $0 + $1.frameCount } >= 36_000 }
            source.stop()
            let afterStop = try pulse.recordingStreams()
            #expect(afterStop == 0, "stop closes the microphone")
            _ = feeder.termination(within: 5)
            let written = TestPulse.writeTimes(SpawnedChild.readToEnd(feeder.standardOutput))

            let stamps = blocks.map(\.firstSampleNanoseconds)
            #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 }, "\(stamps)")
            #expect(blocks.first?.continuesPrevious == false)
            // A block that continues the one before starts where it ended, on the host's clock.
            // (A gap may be flagged: on a busy machine the writer is held up and the microphone
            // really hears nothing for a while; the self-tests check that jitter is no gap.)
            for (before, after) in zip(blocks, blocks.dropFirst()) where after.continuesPrevious {
                let step = Int64(after.firstSampleNanoseconds) - Int64(before.firstSampleNanoseconds)
                #expect(abs(step - Int64(before.durationNanoseconds)) < 20_000_000, "blocks follow each other on the host's clock: \(step) ns")
            }
            // The tone is heard whole, at its frequency and level.
            let all = blocks.flatMap(\.samples)
            guard let onset = all.firstIndex(where: { abs($0) > 0.25 }), let block = blocks.first(where: { $0.samples.contains { abs($0) > 0.25 } })
            else {
                Issue.record("the tone was not heard in \(all.count) samples")
                return
            }
            let toneSamples = Array(all[(onset + 1600)..<min(onset + 20_800, all.count)])
            let tone = ToneMeasure(toneSamples, rate: 16_000)
            #expect(abs(tone.frequency - 1000) < 5 && abs(tone.amplitude - 0.5) < 0.02, "\(tone)")
            // It was heard when it was played (its first sample, 0.5 s in, written into the
            // microphone), on the host's clock, give or take the server's 20 ms fragments.
            let offset = onset - blocks.prefix { $0 != block }.reduce(0) { $0 + $1.frameCount }
            let heard = block.firstSampleNanoseconds + UInt64(offset) * 1_000_000_000 / 16_000
            let played = try #require(written[8000], "the feeder's report: \(written)")
            #expect(abs(Int64(heard) - Int64(played)) < 60_000_000, "the tone's onset was stamped \(Int64(heard) - Int64(played)) ns after it was played")
        }

        /// The server stops mid-run: SB_ERR_UNAVAILABLE (the device gone) naming the microphone, on that call and every
        /// later one of the run (never the end of the stream, never silence), NOT_STARTED
        /// after stop, and a start with no server says it cannot connect.
        @Test func aMicrophoneThatDisappearsIsAnErrorNeverAnEnd() throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            pulse.use()
            let long = try fixtures.wav("long.wav", samples: AudioFixtures.tone(frequency: 600, amplitudes: [0.3], rate: 16_000, seconds: 10),
                                        rate: 16_000, channels: 1, encoding: .s16)
            let source = try AudioSourceClient.source("pulse:mic")
            try source.start()
            let feeder = try pulse.feed(long)
            let heard = try Self.listen(source, seconds: 5) { $0.count >= 2 }
            #expect(heard.count >= 2, "the microphone was heard before it was lost")
            pulse.stop()
            var outcomes: [String] = []
            for _ in 0..<20 where outcomes.count < 3 {
                do {
                    switch try source.next(timeoutMilliseconds: 500) {
                    case .frame: if outcomes.isEmpty { continue } else { outcomes.append("frame") }
                    case .timedOut: if !outcomes.isEmpty { outcomes.append("timed out") }
                    case .endOfStream: outcomes.append("end of stream")
                    }
                } catch let error as PluginCallError {
                    outcomes.append("error \(error.status): \(error.message)")
                }
            }
            _ = feeder.termination(within: 5)
            #expect(outcomes.count == 3 && Set(outcomes).count == 1, "\(outcomes)")
            let first = outcomes.first ?? ""
            #expect(first.hasPrefix("error 11: Lost microphone 'pulse:mic':") && first.contains("the sound server stopped"), "\(first)")
            source.stop()
            let afterStop = AudioSourceClient.error("next after stop") { _ = try source.next(timeoutMilliseconds: 10) }
            #expect(afterStop?.status == AudioSourceClient.notStarted)
            let restart = AudioSourceClient.error("start without a sound server") { try source.start() }
            #expect(restart?.status == AudioSourceClient.io)
            #expect(restart?.message.contains("microphone 'pulse:mic'") == true && restart?.message.contains("cannot connect to the sound server") == true,
                    "\(String(describing: restart))")
        }

        @Test func aMissingSourceOrServerIsAnErrorAtCreateNamingIt() throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            pulse.use()
            let missing = AudioSourceClient.createError("pulse:headset")
            #expect(missing?.status == AudioSourceClient.io)
            #expect(missing?.message.contains("no source 'headset'") == true && missing?.message.contains("pactl list short sources") == true,
                    "\(String(describing: missing))")
            pulse.stop()
            let noServer = AudioSourceClient.createError("microphone")
            #expect(noServer?.status == AudioSourceClient.io)
            #expect(noServer?.message.contains("the sound server's default microphone") == true
                        && noServer?.message.contains("cannot connect to the sound server") == true, "\(String(describing: noServer))")
        }
    }
}
