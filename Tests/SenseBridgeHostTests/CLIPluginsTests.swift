import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The CLI as a user runs it: a real process, an isolated home, real fixtures.
@Suite struct CLIPluginsTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "good")
        try plugins.write("broken.json", "{ nope")
        try FixturePlugin.make(in: plugins.url, name: "wrongabi", id: "org.sensebridge.fixture-two",
                               manifest: ["abi": ["major": 2, "minor": 0]])
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path])
    }

    @Test func listShowsGoodAndBrokenAndExitsZeroUnlessStrict() throws {
        let result = try cli(["plugins", "list"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("org.sensebridge.fixture"))
        #expect(result.standardOutput.contains("\(plugins.url.path)/broken.json: is not valid JSON"))
        #expect(result.standardOutput.contains("\(plugins.url.path)/wrongabi.json: plugin ABI major 2 differs"))
        let strict = try cli(["plugins", "list", "--strict"])
        #expect(strict.status == 78)
    }

    @Test func listAsJSON() throws {
        let result = try cli(["plugins", "list", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let listed = try #require(object["plugins"] as? [[String: Any]])
        // The build's own staged plugins are listed too; only this test's directory is checked.
        let mine = listed.filter { ($0["manifest"] as? String)?.hasPrefix(plugins.url.path) == true }
        #expect(mine.map { $0["id"] as? String } == ["org.sensebridge.fixture"])
        let broken = try #require(object["broken"] as? [[String: Any]])
        #expect(broken.count == 2)
        #expect(broken.contains { $0["id"] as? String == "org.sensebridge.fixture-two" })
    }

    @Test func inspectKnownUnknownAndBroken() throws {
        let known = try cli(["plugins", "inspect", "org.sensebridge.fixture"])
        #expect(known.status == 0)
        #expect(known.standardOutput.contains("kind:          render-target"))
        let unknown = try cli(["plugins", "inspect", "org.example.absent"])
        #expect(unknown.status == 69)
        #expect(unknown.standardError.contains("No plugin 'org.example.absent' is installed"))
        let broken = try cli(["plugins", "inspect", "org.sensebridge.fixture-two"])
        #expect(broken.status == 78)
        #expect(broken.standardError.contains("installed but broken"))
    }

    @Test func usageErrorsExit64AndPointAtHelp() throws {
        let result = try cli(["plugins", "list", "--colour"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Unknown option '--colour'"))
        #expect(result.standardError.hasSuffix("See 'sensebridge plugins list --help'.\n"))
        #expect(try cli(["plugins", "inspect"]).status == 64)
        #expect(try cli(["frobnicate"]).status == 64)
    }

    @Test func helpIsTheSameThreeWays() throws {
        let a = try cli(["plugins", "list", "--help"]).standardOutput
        let b = try cli(["plugins", "list", "-h"]).standardOutput
        let c = try cli(["help", "plugins", "list"]).standardOutput
        #expect(a == b && b == c)
        for section in ["OVERVIEW:", "USAGE: sensebridge plugins list", "OPTIONS:", "--strict"] {
            #expect(a.contains(section))
        }
        let root = try cli(["--help"]).standardOutput
        #expect(root.contains("SUBCOMMANDS:") && root.contains("plugins") && root.contains("profiles"))
    }

    @Test func pluginPathFlagComesFirst() throws {
        let other = try TemporaryDirectory()
        try FixturePlugin.make(in: other.url, name: "flagged")
        let result = try cli(["plugins", "list", "--json", "--plugin-path", other.url.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let listed = try #require(object["plugins"] as? [[String: Any]])
        #expect(listed.first?["manifest"] as? String == other.file("flagged.json").path)
        let shadowed = try #require(object["shadowed"] as? [[String: Any]])
        #expect(shadowed.first?["manifest"] as? String == plugins.file("good.json").path)
    }

    /// The table pads each cell as NSString's padding(toLength:) does (counting UTF-16
    /// units), whether the cell is plain ASCII, padded without NSString, or not.
    @Test(arguments: ["1.0.0", "2.0-\u{00E9}t\u{00E9}", "1.0\u{1F600}\u{1F600}", "1.0e\u{0301}e\u{0301}e\u{0301}"])
    func tableCellsArePaddedAsNSStringPadsThem(version: String) throws {
        let other = try TemporaryDirectory()
        try FixturePlugin.make(in: other.url, name: "plain", id: "org.example.plain")
        try FixturePlugin.make(in: other.url, name: "odd", id: "org.example.odd", manifest: ["version": version])
        let result = try cli(["plugins", "list", "--plugin-path", other.url.path])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The header is ASCII: where each title starts is where its column starts.
        let header = try #require(lines.first)
        let titles = ["ID", "KIND", "VERSION", "DATA", "RUNS", "WHY", "MANIFEST"]
        let starts = titles.map { header.utf16.distance(from: header.utf16.startIndex, to: header.range(of: $0)!.lowerBound) }
        let widths = zip(starts, starts.dropFirst()).map { $1 - $0 - 2 }
        for (id, name, cellVersion) in [("org.example.plain", "plain", "1.0.0"), ("org.example.odd", "odd", version)] {
            let cells = [id, "render-target", cellVersion, "local", "isolated", "default"]
            let expected = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                + "  " + other.file("\(name).json").path
            #expect(lines.contains(expected), "\(expected)")
        }
    }
}
