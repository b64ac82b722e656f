import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The docs repeat facts whose truth lives elsewhere: the ABI version and the plugin
/// kinds in sensebridge.h, the invariants in docs/ARCHITECTURE.md, and code quoted from
/// the examples. `scripts/tools/check_docs.py` holds every doc to them, here so that
/// `swift test` fails the day one of them moves and a doc does not.
@Suite struct DocCheckTests {
    static let checker = RepositoryPaths.root.appendingPathComponent("scripts/tools/check_docs.py").path

    static func check(_ files: [URL] = []) throws -> ProcessRunner.Result {
        try ProcessRunner.run("python3", [checker] + files.map(\.path), timeout: 60)
    }

    @Test func everyDocAgreesWithTheHeaderAndTheArchitecture() throws {
        let result = try Self.check()
        let failures = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(result.status == 0 && failures.isEmpty, "\(failures.joined(separator: "\n"))\(result.standardError)")
        #expect(result.standardOutput.contains("0 problems"), "\(result.standardOutput)")
    }

    /// What the facts are today, read as the checker reads them, so a plant is stale
    /// whatever the version or the counts become.
    struct Facts {
        var major = 0, minor = 0, kinds = 0, invariants = 0

        init() throws {
            let header = try String(contentsOf: RepositoryPaths.header.appendingPathComponent("sensebridge.h"), encoding: .utf8)
            for line in header.split(separator: "\n") {
                if line.hasPrefix("#define SB_ABI_MAJOR ") { major = Int(line.dropFirst(21).dropLast()) ?? -1 }
                if line.hasPrefix("#define SB_ABI_MINOR ") { minor = Int(line.dropFirst(21).dropLast()) ?? -1 }
                if line.hasPrefix("#define SB_KIND_") { kinds += 1 }
            }
            let architecture = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
            invariants = architecture.split(separator: "\n").filter { $0.wholeMatch(of: /\| \d+\. .*/) != nil }.count
        }
    }

    /// Each stale sentence, planted into a copy of the README after its first line, is
    /// reported with the copy's path and the planted line; the copy without it passes.
    @Test(arguments: ["stale version", "newer manifest", "kind count", "kind list", "invariant count", "invariant number"])
    func aPlantedStaleFactIsReportedWithItsFileAndLine(_ plant: String) throws {
        let facts = try Facts()
        #expect(facts.major > 0 && facts.minor > 0 && facts.kinds > 3 && facts.invariants > 1)
        let stale: String = switch plant {
        case "stale version": "The header is ABI \(facts.major).\(facts.minor - 1), and so is every manifest."
        case "newer manifest": #"A manifest may say "abi": {"major": \#(facts.major), "minor": \#(facts.minor + 1)}."#
        case "kind count": "The host defines \(facts.kinds - 1) kinds of plugin."
        case "kind list": "A manifest's `kind` is `render-target`, `scene-composer` or `sensing-source`."
        case "invariant count": "See where each of the \(facts.invariants - 1) invariants is enforced."
        default: "A plugin that lies breaks Invariant \(facts.invariants + 1)."
        }
        let directory = try TemporaryDirectory()
        var lines = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let clean = try directory.write("README.md", lines.joined(separator: "\n"))
        #expect(try Self.check([clean]).status == 0, "the unplanted copy must pass")

        lines.insert(contentsOf: ["", stale, ""], at: 1)
        let planted = try directory.write("README.md", lines.joined(separator: "\n"))
        let result = try Self.check([planted])
        #expect(result.status == 1)
        let failures = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 1 && failures[0].hasPrefix("FAIL \(planted.path):3: "), "\(result.standardOutput)")
    }
}
