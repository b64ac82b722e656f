import Foundation

/// What one check concluded.
public enum CheckStatus: String, Codable, Sendable {
    case pass, fail, skip
}

/// What the child process that ran one check reports back to the harness.
public struct CheckReport: Codable, Sendable, Equatable {
    public var status: CheckStatus
    /// Why it failed or was skipped; for a pass, what was measured ("RSS +0 KB over 1000 cycles").
    public var reason: String?
    /// Names of the plugin's own tests, reported by the `manifest` check.
    public var selfTests: [String]?
    /// Set by a failed `manifest` check whose findings do not stop the host from
    /// using the library (a version that disagrees): the other checks still run.
    public var libraryUsable: Bool?
    /// Event name → values the plugin logged without a privacy label during the check.
    public var unlabelledLogValues: [String: Int]?

    public init(status: CheckStatus, reason: String? = nil, selfTests: [String]? = nil, libraryUsable: Bool? = nil) {
        self.status = status
        self.reason = reason
        self.selfTests = selfTests
        self.libraryUsable = libraryUsable
    }

    public static func pass(_ detail: String? = nil) -> CheckReport { CheckReport(status: .pass, reason: detail) }
    public static func fail(_ reason: String) -> CheckReport { CheckReport(status: .fail, reason: reason) }
    public static func skip(_ reason: String) -> CheckReport { CheckReport(status: .skip, reason: reason) }
}

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
        if let signal { object["signal"] = signal }
        if let outputTail, !outputTail.isEmpty { object["outputTail"] = outputTail }
        return object
    }
}

/// Everything one `plugin test` run found.
public struct HarnessReport: Sendable {
    public var pluginID: String?
    public var kind: PluginKind?
    public var manifestPath: String
    public var results: [CheckResult]

    public var passed: Int { results.filter { $0.status == .pass }.count }
    public var failed: Int { results.filter { $0.status == .fail }.count }
    public var skipped: Int { results.filter { $0.status == .skip }.count }

    /// The last line of the human output, and what scripts grep for.
    public var summaryLine: String { "\(passed) passed, \(failed) failed" }

    public var jsonObject: [String: Any] {
        [
            "plugin": pluginID ?? NSNull(), "kind": kind?.rawValue ?? NSNull(), "manifest": manifestPath,
            "checks": results.map(\.jsonObject),
            "summary": ["passed": passed, "failed": failed, "skipped": skipped],
        ]
    }
}
