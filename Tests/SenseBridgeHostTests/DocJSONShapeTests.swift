import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// docs/FORMATS.md lists the keys of every `--json` output and one rule for them: every
/// key is always present, null when there is no value. Here each command that needs no
/// server runs through the real binary, and its keys are held to the doc's tables both
/// ways: nothing printed that the doc does not list, nothing listed that is left out.
@Suite struct DocJSONShapeTests {
    /// The documented paths of each section, by its heading ("`describe --json`").
    static let documented: [String: Set<String>] = {
        let url = RepositoryPaths.root.appendingPathComponent("docs/FORMATS.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard let start = text.range(of: "## `--json` output: every command") else { return [:] }
        let section = text[start.upperBound...].components(separatedBy: "\n## ")[0]
        var tables: [String: Set<String>] = [:]
        for part in section.components(separatedBy: "\n### ").dropFirst() {
            let heading = String(part.prefix { $0 != "\n" })
            var paths: Set<String> = []
            for line in part.split(separator: "\n") where line.hasPrefix("| `") {
                let cell = line.dropFirst(2).prefix { $0 != "|" }
                for match in cell.matches(of: /`([^`]+)`/) { paths.insert(String(match.1)) }
            }
            tables[heading] = paths
        }
        return tables
    }()

    /// Objects whose keys are data, not schema: written `KEY` in the doc, and may be empty.
    static let dataKeyed: Set<String> = ["configSchema", "identifiers[].names"]
    /// Lists whose elements have one of two shapes, each documented: every key printed
    /// must be listed, but not every listed key is in each element.
    static let twoShapes: Set<String> = ["renderTargets[]"]

    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        try plugins.write("broken.json", "{ nope")
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try ProcessRunner.cli(arguments + ["--json"], home: home.url,
                                           extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path])
        // 78: a profile or settings file with a problem is still printed whole.
        #expect([0, 78].contains(result.status), "\(arguments): exit \(result.status): \(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                            "\(arguments) printed no JSON object: \(result.standardOutput)\(result.standardError)")
    }

    /// What an output holds: every path printed, with whether its value is an object, and
    /// the paths some elements of a list have and others leave out.
    struct Found {
        var paths: [String: Bool] = [:]
        var leftOutBySome: Set<String> = []

        mutating func add(_ value: Any, at prefix: String, documented: Set<String>) {
            if let object = value as? [String: Any] {
                let keyed = DocJSONShapeTests.dataKeyed.contains(prefix)
                for (key, child) in object {
                    let path = prefix.isEmpty ? key : "\(prefix).\(keyed ? "KEY" : key)"
                    paths[path] = child is [String: Any]
                    if documented.contains(where: { $0.hasPrefix(path + ".") || $0.hasPrefix(path + "[].") }) {
                        add(child, at: path, documented: documented)
                    }
                }
            } else if let array = value as? [Any] {
                let keySets = array.compactMap { ($0 as? [String: Any]).map { Set($0.keys) } }
                for key in keySets.reduce(into: Set<String>(), { $0.formUnion($1) }) where keySets.contains(where: { !$0.contains(key) }) {
                    leftOutBySome.insert("\(prefix)[].\(key)")
                }
                for element in array { add(element, at: prefix + "[]", documented: documented) }
            }
        }

        /// Whether `parent` was printed as an object ("" is the top level; "a[]" an element of a).
        func hasObject(_ parent: String) -> Bool {
            if parent.isEmpty { return true }
            if parent.hasSuffix("[]") { return paths.keys.contains { $0.hasPrefix(parent + ".") } }
            return paths[parent] == true
        }
    }

    /// The paths the doc lists for `section`, against what `output` holds.
    func expectDocumented(_ output: [String: Any], section: String) throws {
        let documented = try #require(Self.documented[section], "docs/FORMATS.md has no section \(section)")
        var found = Found()
        found.add(output, at: "", documented: documented)
        let undocumented = found.paths.keys.filter { !documented.contains($0) }
        #expect(undocumented.isEmpty, "\(section) prints keys docs/FORMATS.md does not list: \(undocumented.sorted())")
        let missing = documented.filter { path in
            let parent = path.split(separator: ".").dropLast().joined(separator: ".")
            guard !Self.twoShapes.contains(parent), !path.hasSuffix(".KEY"), found.hasObject(parent) else { return false }
            return found.paths[path] == nil || found.leftOutBySome.contains(path)
        }
        #expect(missing.isEmpty, "\(section) leaves out keys docs/FORMATS.md lists (a key with no value is null): \(missing.sorted())")
    }

    /// Every command whose help offers `--json` (the help snapshots CLIHelpTests holds to
    /// the binary) has a heading of its own in docs/FORMATS.md.
    @Test func everyCommandWithJSONIsDocumented() throws {
        let formats = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
        let headings = formats.split(separator: "\n").filter { $0.hasPrefix("#") && $0.contains("--json") }
        let snapshots = RepositoryPaths.root.appendingPathComponent("Tests/Snapshots/help")
        var commands: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: snapshots.path) {
            let help = try String(contentsOf: snapshots.appendingPathComponent(file), encoding: .utf8)
            guard let usage = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: sensebridge ") }),
                  usage.contains("[--json]") else { continue }
            let words = usage.dropFirst("USAGE: sensebridge ".count).split(separator: " ").prefix { !"[<-".contains($0.first!) }
            commands.append(words.joined(separator: " "))
        }
        #expect(commands.count >= 14, "\(commands)")
        let undocumented = commands.filter { command in !headings.contains { $0.contains("`\(command) ") } }
        #expect(undocumented.isEmpty, "commands with --json that docs/FORMATS.md has no heading for: \(undocumented.sorted())")
    }

    @Test func describe() throws {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl").path
        let output = try json(["describe", "--records", sample, "--no-render"])
        #expect(output["network"] is NSNull && output["composerFailure"] is NSNull, "\(output)")
        try expectDocumented(output, section: "`describe --json`")
    }

    /// Pictures print JSON Lines, one per picture: each line is held to the table.
    @Test func describePictures() throws {
        let page = RepositoryPaths.root.appendingPathComponent("samples/page-en.png").path
        let result = try ProcessRunner.cli(["describe", page, "--no-render", "--json"], home: home.url,
                                           extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardOutput)")
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["records"] as? [Any])?.isEmpty == false, "\(object)")
            try expectDocumented(object, section: "`describe PATH --json`")
        }
    }

    /// Listening prints JSON Lines, one per moment: a capture's line and a file's lines
    /// (said and not said again) are each held to the table.
    @Test func listen() throws {
        let hearing = try CLIListenTests.plugins(in: home.file("hearing"), source: ["FIXTURE_FRAME_COUNT": "20"],
                                                 hearing: [CLIListenTests.alarm, CLIListenTests.doorbell])
        let profile = try CLIListenTests.profile(["org.example.alarm", "org.example.doorbell"], at: home.file("hearing.json"))
        let file = home.file("kitchen.wav")
        try Data("RIFF".utf8).write(to: file)
        var lines: [Substring] = []
        for input in [["--seconds", "1"], [file.path]] {
            let result = try ProcessRunner.cli(["listen", "--json", "--no-render", "--profile", profile.path, "--plugin-path", hearing.path] + input,
                                               home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path])
            #expect(result.status == 0, "\(input): \(result.standardError)")
            lines += result.standardOutput.split(separator: "\n")
        }
        #expect(lines.count == 21, "one capture line and one per block of the file: \(lines)")
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["records"] as? [Any])?.isEmpty == false, "\(object)")
            try expectDocumented(object, section: "`listen --json`")
        }
    }

    @Test func pluginsListInspectAndRescan() throws {
        let list = try json(["plugins", "list"])
        #expect((list["broken"] as? [[String: Any]])?.first { ($0["manifest"] as? String)?.hasSuffix("broken.json") == true }?["id"] is NSNull)
        try expectDocumented(list, section: "`plugins list --json`")
        for id in ["org.sensebridge.caption-file", "org.sensebridge.label-list", "org.sensebridge.network-composer"] {
            try expectDocumented(try json(["plugins", "inspect", id]), section: "`plugins inspect ID --json`")
        }
        try expectDocumented(try json(["plugins", "rescan", "org.sensebridge.label-list"]), section: "`plugins rescan [ID] --json`")
    }

    /// With every locale and with one: `names` holds the locales asked for, no others.
    @Test func vocabulary() throws {
        for locale in [[], ["--locale", "vi"]] {
            let output = try json(["vocabulary"] + locale)
            let identifiers = try #require(output["identifiers"] as? [[String: Any]])
            #expect(identifiers.allSatisfy { ($0["names"] as? [String: String]).map { Set($0.keys) } == Set(locale.isEmpty ? ["en", "es", "vi"] : ["vi"]) },
                    "\(locale): \(identifiers.prefix(2))")
            try expectDocumented(output, section: "`vocabulary --json`")
        }
    }

    @Test func profilesSettingsCredentialsAndHistory() throws {
        try expectDocumented(try json(["profiles", "list"]), section: "`profiles list --json`")
        for name in ["blind", "deaf"] {
            try expectDocumented(try json(["profiles", "show", name]), section: "`profiles show NAME --json`")
        }
        try expectDocumented(try json(["settings", "show"]), section: "`settings show --json`")
        try expectDocumented(try json(["credentials", "list"]), section: "`credentials list --json`")
        try expectDocumented(try json(["history", "list"]), section: "`history list --json`")
    }
}
