import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Watches what a plugin logs through the host services during one check.
///
/// Invariant 4: every value a plugin logs carries a privacy label. The host redacts
/// an unlabelled value, so nothing leaks, but a plugin that relies on that has not
/// decided what may be shown, and the harness says so. Event names are identifiers,
/// never user content, so they are safe to report.
/// Unchecked Sendable: `lock` guards `unlabelled`; the lazy `log` is first read by CheckContext.init, before any plugin runs.
final class LogAudit: @unchecked Sendable {
    private let lock = NSLock()
    private var unlabelled: [String: Int] = [:]

    /// The log the check's host services write to: every event, forwarded to stderr
    /// (the harness keeps a bounded tail of it) and audited on the way.
    lazy var log = HostLog(threshold: .debug) { [unowned self] line in
        self.audit(line)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// HostLog renders an unlabelled value as `name=<unlabelled>` after the event name.
    func audit(_ line: String) {
        guard line.contains("=<unlabelled>") else { return }
        let fields = line.split(separator: " ")
        guard fields.count > 1 else { return }
        let event = fields[1].hasPrefix("plugin.") ? String(fields[1].dropFirst("plugin.".count)) : String(fields[1])
        let count = fields.filter { $0.hasSuffix("=<unlabelled>") }.count
        lock.lock()
        unlabelled[event, default: 0] += count
        lock.unlock()
    }

    /// Event name → unlabelled values logged with it; nil when there were none.
    var findings: [String: Int]? {
        lock.lock()
        defer { lock.unlock() }
        return unlabelled.isEmpty ? nil : unlabelled
    }
}
