import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Recognized text is the person's own (a letter, a prescription): it never reaches a log,
/// at any level, nor stdout or stderr (Invariant 4). A canary word is read with the host's
/// log at debug and every byte the process writes caught, in process and in a runner.
@Suite(.serialized) struct LogPrivacyTests {
    /// On Tests/Fixtures/images/canary-en.png, and in nothing SenseBridge says or logs.
    static let canaryWords = ["PERIWINKLE", "8841"]

    /// Every line the host log would have written, at debug.
    final class LogLines: @unchecked Sendable {  // Unchecked Sendable: `lock` guards `lines`.
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func leaks(in text: String) -> [String] {
        Self.canaryWords.filter { text.localizedCaseInsensitiveContains($0) }
    }

    @Test(arguments: [false, true])
    func theCanaryIsReadButNeverLoggedOrPrinted(isolated: Bool) throws {
        let canary = try SamplePage.canary()
        let lines = LogLines()
        let log = HostLog(threshold: .debug) { lines.append($0) }
        let (records, streams) = try StandardStreams.capture { () throws -> [PerceptionRecord] in
            let reader = try OCRHost(log: log).reader(isolated: isolated)
            #expect(reader.isolated == isolated)
            let records = try reader.read(canary.image)
            // A failed read logs and reports too; its message must not carry the page either.
            let failed = try PluginFailure.of { _ = try reader.perceive(canary.image, timestampNanoseconds: 0, locale: "en", deadline: 1) }
            #expect(failed.isTimeout)
            #expect(leaks(in: failed.message).isEmpty, "\(failed.message)")
            return records
        }
        let read = records.map(\.label).joined(separator: " ")
        // Otherwise the test would prove nothing: the canary must have been recognized.
        #expect(leaks(in: read) == Self.canaryWords, "the canary was not read: \(read)")
        let logged = lines.all
        #expect(logged.contains { $0.contains("ocr.read") }, "debug logging was on and the plugin logged its read: \(logged)")
        #expect(leaks(in: logged.joined(separator: "\n")).isEmpty, "recognized text in the host log:\n\(logged.joined(separator: "\n"))")
        #expect(leaks(in: streams).isEmpty, "recognized text on stdout or stderr:\n\(streams)")
        #expect(!logged.contains { $0.contains("stdout-dropped") }, "the plugin wrote to stdout: \(logged)")
    }
}
