import Foundation
import SenseBridgeCore
import SenseBridgeHost

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
