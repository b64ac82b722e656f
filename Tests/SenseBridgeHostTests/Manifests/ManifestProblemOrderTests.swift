import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The same broken manifest gets the same refusal every run. Maps (`displayName`,
/// `summary`, `config.schema`, `config.defaults`) were read in dictionary order, which
/// Swift seeds afresh in each process, so a file with several bad entries named a
/// different one from run to run (found by the manifest fuzz target, which reads each
/// input twice and compares). Eight bad entries make the old behaviour fail 7 runs in 8.
@Suite struct ManifestProblemOrderTests {
    let directory: TemporaryDirectory
    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("libgood.so", "not a library; manifests never open it")
    }

    static let letters = ["h", "c", "f", "a", "g", "b", "e", "d"]

    func refusal(_ fields: String) -> String {
        let text = #"{"schema": "sensebridge.plugin-manifest/1", "id": "org.example.order", "kind": "scene-composer", "#
            + #""version": "1", "abi": {"major": 1, "minor": 0}, "library": "libgood.so", "# + fields + "}"
        let url = directory.file("order.json")
        guard case .failure(let problem) = ManifestReader.parse(Data(text.utf8), at: url) else {
            Issue.record("a manifest with bad entries was accepted: \(text)")
            return ""
        }
        return problem.description
    }

    @Test func aMapWithSeveralBadEntriesNamesTheFirstInKeyOrder() throws {
        let entries = Self.letters.map { #""\#($0)": 1"# }.joined(separator: ", ")
        let said = refusal(#""displayName": {"en": "Order", \#(entries)}"#)
        #expect(said.contains("displayName.a"), "\(said)")
    }

    @Test func aSchemaWithSeveralBadFieldsNamesTheFirstInKeyOrder() throws {
        let entries = Self.letters.map { #""\#($0)": 1"# }.joined(separator: ", ")
        let said = refusal(#""displayName": "Order", "config": {"schema": {\#(entries)}}"#)
        #expect(said.contains("config.schema.a"), "\(said)")
    }

    @Test func defaultsWithSeveralBadValuesNameTheFirstInKeyOrder() throws {
        let schema = Self.letters.map { #""\#($0)": {"type": "string"}"# }.joined(separator: ", ")
        let defaults = Self.letters.map { #""\#($0)": 1"# }.joined(separator: ", ")
        let said = refusal(#""displayName": "Order", "config": {"schema": {\#(schema)}, "defaults": {\#(defaults)}}"#)
        #expect(said.contains("config.defaults.a"), "\(said)")
    }
}
