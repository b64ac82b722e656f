import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

@Suite struct ProfileTests {
    static let shipped = RepositoryPaths.root.appendingPathComponent("manifests/profiles")

    @Test(arguments: ["blind", "deaf", "deaf-blind"])
    func shippedProfilesRead(_ name: String) throws {
        let profile = try ProfileStore(directories: [Self.shipped]).profile(name)
        #expect(profile.name == name)
        #expect(profile.composer.id == "org.sensebridge.label-list")
        let targets = Set(profile.renderTargets.map(\.id))
        switch name {
        case "blind":
            // Speech through the person's own speech-dispatcher first, espeak-ng when none answers.
            #expect(profile.outputs.map(\.alternatives).map { $0.map(\.id) }
                    == [["org.sensebridge.speech-dispatcher", "org.sensebridge.espeak-speech"], ["org.sensebridge.haptic-log"]])
            #expect(profile.outputs[0].role == "speech")
        case "deaf": #expect(targets == ["org.sensebridge.caption-file", "org.sensebridge.haptic-log"])
        default: #expect(targets == ["org.sensebridge.braille", "org.sensebridge.haptic-log"])
        }
    }

    @Test func aProfileNamingAMissingPluginNamesBoth() throws {
        let directory = try TemporaryDirectory()
        let plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "target")
        let url = try directory.write("mine.json", """
        {"schema": "sensebridge.output-profile/1", "name": "mine",
         "composer": "org.example.absent-composer",
         "renderTargets": ["org.sensebridge.fixture", {"id": "org.example.braille"}]}
        """)
        let profile = try ProfileReader.read(url)
        let problems = profile.problems(in: PluginCatalog.discover(PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)])))
        #expect(problems.count == 3)  // composer, fallback (defaults to the composer), braille
        #expect(problems.allSatisfy { $0.path == url.path })
        #expect(problems.contains { $0.field == "renderTargets[1]" && $0.reason.contains("names 'org.example.braille', which is not installed") })
        #expect(problems.contains { $0.field == "composer" && $0.reason.contains("names 'org.example.absent-composer', which is not installed") })
    }

    @Test func aPluginOfTheWrongKindInASlotIsAProblem() throws {
        let directory = try TemporaryDirectory()
        let plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "target")
        let url = try directory.write("odd.json", """
        {"schema": "sensebridge.output-profile/1", "name": "odd", "composer": "org.sensebridge.fixture",
         "renderTargets": ["org.sensebridge.fixture"]}
        """)
        let problems = try ProfileReader.read(url).problems(in: PluginCatalog.discover(
            PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)])))
        #expect(problems.contains { $0.field == "composer" && $0.reason.contains("is a render-target, not a scene-composer") })
    }

    @Test(arguments: [
        (#"{"schema": "sensebridge.output-profile/1", "name": "x", "composer": "a.b", "renderTargets": []}"#, "names no target"),
        (#"{"schema": "other", "name": "x"}"#, "expected \"sensebridge.output-profile/1\""),
        (#"{"schema": "sensebridge.output-profile/1", "name": "x", "renderTargets": ["a.b"]}"#, "\"composer\""),
        ("[1]", "is not a JSON object"),
        // A file cut short was reported as "is not a JSON object" too.
        (#"{"schema": "sensebridge.output-profile/1", "name": "#, "is not valid JSON (Unexpected end of file during JSON parse.)."),
        // Found by the profile fuzz target: an empty id was taken as a plugin's name.
        (#"{"schema": "sensebridge.output-profile/1", "name": "x", "composer": "a.b", "renderTargets": [""]}"#, "renderTargets[0]"),
        (#"{"schema": "sensebridge.output-profile/1", "name": "x", "composer": "", "renderTargets": ["a.b"]}"#, "\"composer\" must be a plugin id"),
    ])
    func badProfilesNameTheFileAndField(_ text: String, _ expected: String) throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("bad.json", text)
        do {
            _ = try ProfileReader.read(url)
            Issue.record("accepted a bad profile")
        } catch let problem as ProfileProblem {
            #expect(problem.path == url.path)
            #expect(problem.reason.contains(expected), "\(problem.reason)")
        }
    }

    @Test func userProfilesComeFirstAndPathsWork() throws {
        let user = try TemporaryDirectory()
        try user.write("blind.json", """
        {"schema": "sensebridge.output-profile/1", "name": "blind", "composer": "org.sensebridge.label-list",
         "renderTargets": ["org.sensebridge.haptic-log"]}
        """)
        let store = ProfileStore(directories: [user.url, Self.shipped])
        #expect(try store.profile("blind").renderTargets.map(\.id) == ["org.sensebridge.haptic-log"])
        #expect(try store.profile(Self.shipped.appendingPathComponent("deaf.json").path).name == "deaf")
        #expect(throws: ProfileStore.LookupError.self) { try store.profile("nonexistent") }
    }
}
