import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The shipped deaf-blind profile through the CLI, as a person meets it: braille on the
/// display BRLTTY owns, haptics beside it; with no BRLTTY, haptics alone and the loss
/// felt once through them.
@Suite(.serialized) struct DeafBlindProfileTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
        _ = try RepositoryPaths.stagedManifest("braille.json")
    }

    func hapticSignals() throws -> [String] {
        let text = try String(contentsOf: output.file("haptics.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["signal"] as? String)
        }
    }

    @Test func withBRLTTYRunningTheMessageReachesTheDisplayAndTheHaptics() throws {
        let brltty = try TestBRLTTY(cells: 40)
        let result = try ProcessRunner.cli(["say", "Testing braille.", "--profile", "deaf-blind", "--output", output.url.path],
                                           home: home.url, extraEnvironment: ["BRLAPI_HOST": brltty.host])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = try LouTranslate.cells("Testing braille.", table: "en-us-g2.ctb")
        let padded = expected + [UInt8](repeating: 0, count: 40 - expected.count)
        #expect(brltty.shown().contains(padded), "shown: \(brltty.shown()) expected \(expected)")
        #expect(!result.standardError.contains("not available"), "\(result.standardError)")
        #expect(try hapticSignals() == ["status"], "the message, felt once; nothing was lost")
    }

    @Test func withNoBRLTTYTheHapticsGoOnAndTheLossIsFeltOnce() throws {
        // A BrlAPI socket nobody serves: never the machine's own BRLTTY.
        let result = try ProcessRunner.cli(["say", "Testing braille.", "--profile", "deaf-blind", "--output", output.url.path],
                                           home: home.url, extraEnvironment: ["BRLAPI_HOST": ":\(Int.random(in: 5000...9000))"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("braille: not available"), "\(result.standardError)")
        #expect(result.standardError.contains("BRLTTY is not reachable through BrlAPI"), "\(result.standardError)")
        // Two statuses: the lost braille output, then the message itself.
        #expect(try hapticSignals() == ["status", "status"])
    }
}
