import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// What the camera saw is the person's own: no label, score or box of a detection reaches
/// a log, at any level, nor stdout or stderr (Invariant 4). The coffee photograph is
/// detected with the host's log at debug and every byte the process writes caught, in
/// process and in a runner; then every identifier, score and box figure it gave is looked
/// for in what was written.
@Suite(.serialized) struct LogPrivacyTests {
    /// Each way a record's figures could have been written: Swift's own description of
    /// the number and the usual roundings. A rounding to 0 or 1 ("0.00" for a box at the
    /// left edge) says nothing about the view, and the streams are the whole test
    /// process's, where a suite running beside this one prints "0.00 %": such a form is
    /// no canary.
    static func canaries(_ records: [PerceptionRecord]) -> [String] {
        func forms(_ value: Double) -> [String] {
            ["\(value)"] + ["%.2f", "%.3f", "%.4f"].compactMap { format in
                let rounded = String(format: format, value)
                return Double(rounded).map { $0 == 0 || $0 == 1 } == true ? nil : rounded
            }
        }
        return records.flatMap { record -> [String] in
            let box = record.box.map { [$0.x, $0.y, $0.width, $0.height].flatMap(forms) } ?? []
            return [record.label] + forms(record.confidence) + box
        }
    }

    @Test(arguments: [false, true])
    func noLabelScoreOrBoxIsLoggedOrPrinted(isolated: Bool) throws {
        let coffee = try Photo.named("coffee").image
        let lines = Locked<[String]>([])
        let log = HostLog(threshold: .debug) { line in lines.withLock { $0.append(line) } }
        let (records, streams) = try StandardStreams.capture { () throws -> [PerceptionRecord] in
            let detector = try DetectorHost(log: log).detector(isolated: isolated)
            #expect(detector.isolated == isolated)
            let records = try detector.detect(coffee)
            // A failed detection logs and reports too; its message must not carry the view either.
            let failed = try #require(throws: PluginCallError.self) {
                _ = try detector.perceive(coffee, timestampNanoseconds: 0, locale: "en", deadline: 1)
            }
            #expect(Self.canaries(records).filter { failed.message.contains($0) }.isEmpty, "\(failed.message)")
            return records
        }
        // Otherwise the test would prove nothing: the photograph's things must have been found.
        #expect(records.map(\.label).sorted() == ["bowl", "cup", "table"], "\(records)")
        let logged = lines.withLock { $0 }
        #expect(logged.contains { $0.contains("detector.detected") }, "debug logging was on and the plugin logged its detection: \(logged)")
        let canaries = Self.canaries(records)
        let text = logged.joined(separator: "\n")
        #expect(canaries.filter { text.contains($0) }.isEmpty, "what was detected is in the host log:\n\(text)")
        #expect(canaries.filter { streams.contains($0) }.isEmpty, "what was detected is on stdout or stderr:\n\(streams)")
        #expect(!logged.contains { $0.contains("stdout-dropped") }, "the plugin wrote to stdout: \(logged)")
    }
}
