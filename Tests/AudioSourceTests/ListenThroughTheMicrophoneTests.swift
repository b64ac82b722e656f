import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

extension SoundServerTests {
    /// `sensebridge listen` end to end through a real sound server: a temporal-three smoke
    /// alarm written into the private PulseAudio's microphone is an urgent alert in the
    /// captions and the haptic log (Invariant 10), and a microphone whose server stops is
    /// said once as listening stopped, never as the alarm ending (Invariant 2).
    @Suite struct ListenThroughTheMicrophoneTests {
        /// `lead` seconds of faint noise, then temporal-three at 3.1 kHz for `cycles` cycles.
        static func alarm(_ fixtures: AudioFixtures, lead: Double, cycles: Int) throws -> String {
            let rate = 16_000
            var samples: [Float] = []
            var noise = SeededGenerator(seed: 35)
            func faint(_ seconds: Double) -> [Float] {
                (0..<Int(seconds * Double(rate))).map { _ in Float.random(in: -0.01...0.01, using: &noise) }
            }
            samples += faint(lead)
            for _ in 0..<cycles {
                for pulse in 0..<3 {
                    samples += AudioFixtures.tone(frequency: 3100, amplitudes: [0.4], rate: rate, seconds: 0.5)
                    samples += faint(pulse == 2 ? 1.5 : 0.5)
                }
            }
            return try fixtures.wav("alarm.wav", samples: samples, rate: rate, channels: 1, encoding: .s16)
        }

        @Test func anAlarmIntoTheMicrophoneIsAnUrgentAlertInTheCaptionsAndTheHapticLog() throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            let home = try TemporaryDirectory()
            let output = home.file("out")
            // The alarm starts 2 s in, so listening has opened the microphone before it does.
            let feeder = try pulse.feed(try Self.alarm(fixtures, lead: 2, cycles: 3), seconds: 30)
            let result = try ProcessRunner.cli(["listen", "--microphone", "mic", "--seconds", "12", "--profile", "deaf",
                                                "--output", output.path],
                                               home: home.url, extraEnvironment: ["PULSE_SERVER": pulse.address], timeout: 60)
            _ = feeder.termination(within: 20)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("Alert: it sounds like a smoke alarm."), "\(result.standardOutput)")
            let captions = (try? String(contentsOf: output.appendingPathComponent("captions.vtt"), encoding: .utf8)) ?? ""
            #expect(captions.contains("<b>Alert: it sounds like a smoke alarm.</b>"), "\(captions)")
            let haptics = (try? String(contentsOf: output.appendingPathComponent("haptics.jsonl"), encoding: .utf8)) ?? ""
            let alert = haptics.split(separator: "\n").first { $0.contains(#""signal":"safetyAlert""#) }
            #expect(alert?.contains(#""urgent":true"#) == true, "\(haptics)")
            #expect(alert?.contains(#""pattern":"safetyAlert""#) == true, "its own pattern: \(haptics)")
        }

        @Test func aMicrophoneWhoseServerStopsIsSaidOnceAndTheAlarmNeverEnds() throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            let home = try TemporaryDirectory()
            let output = home.file("out")
            let feeder = try pulse.feed(try Self.alarm(fixtures, lead: 1, cycles: 4), seconds: 30)
            let listening = try ProcessRunner.startCLI(["listen", "--microphone", "mic", "--continuous", "--profile", "deaf",
                                                        "--output", output.path],
                                                       home: home.url, extraEnvironment: ["PULSE_SERVER": pulse.address])
            // Once the alarm was alerted, the server goes away mid-alarm.
            let deadline = Date().addingTimeInterval(30)
            var said: [String] = []
            while Date() < deadline, !(said.last?.contains("Alert:") ?? false),
                  let line = listening.firstLine(startingWith: "[", timeout: deadline.timeIntervalSinceNow) {
                said.append(line)
            }
            #expect(said.last?.contains("Alert: it sounds like a smoke alarm.") == true, "\(said)")
            pulse.stop()
            let ended = listening.termination(within: 30)
            _ = feeder.termination(within: 20)
            #expect(ended == .exited(69), "\(String(describing: ended))")
            let captions = (try? String(contentsOf: output.appendingPathComponent("captions.vtt"), encoding: .utf8)) ?? ""
            #expect(captions.components(separatedBy: "Listening stopped").count - 1 == 1, "\(captions)")
            #expect(!captions.contains("no longer hears"), "a lost microphone is not the alarm ending: \(captions)")
        }
    }
}
