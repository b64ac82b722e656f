import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A profile's alternatives for one output: the first that starts is used and which one
/// it is is said once; with none starting, the output is lost once, as any target is.
/// Two C recorders stand in for speech-dispatcher (refusing create, as with no daemon)
/// and espeak-ng.
@Suite struct ProfileAlternativesTests {
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    let host: PluginHost

    init() throws {
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        for (name, display) in [("daemon", "Daemon speech"), ("direct", "Direct speech"), ("captions", "Captions")] {
            try FixturePlugin.makeRecorder(in: plugins.url, name: name, id: "org.example.\(name)", path: "{output}/\(name).txt",
                                           manifest: ["displayName": ["en": display, "es": "\(display) es"],
                                                      "capabilities": ["channel": name == "captions" ? "captions" : "speech"]])
        }
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)]))
    }

    func profile(_ renderTargets: String, locale: String = "en") throws -> OutputProfile {
        try ProfileReader.parse(Data("""
        {"schema": "sensebridge.output-profile/1", "name": "p", "locale": "\(locale)", "composer": "org.sensebridge.label-list",
         "renderTargets": \(renderTargets)}
        """.utf8), at: output.file("p.json"))
    }

    func runtime(_ profile: OutputProfile, fallback: FallbackLog) -> ProfileRuntime {
        ProfileRuntime(profile: profile, host: host, outputDirectory: output.url,
                       textFallback: { fallback.append($0) })
    }

    func lines(_ file: String) -> [String] { output.lines(file) }

    static let speechThenDirect = """
    [{"role": "speech", "alternatives": [{"id": "org.example.daemon"}, {"id": "org.example.direct"}]}, "org.example.captions"]
    """

    @Test func theFirstAlternativeThatStartsIsUsedAndSaidOnce() throws {
        let fallback = FallbackLog()
        let run = runtime(try profile(Self.speechThenDirect), fallback: fallback)
        run.fanOut.deliver(OutputMessage(signal: .description, text: "a chair"))
        #expect(run.fanOut.drain(timeout: 10))
        #expect(run.fanOut.workingTargetNames == ["speech", "captions"])
        #expect(lines("direct.txt").isEmpty, "only one alternative runs")
        let chosen = Phrasing.status(.outputChosen(role: .speech, firstChoice: true), locale: .en)
        for file in ["daemon.txt", "captions.txt"] {
            let said = lines(file)
            #expect(said.filter { $0.hasSuffix(chosen) }.count == 1, "\(file): \(said)")
            #expect(said.contains { $0.hasSuffix("a chair") })
        }
        #expect(run.substitutions.isEmpty)
        _ = run.fanOut.shutdown()
    }

    @Test func whenThePreferredCannotStartTheNextIsUsedAndThatIsSaidOnce() throws {
        let fallback = FallbackLog()
        let targets = """
        [{"role": "speech", "alternatives": [{"id": "org.example.daemon", "config": {"refuse_create": 1}}, {"id": "org.example.direct"}]},
         "org.example.captions"]
        """
        let run = runtime(try profile(targets, locale: "es"), fallback: fallback)
        for index in 1...3 { run.fanOut.deliver(OutputMessage(signal: .description, text: "message \(index)")) }
        #expect(run.fanOut.drain(timeout: 10))
        let chosen = Phrasing.status(.outputChosen(role: .speech, firstChoice: false), locale: .es)
        #expect(chosen.contains("no pudo iniciarse"))
        for file in ["direct.txt", "captions.txt"] {
            let said = lines(file)
            #expect(said.filter { $0.hasSuffix(chosen) }.count == 1, "\(file): \(said)")
            #expect(said.filter { $0.contains("message") }.count == 3)
            // A substitute is not a loss: nothing says an output stopped working.
            #expect(!said.contains { $0.contains("dejó de funcionar") })
        }
        #expect(run.fanOut.lostTargets.isEmpty)
        #expect(run.substitutions.count == 1)
        #expect(run.substitutions.first?.chosen == "org.example.direct")
        #expect(run.substitutions.first?.skipped.first?.detail.contains("daemon is not running") == true)
        #expect(fallback.messages.isEmpty)
        _ = run.fanOut.shutdown()
    }

    @Test func whenNoAlternativeStartsTheOutputIsLostOnce() throws {
        let fallback = FallbackLog()
        let targets = """
        [{"role": "voice", "alternatives": [{"id": "org.example.daemon", "config": {"refuse_create": 1}},
                                           {"id": "org.example.direct", "config": {"refuse_create": 1}}]},
         "org.example.captions"]
        """
        let run = runtime(try profile(targets), fallback: fallback)
        run.fanOut.deliver(OutputMessage(signal: .description, text: "a door"))
        #expect(run.fanOut.drain(timeout: 10))
        let said = lines("captions.txt")
        // "voice" is no role of the closed list: the output is said generically.
        let lost = Phrasing.status(.outputLost(role: .other, reason: .couldNotStart, others: [.captions]), locale: .en)
        #expect(said.filter { $0.hasSuffix(lost) }.count == 1, "\(said)")
        #expect(!said.contains { $0.contains("is using") }, "nothing started, so no choice is announced: \(said)")
        #expect(run.fanOut.lostTargets.map(\.role) == [.other])
        #expect(run.fanOut.lostTargets.first?.detail.contains("org.example.direct") == true)
        _ = run.fanOut.shutdown()
    }
}

/// What a profile may say about alternatives, and what it is refused for.
@Suite struct ProfileAlternativesReadingTests {
    func read(_ renderTargets: String) throws -> OutputProfile {
        try ProfileReader.parse(Data("""
        {"schema": "sensebridge.output-profile/1", "name": "p", "composer": "org.sensebridge.label-list", "renderTargets": \(renderTargets)}
        """.utf8), at: URL(fileURLWithPath: "/profiles/p.json"))
    }

    @Test func alternativesKeepTheirOrderAndSettings() throws {
        let profile = try read("""
        [{"role": "speech", "alternatives": ["org.a.first", {"id": "org.a.second", "config": {"rate": 175}, "isolation": "process"}]},
         "org.a.haptics"]
        """)
        #expect(profile.outputs.count == 2)
        #expect(profile.outputs[0].role == "speech")
        #expect(profile.outputs[0].alternatives.map(\.id) == ["org.a.first", "org.a.second"])
        #expect(profile.outputs[0].alternatives[1].config == ["rate": .number(175)])
        #expect(profile.outputs[0].alternatives[1].isolation == .process)
        #expect(profile.outputs[1] == .init(alternatives: [.init(id: "org.a.haptics")]))
        #expect(profile.renderTargets.map(\.id) == ["org.a.first", "org.a.second", "org.a.haptics"])
    }

    @Test(arguments: [
        (#"[{"alternatives": []}]"#, "renderTargets[0].alternatives\" must be a non-empty array"),
        (#"[{"alternatives": "org.a.b"}]"#, "renderTargets[0].alternatives\" must be a non-empty array"),
        (#"[{"id": "org.a.b", "alternatives": ["org.a.c"]}]"#, "has \"alternatives\" and also \"id\""),
        (#"[{"role": 3, "alternatives": ["org.a.c"]}]"#, "renderTargets[0].role\" must be a name"),
        (#"[{"role": "speech", "alternatives": [""]}]"#, "renderTargets[0].alternatives[0]\" must be a plugin id"),
    ])
    func malformedAlternativesAreRefusedNamingTheField(_ targets: String, _ expected: String) throws {
        do {
            _ = try read(targets)
            Issue.record("accepted: \(targets)")
        } catch let problem as ProfileProblem {
            #expect(problem.path == "/profiles/p.json")
            #expect(problem.reason.contains(expected), "\(problem.reason)")
        }
    }
}
