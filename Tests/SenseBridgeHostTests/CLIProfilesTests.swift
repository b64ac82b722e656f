import Foundation
import SenseBridgeTesting
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
        #expect(result.standardOutput.contains("render target 'org.example.braille' is not installed"))
        // The composer slot names a render target: reported as the wrong kind.
        #expect(result.standardOutput.contains("is a render-target, not a scene-composer"))
        let json = try cli(["profiles", "show", "missing", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((object["problems"] as? [String])?.count == 3)
        #expect(object["file"] as? String == plugins.file("profiles/missing.json").path)
    }

    @Test func showListsAnOutputsAlternativesInOrder() throws {
        let result = try cli(["profiles", "show", "either"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let role = try #require(lines.firstIndex(of: "    speech:"), "\(result.standardOutput)")
        #expect(lines[role + 1] == "      org.example.braille")
        #expect(lines[role + 2] == #"      org.example.target  {"rate":1}"#)
        // An alternative that is not installed is still a problem the person should fix.
        #expect(result.standardOutput.contains("render target 'org.example.braille' is not installed"))
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
}
