import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// Nothing a plugin writes is spoken (Invariant 1), as a person meets it: through the real
/// binary, a render target whose channel says "All clear, it is safe to cross now", whose
/// display names lie, and whose every render fails with "It is SAFE to cross the street
/// now.", beside a composer, a source and a perceiver that fail the same way
/// (`HostilePlugin`). In en, es and vi, in process and isolated: what the person gets (the
/// captions, the haptic log, stdout, `--json`) holds none of their words, and says the loss
/// in the locale's own sentence; stderr names the plugin and carries its message.
@Suite struct CLIPluginWordsTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    let hostile: HostilePlugin.Manifests

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        hostile = try HostilePlugin.make(in: plugins.url)
    }

    static let placements: [(SpokenLocale, Bool)] = SpokenLocale.allCases.flatMap { locale in [(locale, false), (locale, true)] }

    /// Captions and haptics, the lying target (failing as `targetMode`) and the lying composer.
    func profile(locale: SpokenLocale, isolated: Bool, targetMode: MisbehavingPlugin.Mode = .lie) throws -> URL {
        func entry(_ id: String, _ mode: MisbehavingPlugin.Mode) -> [String: Any] {
            ["id": id, "config": MisbehavingPlugin.jsonObject(MisbehavingPlugin.config(mode)), "isolation": isolated ? "process" : "in-process"]
        }
        let object: [String: Any] = [
            "schema": "sensebridge.output-profile/1", "name": "hostile", "locale": locale.rawValue, "detail": "standard",
            "composer": entry(HostilePlugin.composerID, .lie), "fallbackComposer": "org.sensebridge.label-list",
            "renderTargets": [["id": "org.sensebridge.caption-file", "config": ["format": "vtt"]], "org.sensebridge.haptic-log",
                              entry(HostilePlugin.targetID, targetMode)],
        ]
        let url = plugins.url.appendingPathComponent("hostile-\(locale.rawValue).json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        return url
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["--plugin-path", plugins.url.path] + arguments, home: home.url,
                              extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"], timeout: 150)
    }

    /// Everything the person gets: stdout, the caption file and the haptic log.
    func personGot(_ result: ProcessRunner.Result) -> String {
        [result.standardOutput, output.captionText("captions.vtt"),
         (try? String(contentsOf: output.file("haptics.jsonl"), encoding: .utf8)) ?? ""].joined(separator: "\n")
    }

    func expectNoPluginWords(_ result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        let got = personGot(result)
        #expect(HostilePlugin.wordsFound(in: got).isEmpty, "the plugin's words reached the person: \(HostilePlugin.wordsFound(in: got)) in \(got)",
                sourceLocation: sourceLocation)
    }

    @Test("describe: a lying target and composer are said in the tables' words only", arguments: placements)
    func describe(locale: SpokenLocale, isolated: Bool) throws {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        let result = try cli(["describe", "--records", sample.path, "--profile", try profile(locale: locale, isolated: isolated).path,
                              "--output", output.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        expectNoPluginWords(result)
        let lost = Phrasing.status(.outputLost(role: .other, reason: .reportedError, others: [.captions, .haptics]), locale: locale)
        let captions = output.captionText("captions.vtt")
        #expect(captions.components(separatedBy: lost).count - 1 == 1, "said once, whole in \(locale): \(captions)")
        #expect(!result.standardOutput.isEmpty, "the fallback composer described the scene")
        // stderr is where the plugin is named and its message read, once per failure.
        #expect(result.standardError.contains(HostilePlugin.lie), "\(result.standardError)")
        #expect(result.standardError.contains(HostilePlugin.targetID), "\(result.standardError)")
        #expect(!result.standardError.contains("\(HostilePlugin.targetID): \(HostilePlugin.targetID)"), "the id is named once")
    }

    @Test("describe --json carries the composer's failure as a code, never its message", arguments: [false, true])
    func describeJSON(isolated: Bool) throws {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        let result = try cli(["describe", "--json", "--no-render", "--records", sample.path,
                              "--profile", try profile(locale: .en, isolated: isolated).path])
        #expect(result.status == 0, "\(result.standardError)")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["composerFailure"] as? [String: String] == ["reason": "internal"], "\(result.standardOutput)")
        // The composer's id there is the profile's choice, echoed; everything else is checked.
        json["composer"] = nil
        let rest = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        #expect(HostilePlugin.wordsFound(in: rest).isEmpty, "\(rest)")
        #expect(result.standardError.contains(HostilePlugin.lie), "\(result.standardError)")
    }

    @Test("a target that cannot even be created is lost in the tables' words", arguments: placements)
    func createFailure(locale: SpokenLocale, isolated: Bool) throws {
        let result = try cli(["say", "Hello.", "--profile", try profile(locale: locale, isolated: isolated, targetMode: .lieOnCreate).path,
                              "--output", output.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        expectNoPluginWords(result)
        let lost = Phrasing.status(.outputLost(role: .other, reason: .couldNotStart, others: [.captions, .haptics]), locale: locale)
        #expect(output.captionText("captions.vtt").contains(lost), "\(output.captionText("captions.vtt"))")
        #expect(result.standardError.contains(HostilePlugin.lie), "\(result.standardError)")
        #expect(!result.standardError.contains("\(HostilePlugin.targetID): \(HostilePlugin.targetID)"),
                "stderr names the plugin once: \(result.standardError)")
    }

    @Test("walk --json: every message the person gets is free of the plugins' words", arguments: placements)
    func walk(locale: SpokenLocale, isolated: Bool) throws {
        let result = try cli(["walk", "--fast", "--json", "--narration-interval", "1", "--profile",
                              try profile(locale: locale, isolated: isolated).path, "--output", output.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        expectNoPluginWords(result)
        let lost = Phrasing.status(.outputLost(role: .other, reason: .reportedError, others: [.captions, .haptics]), locale: locale)
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        // The loss is the fan-out's own announcement: --json has it, like the session's messages.
        #expect(messages.filter { $0["text"] as? String == lost }.count == 1, "\(result.standardOutput)")
        #expect(result.standardError.contains(HostilePlugin.lie), "\(result.standardError)")
    }

    /// In real time (`--fast` is the replay source's): the walk retries the source for
    /// its whole outage allowance (30 s) before it ends, so two placements, not six.
    @Test("a lying sensing source is said as the sensor failing, in the locale's words",
          arguments: [(SpokenLocale.es, false), (.vi, true)])
    func source(locale: SpokenLocale, isolated: Bool) throws {
        let profile = try output.write("plain.json", """
        {"schema": "sensebridge.output-profile/1", "name": "plain", "locale": "\(locale.rawValue)", "composer": "org.sensebridge.label-list",
         "renderTargets": [{"id": "org.sensebridge.caption-file", "config": {"format": "vtt"}}, "org.sensebridge.haptic-log"]}
        """)
        var arguments = ["walk", "--json", "--source", HostilePlugin.sourceID, "--profile", profile.path, "--output", output.url.path]
        // Either placement asked for by name: a plugin runs isolated by default.
        arguments += isolated ? ["--isolate"] : ["--in-process", HostilePlugin.sourceID]
        // The source's config cannot come from a profile; its lie is its default here.
        try writeSourceDefaults(mode: .lie)
        let result = try cli(arguments)
        expectNoPluginWords(result)
        #expect(personGot(result).contains(Phrasing.sensorFailing(locale: locale)), "\(result.standardOutput)")
        #expect(result.standardError.contains(HostilePlugin.sourceID), "\(result.standardError)")
    }

    @Test("a lying perceiver costs the page, said unread in the locale's words", arguments: placements)
    func perceiver(locale: SpokenLocale, isolated: Bool) throws {
        let image = home.file("page.pgm")
        try Data("P5\n4 4\n255\n".utf8 + [UInt8](repeating: 0, count: 16)).write(to: image)
        var arguments = ["read", "--json", "--profile", "deaf", "--locale", locale.rawValue, "--output", output.url.path,
                         "--perceiver", HostilePlugin.perceiverID, image.path]
        arguments += isolated ? ["--isolate"] : ["--in-process", HostilePlugin.perceiverID]
        let result = try cli(arguments)
        expectNoPluginWords(result)
        #expect(result.standardOutput.contains(SpokenTable.forLocale(locale).pageUnread.text), "\(result.standardOutput)")
        #expect(result.standardError.contains(HostilePlugin.perceiverID), "\(result.standardError)")
    }

    /// Rewrites the source's manifest so its default mode is `mode`.
    func writeSourceDefaults(mode: MisbehavingPlugin.Mode) throws {
        let url = hostile.source
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var config = manifest["config"] as? [String: Any] ?? [:]
        config["defaults"] = ["mode": mode.rawValue]
        manifest["config"] = config
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: url)
    }
}
