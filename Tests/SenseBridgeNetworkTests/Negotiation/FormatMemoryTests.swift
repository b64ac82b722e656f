import Foundation
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Testing

/// The per-endpoint memory of the mode that worked: a state file, 0600, no perception.
@Suite struct FormatMemoryTests {
    let directory: TemporaryDirectory
    let memory: FormatMemory
    let llama = FormatMemory.Endpoint(baseURL: "http://127.0.0.1:8000/v1", model: "smollm2")

    init() throws {
        directory = try TemporaryDirectory()
        memory = FormatMemory(url: directory.file("state/sensebridge/endpoint-formats.json"))
    }

    @Test func aModeIsRememberedPerEndpointAndModel() throws {
        #expect(memory.mode(for: llama) == nil)
        try memory.remember(.jsonObject, for: llama, refused: [(.jsonSchema, "schema-unsupported")])
        #expect(memory.mode(for: llama) == .jsonObject)
        #expect(memory.mode(for: .init(baseURL: llama.baseURL, model: "another")) == nil, "another model on the same server is its own")
        #expect(memory.entries.first?.refused == ["json_schema": "schema-unsupported"])
        let attributes = try FileManager.default.attributesOfItem(atPath: memory.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func theNewestFindingReplacesTheOldAndForgetRemovesIt() throws {
        let vllm = FormatMemory.Endpoint(baseURL: "http://gpu:8000/v1", model: "qwen")
        try memory.remember(.jsonObject, for: llama, refused: [])
        try memory.remember(.jsonSchema, for: vllm, refused: [])
        try memory.remember(.text, for: llama, refused: [(.jsonObject, "format-ignored")])
        #expect(memory.entries.count == 2)
        #expect(memory.mode(for: llama) == .text && memory.mode(for: vllm) == .jsonSchema)
        try memory.forget(llama)
        #expect(memory.mode(for: llama) == nil && memory.mode(for: vllm) == .jsonSchema)
    }

    @Test func aCorruptFileIsTreatedAsEmptyAndReplacedOnTheNextWrite() throws {
        try FileManager.default.createDirectory(at: memory.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: memory.url)
        #expect(memory.entries.isEmpty && memory.mode(for: llama) == nil)
        try memory.remember(.jsonObject, for: llama, refused: [])
        #expect(memory.mode(for: llama) == .jsonObject)
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorNamingIt() throws {
        // A file where the directory should be: the write fails, and says where.
        let blocked = FormatMemory(url: directory.file("plain-file/endpoint-formats.json"))
        try Data("x".utf8).write(to: directory.file("plain-file"))
        #expect { try blocked.remember(.text, for: llama, refused: []) } throws: { "\($0)".contains("plain-file") }
    }

    /// The file is ours but lives on disk, where anything can happen to it: 2,000 mutated
    /// copies are each read as empty or as entries with a mode, never a trap.
    @Test func mutatedFilesAreReadAsEmptyOrValid() throws {
        try memory.remember(.jsonObject, for: llama, refused: [(.jsonSchema, "schema-unsupported")])
        let original = Array(try Data(contentsOf: memory.url))
        var random = SeededGenerator(seed: 0xF0_4D47)
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            try Data(bytes).write(to: memory.url)
            let entries = memory.entries
            #expect(entries.count <= 1)
            #expect(entries.allSatisfy { StructuredOutputMode.allCases.contains($0.mode) })
        }
    }
}
