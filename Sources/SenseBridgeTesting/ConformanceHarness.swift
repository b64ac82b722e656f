import Foundation

/// Runs `sensebridge plugins test` on a manifest, exactly as a third-party author runs
/// it, so each plugin's own test target proves the plugin passes the harness.
public enum ConformanceHarness {
    public struct Outcome {
        public var status: Int32
        /// "check: reason" for every check that did not pass.
        public var failures: [String]
        public var checksRun: Int
    }

    /// `environment` is added to the CLI's: e.g. a source that needs fakenect on its loader path.
    public static func run(_ manifest: URL, extraArguments: [String] = [], environment: [String: String] = [:],
                           timeout: TimeInterval = 600) throws -> Outcome {
        let home = try TemporaryDirectory("sensebridge-conformance")
        let result = try ProcessRunner.cli(["plugins", "test", manifest.path, "--json"] + extraArguments,
                                           home: home.url, extraEnvironment: environment, timeout: timeout)
        guard let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
              let checks = object["checks"] as? [[String: Any]] else {
            return Outcome(status: result.status, failures: ["harness output: \(result.standardOutput) \(result.standardError)"], checksRun: 0)
        }
        let failures = checks.filter { $0["status"] as? String == "fail" }.map {
            "\($0["check"] as? String ?? "?"): \($0["reason"] as? String ?? "")"
        }
        return Outcome(status: result.status, failures: failures, checksRun: checks.count)
    }
}
