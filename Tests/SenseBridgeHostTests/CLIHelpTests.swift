import Foundation
import SenseBridgeRepositoryTesting
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

    /// The names in a help text's SUBCOMMANDS section, `help` included: it is a command
    /// with help of its own like the others.
    static func subcommands(in help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
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

    // MARK: - Each option declared once: what help shows is what the parser takes

    struct OptionRow {
        var label: String
        /// Every spelling, e.g. ["-h", "--help"].
        var names: [String]
        var takesValue: Bool
    }

    /// The rows of a help text's OPTIONS table, read back from the text.
    static func optionRows(in help: String) -> [OptionRow] {
        guard let section = help.components(separatedBy: "OPTIONS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  -") }
            .map { line in
                let label = line.dropFirst(2).components(separatedBy: "  ")[0]
                let names = label.components(separatedBy: ", ").map { $0.components(separatedBy: " ")[0] }
                return OptionRow(label: label, names: names, takesValue: label.contains(" <"))
            }
    }

    /// The option names a usage line mentions, in order, repeats kept.
    static func usageOptions(in help: String) -> [String] {
        guard let line = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: ") }) else { return [] }
        return line.split(separator: " ").compactMap { word in
            let name = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            return name.hasPrefix("--") ? name : nil
        }
    }

    static let undeclared = "--zz-undeclared"

    /// Feeds the parser each option the help shows, then a word nobody declared. When the
    /// option was accepted as shown (flag or value) the parser gets past it and names the
    /// undeclared word; any other answer means help and parser disagree. Nothing runs: the
    /// command line is refused before the command sees it.
    func expectAccepted(_ path: [String], _ row: OptionRow) throws {
        let context = "\((["sensebridge"] + path).joined(separator: " ")) \(row.label)"
        let unknown = "Unknown option '\(Self.undeclared)'."
        for name in row.names where name != "-h" && name != "--help" {
            let spellings: [[String]] = row.takesValue ? [[name, "x"], ["\(name)=x"]] : [[name]]
            for words in spellings {
                let result = try cli(path + words + [Self.undeclared])
                #expect(result.status == 64 && result.standardError.contains(unknown), "\(context) via \(words): \(result.standardError)")
            }
            let bare = try cli(path + (row.takesValue ? [name] : ["\(name)=x"]))
            let refusal = row.takesValue ? "\(name) needs a value." : "\(name) takes no value."
            #expect(bare.status == 64 && bare.standardError.contains(refusal), "\(context): \(bare.standardError)")
        }
    }

    @Test func everyOptionInHelpIsListedOnceAndAcceptedAsShown() throws {
        let leaves = try commandPaths().filter { try !$0.isEmpty && !cli($0 + ["--help"]).standardOutput.contains("SUBCOMMANDS:") }
        #expect(leaves.count > 10, "found only \(leaves)")
        for path in leaves {
            let help = try cli(path + ["--help"]).standardOutput
            let rows = Self.optionRows(in: help)
            let names = rows.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(path): an option is listed twice: \(names)")
            #expect(names.suffix(3) == ["--plugin-path", "-h", "--help"], "\(path): the common options end the table: \(names)")
            // The usage line names each of the command's own options once, and no other.
            let own = names.dropLast(3)
            let usage = Self.usageOptions(in: help)
            #expect(usage.sorted() == own.sorted(), "\(path): usage shows \(usage), the table \(Array(own))")
            for row in rows { try expectAccepted(path, row) }
        }
        let root = try cli(["--help"]).standardOutput
        let rootRows = Self.optionRows(in: root)
        #expect(rootRows.map(\.label) == ["--version", "-h, --help", "--plugin-path <dir>", "--isolate", "--in-process <ids|all>"])
        for row in rootRows { try expectAccepted([], row) }
    }
}

