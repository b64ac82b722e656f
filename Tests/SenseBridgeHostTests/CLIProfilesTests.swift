import Foundation
import SenseBridgeRepositoryTesting
import Testing

@Suite struct CLIProfilesTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "target", id: "org.example.target")
        try plugins.write("profiles/ready.json", """
        {"schema": "sensebridge.output-profile/1", "name": "ready", "displayName": "Ready profile",
         "composer": "org.example.target", "renderTargets": [{"id": "org.example.target", "config": {}}]}
        """)
        try plugins.write("profiles/missing.json", """
        {"schema": "sensebridge.output-profile/1", "name": "missing", "composer": "org.example.target",
         "renderTargets": ["org.example.target", "org.example.braille"]}
        """)
        try plugins.write("profiles/garbled.json", "{")
        try plugins.write("profiles/either.json", """
        {"schema": "sensebridge.output-profile/1", "name": "either", "composer": "org.example.target",
         "renderTargets": [{"role": "speech", "alternatives": ["org.example.braille", {"id": "org.example.target", "config": {"rate": 1}}]}]}
        """)
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["--plugin-path", plugins.url.path] + arguments, home: home.url)
    }

    @Test func listShowsStatusAndBrokenFiles() throws {
        let result = try cli(["profiles", "list"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("missing"))
        #expect(result.standardOutput.contains("problem"))
        #expect(result.standardOutput.contains("\(plugins.url.path)/profiles/garbled.json: is not valid JSON (Unexpected end of file during JSON parse.)."))
    }

    @Test func showNamesTheProfileAndTheMissingPlugin() throws {
        let result = try cli(["profiles", "show", "missing"])
        #expect(result.status == 78)
        #expect(result.standardOutput.contains(#"field "renderTargets[1]" names 'org.example.braille', which is not installed"#))
        // The composer slot names a render target: reported as the wrong kind.
        #expect(result.standardOutput.contains(#"field "composer" names 'org.example.target', which is a render-target, not a scene-composer"#))
        let json = try cli(["profiles", "show", "missing", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((object["problems"] as? [[String: Any]])?.compactMap { $0["field"] as? String } == ["renderTargets[1]", "composer", "fallbackComposer"])
        #expect(object["status"] as? String == "invalid")
        #expect(object["file"] as? String == plugins.file("profiles/missing.json").path)
    }

    @Test func showListsAnOutputsAlternativesInOrder() throws {
        let result = try cli(["profiles", "show", "either"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let role = try #require(lines.firstIndex(of: "    speech:"), "\(result.standardOutput)")
        #expect(lines[role + 1] == "      org.example.braille")
        #expect(lines[role + 2] == #"      org.example.target  {"rate":1}"#)
        // An alternative that is not installed is still a problem the person should fix.
        #expect(result.standardOutput.contains(#"field "renderTargets[0].alternatives[0]" names 'org.example.braille', which is not installed"#))
        let json = try cli(["profiles", "show", "either", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let outputs = try #require(object["renderTargets"] as? [[String: Any]])
        #expect(outputs.count == 1)
        #expect(outputs[0]["role"] as? String == "speech")
        #expect((outputs[0]["alternatives"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["org.example.braille", "org.example.target"])
    }

    @Test func unknownProfileExits66WithTheDirectoriesSearched() throws {
        let result = try cli(["profiles", "show", "nonexistent"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("No profile named 'nonexistent'"))
        #expect(result.standardError.contains(plugins.url.path))
    }

    /// Each way a profile can be wrong that is found without running a plugin: the file
    /// name (in plugins/profiles), its fields over a ready profile, and the field named.
    static let invalid: [(name: String, fields: String, field: String)] = [
        ("bad-locale", #""locale": "fr""#, "locale"),
        ("bad-detail", #""detail": "loud""#, "detail"),
        ("unknown-plugin", #""renderTargets": ["org.sensebridge.haptic-log", "org.example.nowhere"]"#, "renderTargets[1]"),
        ("wrong-kind", #""fallbackComposer": "org.sensebridge.haptic-log""#, "fallbackComposer"),
        ("unknown-key", #""renderTargets": ["org.sensebridge.haptic-log", {"id": "org.sensebridge.caption-file", "config": {"fromat": "srt"}}]"#,
         "renderTargets[1].config.fromat"),
        ("wrong-type", #""renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"rate": "fast"}}]"#,
         "renderTargets[0].config.rate"),
    ]

    func writeInvalidProfiles() throws {
        for (name, fields, _) in Self.invalid {
            try plugins.write("profiles/\(name).json", """
            {"schema": "sensebridge.output-profile/1", "name": "\(name)", "composer": "org.sensebridge.label-list",
             "renderTargets": ["org.sensebridge.haptic-log"], \(fields)}
            """)
        }
        try plugins.write("profiles/truncated.json", #"{"schema": "sensebridge.output-profile/1", "name": "trunc"#)
    }

    @Test func listNamesEachInvalidProfileWithTheFieldAndNeverCallsItReady() throws {
        try writeInvalidProfiles()
        let result = try cli(["profiles", "list"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for (name, _, field) in Self.invalid {
            let file = plugins.file("profiles/\(name).json").path
            let row = try #require(lines.first { $0.hasPrefix(name + " ") }, "\(result.standardOutput)")
            #expect(row.contains(" invalid (1 problem) ") && !row.contains("ready"), "\(row)")
            #expect(lines.contains { $0.hasPrefix("  \(file): field \"\(field)\" ") }, "\(name): \(result.standardOutput)")
        }
        #expect(lines.contains { $0.hasPrefix("  \(plugins.file("profiles/truncated.json").path): ") }, "\(result.standardOutput)")

        let json = try cli(["profiles", "list", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        for (name, _, field) in Self.invalid {
            let entry = try #require(profiles.first { $0["name"] as? String == name })
            #expect(entry["status"] as? String == "invalid")
            let problems = try #require(entry["problems"] as? [[String: Any]])
            #expect(problems.map { $0["field"] as? String } == [field], "\(problems)")
        }
        #expect((object["broken"] as? [[String: Any]])?.contains { $0["file"] as? String == plugins.file("profiles/truncated.json").path } == true)
        // The shipped profiles are still ready.
        for name in ["blind", "deaf", "deaf-blind"] {
            let entry = try #require(profiles.first { $0["name"] as? String == name })
            #expect(entry["status"] as? String == "ready", "\(entry)")
            #expect((entry["problems"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func showNamesTheFileTheFieldAndExits78() throws {
        try writeInvalidProfiles()
        for (name, _, field) in Self.invalid {
            let file = plugins.file("profiles/\(name).json").path
            let result = try cli(["profiles", "show", name])
            #expect(result.status == 78, "\(name)")
            #expect(result.standardOutput.contains("  file:     \(file)\n  status:   invalid (1 problem)\n"), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("\n    field \"\(field)\" "), "\(result.standardOutput)")
            let json = try cli(["profiles", "show", file, "--json"])
            #expect(json.status == 78)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect(object["status"] as? String == "invalid")
            #expect((object["problems"] as? [[String: Any]])?.first?["field"] as? String == field)
        }
        let truncated = try cli(["profiles", "show", plugins.file("profiles/truncated.json").path])
        #expect(truncated.status == 78)
        #expect(truncated.standardError.contains(plugins.file("profiles/truncated.json").path + ": "))
        for name in ["blind", "deaf", "deaf-blind"] {
            let shipped = try cli(["profiles", "show", name])
            #expect(shipped.status == 0, "\(shipped.standardOutput)")
            #expect(shipped.standardOutput.contains("  status:   ready\n"))
        }
    }

    /// What a session is asked to do with each invalid profile; `output` is where it would render.
    func sessions(_ profile: String, output: URL) -> [[String]] {
        let records = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl").path
        let common = ["--profile", profile, "--output", output.path]
        let page = RepositoryPaths.root.appendingPathComponent("samples/page-en.png").path
        return [["describe", "--records", records] + common, ["walk", "--fast"] + common, ["say", "hello"] + common, ["read", page] + common]
    }

    @Test func everySessionRefusesAnInvalidProfileBeforeAnythingStarts() throws {
        try writeInvalidProfiles()
        let cases = Self.invalid.map { ($0.name, Optional($0.field)) } + [("truncated", nil)]
        for (name, field) in cases {
            let file = plugins.file("profiles/\(name).json").path
            let output = home.file("out-\(name)")
            for arguments in sessions(name == "truncated" ? file : name, output: output) {
                let result = try cli(arguments)
                #expect(result.status == 78, "\(arguments): \(result.standardError)")
                let expected = "sensebridge: \(file): " + (field.map { "field \"\($0)\" " } ?? "")
                #expect(result.standardError.hasPrefix(expected), "\(arguments): \(result.standardError)")
                #expect(result.standardOutput.isEmpty, "\(arguments): \(result.standardOutput)")
                #expect(!FileManager.default.fileExists(atPath: output.path), "\(arguments) rendered into \(output.path)")
            }
        }
    }

    /// Nothing is rendered, so nothing is spoken in any locale: the refusal is the same.
    @Test(arguments: ["en", "es", "vi"])
    func theRefusalDoesNotDependOnTheLocaleAsked(_ locale: String) throws {
        try writeInvalidProfiles()
        let output = home.file("out-\(locale)")
        let result = try cli(["say", "hello", "--locale", locale, "--profile", "unknown-key", "--output", output.path])
        #expect(result.status == 78)
        #expect(result.standardError.contains(#"field "renderTargets[1].config.fromat""#), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// One rule by name and by path: a profile that does not exist is 66 (EX_NOINPUT), one
    /// that exists and is wrong is 78.
    @Test func aMissingProfileIs66ByNameAndByPath() throws {
        let absent = plugins.file("profiles/absent.json").path
        for arguments in [["profiles", "show", "absent"], ["profiles", "show", absent], ["say", "hello", "--profile", "absent"],
                          ["say", "hello", "--profile", absent], ["describe", "--records", RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl").path, "--profile", absent]] {
            let result = try cli(arguments)
            #expect(result.status == 66, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(arguments.contains(absent) ? "\(absent): cannot be read (it does not exist)." : "No profile named 'absent'"),
                    "\(result.standardError)")
        }
        let folder = try cli(["profiles", "show", plugins.file("profiles").path])
        #expect(folder.status == 66)
        #expect(folder.standardError.contains("\(plugins.file("profiles").path): cannot be read (it is a directory, not a file)."), "\(folder.standardError)")
    }
}
