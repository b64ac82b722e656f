import CSenseBridgeABI
import Foundation
import Testing
@testable import SenseBridgeHost

/// Invariant 4: no user content in logs. Whatever a plugin logs through the host
/// services, only values it explicitly labelled public are written.
@Suite struct HostLogPrivacyTests {
    // Unchecked Sendable: `lock` guards `stored`.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return stored }
    }

    @Test func privateAndUnlabelledValuesNeverReachTheSink() {
        let lines = Lines()
        let log = HostLog(threshold: .debug) { lines.append($0) }
        let table = HostServicesTable(pluginID: "org.example.reader", log: log, configJSON: "{}")
        let names: [UnsafeMutablePointer<CChar>] = ["count", "text", "confidence"].map { (text: String) in strdup(text)! }
        let values: [UnsafeMutablePointer<CChar>] = ["3", "PIN 4921 on the letter", "0.87"].map { (text: String) in strdup(text)! }
        defer { (names + values).forEach { free($0) } }
        let fields = [
            sb_log_field(name: UnsafePointer(names[0]), value: UnsafePointer(values[0]), privacy: SB_PRIVACY_PUBLIC),
            sb_log_field(name: UnsafePointer(names[1]), value: UnsafePointer(values[1]), privacy: SB_PRIVACY_PRIVATE),
            sb_log_field(name: UnsafePointer(names[2]), value: UnsafePointer(values[2]), privacy: SB_PRIVACY_UNLABELLED),
        ]
        fields.withUnsafeBufferPointer { buffer in
            table.pointer.pointee.log_event(table.pointer, SB_LOG_INFO, "ocr.read", buffer.baseAddress, buffer.count)
        }
        #expect(lines.all.count == 1)
        let line = lines.all.first ?? ""
        #expect(line.contains("plugin.ocr.read"))
        #expect(line.contains("plugin=org.example.reader"))
        #expect(line.contains("count=3"))
        #expect(line.contains("text=<private>"))
        #expect(line.contains("confidence=<unlabelled>"))
        #expect(!line.contains("4921") && !line.contains("letter") && !line.contains("0.87"))
    }

    @Test func eventsBelowTheThresholdAreNotWritten() {
        let lines = Lines()
        let log = HostLog(threshold: .warning) { lines.append($0) }
        log.event(.info, "quiet")
        log.event(.error, "loud", [.public("target", "speech")])
        #expect(lines.all == ["sensebridge[error] loud target=speech"])
    }
}
