import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// What `make install` (scripts/install.sh) lays out, held to what README's "Installing"
/// and docs/WRITING_PLUGINS.md tell a plugin author who has an installed copy and no
/// checkout: every path README lists is there, every installed sample path the docs give
/// exists, and the smoke driver runs under its installed name with help of its own.
@Suite struct InstallLayoutTests {
    static let prefix = "/opt/sensebridge-layout"

    /// Every installed path the two documents name: README's table rows (`PREFIX/…`) and
    /// any sample named by its installed path, under PREFIX or the default /usr/local.
    static func documentedPaths() throws -> Set<String> {
        var paths: Set<String> = []
        for document in ["README.md", "docs/WRITING_PLUGINS.md"] {
            let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent(document), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("PREFIX/") {
                paths.insert(String(line.prefix { $0 != " " }.dropFirst("PREFIX/".count)))
            }
            for match in text.matches(of: /(?:PREFIX|\/usr\/local)\/(lib\/sensebridge\/plugins\/samples\/[\w.-]+)/) {
                paths.insert(String(match.1))
            }
        }
        return paths
    }

    @Test("every path the docs give an installed copy is installed, and sensebridge-smoke stands alone")
    func theDocumentedLayoutIsInstalled() throws {
        let destination = try TemporaryDirectory()
        let installed = try ProcessRunner.run("/bin/bash", [RepositoryPaths.root.appendingPathComponent("scripts/install.sh").path,
                                                            "--prefix", Self.prefix, "--destdir", destination.url.path, "--config", "debug"],
                                              timeout: 600)
        try #require(installed.status == 0, "\(installed.standardError)")
        let root = destination.url.appendingPathComponent(String(Self.prefix.dropFirst()))

        let documented = try Self.documentedPaths()
        #expect(documented.contains("bin/sensebridge-smoke") && documented.contains("lib/sensebridge/plugins/samples/photo-rocket.jpg"),
                "\(documented.sorted())")
        let missing = documented.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "documented but not installed: \(missing.sorted())")

        // Its help and its refusals name the command that was typed, and point at the harness.
        let smoke = root.appendingPathComponent("bin/sensebridge-smoke").path
        let help = try ProcessRunner.run(smoke, ["--help"])
        #expect(help.status == 0 && help.standardOutput.contains("USAGE: sensebridge-smoke [options] <library.so>"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("'sensebridge plugins test <id>'") && !help.standardOutput.contains("sb-smoke"),
                "\(help.standardOutput)")
        let refused = try ProcessRunner.run(smoke, ["--colour"])
        #expect(refused.status == 64 && refused.standardError == "sensebridge-smoke: unknown option '--colour'.\nSee 'sensebridge-smoke --help'.\n",
                "\(refused.standardError)")

        // The light detector's picture as installed is the fixture its test describes.
        let photo = try Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent("images/photos/rocket.jpg"))
        #expect(try Data(contentsOf: root.appendingPathComponent("lib/sensebridge/plugins/samples/photo-rocket.jpg")) == photo)
    }
}
