import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

extension SoundServerTests {
    /// The audio source's runner killed by SIGSEGV in the middle of `listen --continuous`
    /// through a real sound server, every plugin isolated: the microphone resumes (its
    /// manifest says so), so listening goes on until the person ends it; "Listening stopped" is said once and
    /// "Listening again" once, the gap never taken for quiet (no "no longer hears"); what
    /// the captions held before is still there; no runner is left.
    @Suite struct ListenRestartTests {
        @Test func aMicrophoneSourceKilledBySIGSEGVIsStartedAgainAndSaidOnceEachWay() throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            let home = try TemporaryDirectory()
            let output = home.file("out")
            let captionsFile = output.appendingPathComponent("captions.vtt")
            // Deaf, with the alarm-pattern detector alone: signal processing, no model file.
            let profile = home.file("alarms.json")
            try JSONSerialization.data(withJSONObject: [
                "schema": "sensebridge.output-profile/1", "name": "alarms", "locale": "en", "detail": "standard",
                "composer": "org.sensebridge.label-list", "perceivers": ["org.sensebridge.alarm-pattern-detector"],
                "renderTargets": [["id": "org.sensebridge.caption-file", "config": ["format": "vtt"]], "org.sensebridge.haptic-log"],
            ] as [String: Any]).write(to: profile)
            let feeder = try pulse.feed(try ListenThroughTheMicrophoneTests.alarm(fixtures, lead: 1, cycles: 5), seconds: 40)
            let listening = try ProcessRunner.startCLI(["--isolate", "listen", "--microphone", "mic", "--continuous", "--profile", profile.path,
                                                        "--output", output.path],
                                                       home: home.url, extraEnvironment: ["PULSE_SERVER": pulse.address,
                                                                                          "SWIFT_BACKTRACE": "enable=no"])
            defer { listening.kill() }
            // Mid-listening: "Listening for sounds." is in the captions, and the source's
            // runner is there to kill.
            var runner: pid_t?
            let deadline = Date(timeIntervalSinceNow: 20)
            while Date() < deadline {
                runner = PluginRunners.children(of: listening.pid, serving: "org.sensebridge.audio-source").first
                if runner != nil, ((try? Data(contentsOf: captionsFile))?.count ?? 0) > 8 { break }
                usleep(50_000)
            }
            try #require(runner != nil, "no audio source runner")
            let before = (try? String(contentsOf: captionsFile, encoding: .utf8)) ?? ""
            #expect(kill(runner!, SIGSEGV) == 0)

            // Listening goes on: the return reaches the captions, then the person ends it.
            let lost = Phrasing.status(.listeningLost(.sourceStopped), locale: .en)
            let back = Phrasing.status(.listeningResumed, locale: .en)
            let returnBy = Date(timeIntervalSinceNow: 30)
            while Date() < returnBy, listening.isRunning,
                  !((try? String(contentsOf: captionsFile, encoding: .utf8)) ?? "").contains("Listening again") {
                usleep(50_000)
            }
            #expect(listening.isRunning, "listening ended on the source's first death")
            kill(listening.pid, SIGTERM)
            let ended = listening.termination(within: 60)
            _ = feeder.termination(within: 30)
            // SIGTERM is the person's (or the service's) stop: 143, as for any listening.
            #expect(ended == .exited(143), "\(String(describing: ended))")
            let captions = (try? String(contentsOf: captionsFile, encoding: .utf8)) ?? ""
            let words = captions.split(separator: "\n").filter { !$0.contains("-->") }.joined(separator: " ")
            #expect(words.components(separatedBy: lost).count - 1 == 1, "the loss, once: \(words)")
            #expect(words.components(separatedBy: back).count - 1 == 1, "the return, once: \(words)")
            #expect(!words.contains("no longer hears"), "the gap is not the alarm ending: \(words)")
            #expect(words.contains(Phrasing.status(.listeningEnded, locale: .en)), "it ended as asked: \(words)")
            #expect(captions.hasPrefix(before) && captions.count > before.count)
            #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind: \(PluginRunners.left(home: home.url))")
        }
    }
}
