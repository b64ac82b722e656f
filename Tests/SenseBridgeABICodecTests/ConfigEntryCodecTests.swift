import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import Testing

/// The flattened config of ABI 1.2 is read by C plugins that bsearch it and trust it to
/// say what config_json says. The shared table (Tests/Fixtures/config-entries.jsonl) is
/// also what scripts/test-examples.sh holds sb-smoke's C flattener to, so the host, the
/// harness and sb-smoke give a plugin the same entries.
@Suite struct ConfigEntryCodecTests {
    struct Case: Decodable {
        var name: String
        var config: String
        var entries: [[String]]?
    }

    static let table: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/config-entries.jsonl")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }()

    static func pairs(_ result: Result<[ConfigEntryCodec.Entry], ConfigEntryCodec.Problem>) -> [[String]]? {
        guard case .success(let entries) = result else { return nil }
        return entries.map { [$0.key, $0.value] }
    }

    @Test func theSharedTableIsThere() {
        // A missing or unreadable file would make the table test below pass on nothing.
        #expect(Self.table.count >= 20)
        #expect(Set(Self.table.map(\.name)).count == Self.table.count)
    }

    @Test(arguments: ConfigEntryCodecTests.table.map(\.name))
    func sharedTable(_ name: String) throws {
        let entry = try #require(Self.table.first { $0.name == name })
        #expect(Self.pairs(ConfigEntryCodec.flatten(json: entry.config)) == entry.entries, "\(entry.config)")
    }

    /// The numbers the host writes are the numbers the entries hold: both come from the
    /// parsed value, so "1.0" in hand-written JSON is "1" in each.
    @Test func numbersAreTheTextTheHostWritesIntoConfigJSON() throws {
        let written: [(String, String)] = [("1.0", "1"), ("1E2", "100"), ("-0.0", "0"), ("0.25", "0.25"), ("12345678901234567", "1.2345678901234568e+16")]
        for (number, expected) in written {
            let config = try #require(JSONValue.parse(Data("{\"n\": \(number)}".utf8)))
            #expect(Self.pairs(ConfigEntryCodec.flatten(config)) == [["n", expected]], "\(number)")
            #expect(config.jsonText.contains(":\(expected)"), "config_json \(config.jsonText) says \(number) as \(expected)")
        }
    }

    @Test func eachProblemNamesWhereNotWhat() {
        #expect(ConfigEntryCodec.flatten(json: "[1]") == .failure(.notAnObject))
        #expect(ConfigEntryCodec.flatten(.string("x")) == .failure(.notAnObject))
        let dotted = ConfigEntryCodec.flatten(json: #"{"names": {"es": {"ice.cream": "un helado"}}}"#)
        #expect(dotted == .failure(.keyContainsDot(path: #"["names","es","ice.cream"]"#)))
        #expect(ConfigEntryCodec.flatten(json: #"{"pin": "4921\u0000"}"#) == .failure(.containsNUL(path: #"["pin"]"#)))
        #expect(ConfigEntryCodec.flatten(json: #"{"far": [1e999]}"#) == .failure(.unrepresentable(path: #"["far","0"]"#)))
        // A value is never quoted: it may be something a person typed.
        #expect(!ConfigEntryCodec.Problem.containsNUL(path: #"["pin"]"#).description.contains("4921"))
    }

    @Test func theCArrayIsSortedForBsearchAndNeverNULLWhenFlattened() throws {
        let config = #"{"style": "grouped", "names": {"vi": {"chair": "một cái ghế"}, "es": {"chair": "una silla"}}, "a": true}"#
        let entries = CConfigEntries(json: config)
        #expect(entries.problem == nil && entries.count == 4)
        let decoded = try #require(ConfigEntryCodec.decode(entries.pointer, count: entries.count))
        #expect(decoded.map(\.description) == ["a=true", "names.es.chair=una silla", "names.vi.chair=một cái ghế", "style=grouped"])
        // What a C plugin does: bsearch with strcmp finds every key.
        let base = try #require(entries.pointer)
        for entry in decoded {
            var key = sb_config_entry()
            let found = entry.key.withCString { cKey -> UnsafeMutableRawPointer? in
                key.key = cKey
                return withUnsafePointer(to: &key) { probe in
                    bsearch(probe, base, entries.count, MemoryLayout<sb_config_entry>.stride) { a, b in
                        strcmp(a!.load(as: sb_config_entry.self).key, b!.load(as: sb_config_entry.self).key)
                    }
                }
            }
            #expect(found.map { String(cString: $0.load(as: sb_config_entry.self).value) } == entry.value)
        }

        let empty = CConfigEntries(json: "{}")
        #expect(empty.pointer != nil && empty.count == 0, "an empty config is flattened, to nothing")
        let refused = CConfigEntries(json: #"{"a.b": 1}"#)
        #expect(refused.pointer == nil && refused.count == 0 && refused.problem == .keyContainsDot(path: #"["a.b"]"#))
        #expect(ConfigEntryCodec.decode(nil, count: 0) == nil)
    }

    /// Whatever the host resolves, the entries are exactly its leaves: every one is
    /// there, under its path, and nothing else is.
    @Test func everyLeafOfAResolvedConfigIsOneEntry() throws {
        let config: [String: JSONValue] = [
            "path": .string("{output}/teletype.txt"), "rate": .number(1.5), "voices": .array([.string("en"), .string("es")]),
            "enabled": .bool(false), "unset": .null, "nested": .object(["deep": .object(["er": .number(7)])]),
        ]
        let text = config.jsonText
        let entries = try #require(Self.pairs(ConfigEntryCodec.flatten(json: text)))
        #expect(entries == [["enabled", "false"], ["nested.deep.er", "7"], ["path", "{output}/teletype.txt"],
                            ["rate", "1.5"], ["voices.0", "en"], ["voices.1", "es"]])
    }
}
