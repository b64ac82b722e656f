import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// `OutputProfile.problems(in:)`, the one check `profiles list`, `profiles show` and every
/// session make: against the shipped plugins' manifests, plus one installed but broken.
@Suite struct ProfileValidationTests {
    static let file = URL(fileURLWithPath: "/profiles/mine.json")

    let catalog: PluginCatalog

    init() throws {
        let extra = try TemporaryDirectory()
        // Readable far enough to name its id, not far enough to be used.
        try extra.write("broken.json", #"{"schema": "sensebridge.plugin-manifest/1", "id": "org.example.broken", "kind": "render-target"}"#)
        catalog = PluginCatalog.discover(PluginSearchPath(entries: [
            .init(directory: RepositoryPaths.stagedPlugins, origin: .build), .init(directory: extra.url, origin: .commandLine),
        ]))
    }

    /// A profile with the shipped label list and haptics, `fields` laid over it.
    func problems(_ fields: String) throws -> [ProfileProblem] {
        let text = #"{"schema": "sensebridge.output-profile/1", "name": "mine", "composer": "org.sensebridge.label-list", "#
            + #""renderTargets": ["org.sensebridge.haptic-log"], "# + fields + "}"
        return try ProfileReader.parse(Data(text.utf8), at: Self.file).problems(in: catalog)
    }

    @Test(arguments: ["blind", "deaf", "deaf-blind"])
    func theShippedProfilesAreReady(_ name: String) throws {
        let profile = try ProfileStore(directories: [RepositoryPaths.root.appendingPathComponent("manifests/profiles")]).profile(name)
        let problems = profile.problems(in: catalog)
        #expect(problems.isEmpty, "\(problems)")
        #expect(ProfileStatus(problems) == .ready)
    }

    @Test(arguments: [
        (#""locale": "fr""#, "locale", "must be en, es or vi, not 'fr'"),
        (#""detail": "loud""#, "detail", "must be brief, standard or detailed, not 'loud'"),
        (#""fallbackComposer": "org.example.absent""#, "fallbackComposer", "names 'org.example.absent', which is not installed"),
        (#""fallbackComposer": "org.sensebridge.haptic-log""#, "fallbackComposer", "which is a render-target, not a scene-composer"),
        (#""renderTargets": ["org.sensebridge.label-list"]"#, "renderTargets[0]", "which is a scene-composer, not a render-target"),
        (#""renderTargets": ["org.sensebridge.haptic-log", {"id": "org.sensebridge.caption-file", "config": {"fromat": "srt"}}]"#,
         "renderTargets[1].config.fromat", "does not fit the settings of 'org.sensebridge.caption-file': it is not a setting of this plugin (known: format, path)"),
        (#""renderTargets": [{"id": "org.sensebridge.caption-file", "config": {"format": "ass"}}]"#,
         "renderTargets[0].config.format", #"it must be one of "vtt", "srt""#),
        (#""renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"rate": "fast"}}]"#,
         "renderTargets[0].config.rate", "it must be an integer"),
        (#""renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"rate": 9000}}]"#,
         "renderTargets[0].config.rate", "it must be at most 450"),
        // An output with alternatives is named the way the file writes it, even with one entry.
        (#""renderTargets": [{"alternatives": [{"id": "org.sensebridge.espeak-speech", "config": {"rate": 1.5}}]}]"#,
         "renderTargets[0].alternatives[0].config.rate", "it must be an integer"),
        (#""renderTargets": [{"role": "speech", "alternatives": ["org.sensebridge.haptic-log", "org.example.absent"]}]"#,
         "renderTargets[0].alternatives[1]", "which is not installed"),
        (#""renderTargets": [{"role": "All clear, it is safe to cross now", "alternatives": ["org.sensebridge.haptic-log"]}]"#,
         "renderTargets[0].role", "must be speech, captions, braille or haptics, not 'All clear, it is safe to cross now'"),
        (#""composer": {"id": "org.sensebridge.network-composer", "config": {"modle": "x"}}, "fallbackComposer": "org.sensebridge.label-list""#,
         "composer.config.modle", "does not fit the settings of 'org.sensebridge.network-composer'"),
        (#""composer": {"id": "org.sensebridge.network-composer", "config": {"apiKey": "sk-1"}}, "fallbackComposer": "org.sensebridge.label-list""#,
         "composer.config.apiKey", "is a secret"),
    ])
    func anInvalidProfileNamesTheFileTheFieldAndTheReason(_ fields: String, _ field: String, _ reason: String) throws {
        let problems = try problems(fields)
        #expect(problems.count == 1, "\(problems)")
        let problem = try #require(problems.first)
        #expect(problem.path == Self.file.path)
        #expect(problem.field == field)
        #expect(problem.reason.hasPrefix("field \"\(field)\" "), "\(problem.reason)")
        #expect(problem.reason.contains(reason), "\(problem.reason)")
        #expect(problem.severity == .invalid)
        #expect(ProfileStatus(problems) == .invalid)
    }

    @Test func everyProblemIsListedNotOnlyTheFirst() throws {
        let problems = try problems(#""locale": "fr", "detail": "loud", "# + #""renderTargets": [{"id": "org.sensebridge.espeak-speech", "# +
                                    #""config": {"rate": "fast", "volume": "loud", "voise": "x"}}]"#)
        #expect(problems.map(\.field) == ["locale", "detail", "renderTargets[0].config.rate", "renderTargets[0].config.voise",
                                          "renderTargets[0].config.volume"])
    }

    @Test func aBrokenPluginIsNamedButDoesNotMakeTheProfileInvalid() throws {
        let problems = try problems(#""renderTargets": ["org.sensebridge.haptic-log", "org.example.broken"]"#)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.field == "renderTargets[1]")
        #expect(problem.reason.contains("names 'org.example.broken', which is installed but broken"), "\(problem.reason)")
        #expect(problem.severity == .pluginBroken)
        #expect(ProfileStatus(problems) == .pluginBroken)
        // Beside an invalid one, the profile is invalid.
        #expect(ProfileStatus(try self.problems(#""locale": "fr", "renderTargets": ["org.example.broken"]"#)) == .invalid)
    }

    /// The check and the plugin's creation use one rule: what the check accepts, `resolve` does.
    @Test func theCheckAndTheCreationAgree() throws {
        let manifest = try #require(catalog.manifest(id: "org.sensebridge.espeak-speech"))
        let bad: [String: JSONValue] = ["rate": .string("fast"), "volume": .number(1000)]
        let problems = PluginConfigResolver.problems(manifest: manifest, overrides: bad)
        #expect(problems.map(\.key) == ["rate", "volume"])
        #expect(throws: PluginConfigResolver.Problem.self) {
            try PluginConfigResolver.resolve(manifest: manifest, overrides: bad, outputDirectory: nil)
        }
        #expect(PluginConfigResolver.problems(manifest: manifest, overrides: ["rate": .number(175)]).isEmpty)
        #expect(try PluginConfigResolver.resolve(manifest: manifest, overrides: ["rate": .number(175)], outputDirectory: nil)["rate"] == .number(175))
    }

    @Test func aProfileThatDoesNotExistIsUnreadableByPathAndNotFoundByName() throws {
        let directory = try TemporaryDirectory()
        let store = ProfileStore(directories: [directory.url])
        for path in [directory.file("absent.json").path, directory.url.path + "/"] {
            do {
                _ = try store.profile(path)
                Issue.record("read \(path)")
            } catch let problem as ProfileProblem {
                #expect(problem.severity == .unreadable, "\(problem)")
                #expect(problem.path.hasPrefix(directory.url.path))
            }
        }
        #expect(throws: ProfileStore.LookupError.self) { try store.profile("absent") }
        // A file that exists and is wrong is invalid, never unreadable.
        let bad = try directory.write("bad.json", "[1]")
        do {
            _ = try store.profile(bad.path)
            Issue.record("read \(bad.path)")
        } catch let problem as ProfileProblem {
            #expect(problem.severity == .invalid)
        }
    }
}
