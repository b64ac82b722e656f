import Foundation
import SenseBridgeCore
import SenseBridgeTesting
import Testing

extension SoundServerTests {
    /// The audio source's runner killed by SIGSEGV in the middle of `listen` through a
    /// real sound server, every plugin isolated: the microphone resumes (its manifest says
    /// so), so listening goes on to its end; "Listening stopped" is said once and
    /// "Listening again" once, the gap never taken for quiet (no "no longer hears"); what
    /// the captions held before is still there; no runner is left.
    @Suite struct ListenRestartTests {
        @Test func aMicrophoneSourceKilledBySIGSEGVIsStartedAgainAndSaidOnceEachWay() throws {
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            let home = try TemporaryDirectory()
            let output = home.file("out")
            let captionsFile = output.appendingPathComponent("captions.vtt")
            let feeder = try pulse.feed(try ListenThroughTheMicrophoneTests.alarm(fixtures, lead: 1, cycles: 5), seconds: 40)
            let listening = try ProcessRunner.startCLI(["--isolate", "listen", "--microphone", "mic", "--seconds", "14", "--profile", "deaf",
                                                        "--output", output.path],
                                                       home: home.url, extraEnvironment: ["PULSE_SERVER": pulse.address,
                                                                                          "SWIFT_BACKTRACE": "enable=no"])
            defer { listening.kill() }
            // Mid-listening: the alarm was alerted, so the microphone was being heard.
            let alerted = listening.firstLine(startingWith: "[", timeout: 40)
            try #require(alerted != nil, "nothing was alerted before the kill")
            let runner = try #require(PluginRunners.children(of: listening.pid, serving: "org.sensebridge.audio-source").first,
                                      "no audio source runner")
            let before = (try? String(contentsOf: captionsFile, encoding: .utf8)) ?? ""
            #expect(kill(runner, SIGSEGV) == 0)

            let ended = listening.termination(within: 60)
            _ = feeder.termination(within: 30)
            #expect(ended == .exited(0), "\(String(describing: ended))")
            let captions = (try? String(contentsOf: captionsFile, encoding: .utf8)) ?? ""
            let lost = Phrasing.status(.listeningLost(.sourceStopped), locale: .en)
            let back = Phrasing.status(.listeningResumed, locale: .en)
            let words = captions.split(separator: "\n").filter { !$0.contains("-->") }.joined(separator: " ")
            #expect(words.components(separatedBy: lost).count - 1 == 1, "the loss, once: \(words)")
            #expect(words.components(separatedBy: back).count - 1 == 1, "the return, once: \(words)")
            #expect(!words.contains("no longer hears"), "the gap is not the alarm ending: \(words)")
            #expect(captions.hasPrefix(before) && captions.count > before.count)
            #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind: \(PluginRunners.left(home: home.url))")
        }
    }
}
