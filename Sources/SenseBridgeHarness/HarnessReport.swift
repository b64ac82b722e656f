import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Everything one `plugins test` run found.
public struct HarnessReport: Sendable {
    public var pluginID: String?
    public var kind: PluginKind?
    public var manifestPath: String
    public var results: [CheckResult]
    /// What the person hears when the plugin fails; nil when its manifest could not be read.
    public var whenItFails: FailureWording?

    public var passed: Int { results.filter { $0.status == .pass }.count }
    public var failed: Int { results.filter { $0.status == .fail }.count }
    public var skipped: Int { results.filter { $0.status == .skip }.count }

    /// The last line of the human output, and what scripts grep for.
    public var summaryLine: String { "\(passed) passed, \(failed) failed" }

    public var jsonObject: [String: Any] {
        [
            "plugin": pluginID ?? NSNull(), "kind": kind?.rawValue ?? NSNull(), "manifest": manifestPath,
            "checks": results.map(\.jsonObject),
            "whenItFails": whenItFails?.jsonObject ?? NSNull(),
            "summary": ["passed": passed, "failed": failed, "skipped": skipped],
        ]
    }
}
