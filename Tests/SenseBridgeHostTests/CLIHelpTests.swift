import Foundation
import SenseBridgeTesting
import Testing

/// Every help text the CLI prints, held as a snapshot in Tests/Snapshots/help, so a
/// change to how options are declared cannot change what a person reads by accident.
///
/// The commands are found the way a person finds them, from the root's SUBCOMMANDS and
/// then each group's, so a new command needs a snapshot before this suite passes.
/// After a deliberate change, `SENSEBRIDGE_RECORD_SNAPSHOTS=1 swift test --filter CLIHelpTests`
/// rewrites the files (and fails, so a recording run is never mistaken for a pass);
/// review the diff and commit it.
@Suite struct CLIHelpTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    static let snapshots = RepositoryPaths.root.appendingPathComponent("Tests/Snapshots/help")
    static let recording = ProcessInfo.processInfo.environment["SENSEBRIDGE_RECORD_SNAPSHOTS"] == "1"

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url)
    }

    /// The names in a help text's SUBCOMMANDS section, `help` aside.
    static func subcommands(in help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    /// The root, every group and every leaf command, as argument paths (the root is []).
    func commandPaths() throws -> [[String]] {
        var paths: [[String]] = [[]]
        for name in Self.subcommands(in: try cli(["--help"]).standardOutput) {
            paths.append([name])
            let groupHelp = try cli([name, "--help"]).standardOutput
            paths += Self.subcommands(in: groupHelp).map { [name, $0] }
        }
        return paths
    }

    static func file(for path: [String]) -> URL {
        snapshots.appendingPathComponent((["sensebridge"] + path).joined(separator: "-") + ".txt")
    }

    @Test func everyHelpTextMatchesItsSnapshot() throws {
        let paths = try commandPaths()
        #expect(paths.count > 10, "found only \(paths)")
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
        }
        for path in paths {
            let result = try cli(path + ["--help"])
            #expect(result.status == 0, "\(path): \(result.standardError)")
            let url = Self.file(for: path)
            if Self.recording {
                try result.standardOutput.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try? String(contentsOf: url, encoding: .utf8)
            #expect(expected != nil, "no snapshot \(url.lastPathComponent); record it (see this suite's comment)")
            if let expected {
                #expect(result.standardOutput == expected, "\(url.lastPathComponent) differs:\n\(result.standardOutput)")
            }
        }
        #expect(!Self.recording, "snapshots were recorded in \(Self.snapshots.path); review the diff and run again without SENSEBRIDGE_RECORD_SNAPSHOTS")
        // A snapshot nobody prints any more is a command that went away unnoticed.
        let known = Set(paths.map { Self.file(for: $0).lastPathComponent })
        let stored = try FileManager.default.contentsOfDirectory(atPath: Self.snapshots.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(stored).subtracting(known).isEmpty, "stale snapshots: \(Set(stored).subtracting(known).sorted())")
    }
}
