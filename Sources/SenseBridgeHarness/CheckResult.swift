import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// One line of the harness's output: a check, how it ended, and the evidence.
public struct CheckResult: Sendable, Equatable {
    public var check: String
    public var status: CheckStatus
    public var reason: String?
    public var durationMilliseconds: Int
    /// "SIGSEGV" when the child died of a signal.
    public var signal: String?
    /// The last lines the child wrote, for a failure that needs them.
    public var outputTail: String?
    /// Bytes the plugin wrote to stdout, which the header reserves for the host.
    public var standardOutputBytes: Int
    /// Event name → values the plugin logged without a privacy label.
    public var unlabelledLogValues: [String: Int] = [:]
    /// The check's process crashed, hung or ended without a valid report: what the
    /// plugin did to its host, as opposed to a verdict the check reached.
    public var processDied = false

    public init(check: String, status: CheckStatus, reason: String? = nil, durationMilliseconds: Int = 0,
                signal: String? = nil, outputTail: String? = nil, standardOutputBytes: Int = 0) {
        self.check = check
        self.status = status
        self.reason = reason
        self.durationMilliseconds = durationMilliseconds
        self.signal = signal
        self.outputTail = outputTail
        self.standardOutputBytes = standardOutputBytes
    }

    /// The `--json` form.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["check": check, "status": status.rawValue, "durationMs": durationMilliseconds]
        object["reason"] = reason ?? NSNull()
        object["signal"] = signal ?? NSNull()
        object["outputTail"] = outputTail.flatMap { $0.isEmpty ? nil : $0 } ?? NSNull()
        return object
    }
}
