import Foundation

/// Runs `sensebridge plugins test` on a manifest, exactly as a plugin's author runs it at
/// a terminal, so a test target proves the built plugin passes the harness.
///
/// It is handed the `sensebridge` binary and the plugin's files, never finds them: this
/// kit is built inside a third party's package, where no checkout of SenseBridge's tree
/// can be assumed.
///
/// ```swift
/// let outcome = try ConformanceHarness.run(manifest, library: built, sensebridge: cli)
/// #expect(outcome.status == 0 && outcome.failures.isEmpty, "\(outcome.failures)")
/// ```
public enum ConformanceHarness {
    public struct Outcome {
        public var status: Int32
        /// "check: reason" for every check that did not pass.
        public var failures: [String]
        public var checksRun: Int
    }

    public struct NotExecutable: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "\(path) is not an executable sensebridge: pass the one you installed (make install) or built (.build/debug/sensebridge)."
        }
    }

    /// - Parameters:
    ///   - manifest: the plugin's manifest.
    ///   - library: the built library, when it does not lie beside the manifest (a Swift
    ///     package builds it under .build while its manifest stays at the root): both are
    ///     copied into a directory of their own, where the manifest's `library` finds it.
    ///   - sensebridge: the CLI to run, in an environment isolated from the user's
    ///     (`ProcessRunner.isolatedEnvironment`), with `environment` added: e.g. a source
    ///     that needs a fake device library on its loader path.
    public static func run(_ manifest: URL, library: URL? = nil, sensebridge: URL, extraArguments: [String] = [],
                           environment: [String: String] = [:], timeout: TimeInterval = 600) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: sensebridge.path) else { throw NotExecutable(path: sensebridge.path) }
        let home = try TemporaryDirectory("sensebridge-conformance")
        var tested = manifest
        if let library {
            let staged = home.file("plugin")
            try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
            tested = staged.appendingPathComponent(manifest.lastPathComponent)
            try FileManager.default.copyItem(at: manifest, to: tested)
            try FileManager.default.copyItem(at: library, to: staged.appendingPathComponent(library.lastPathComponent))
        }
        let result = try ProcessRunner.run(sensebridge.path, ["plugins", "test", tested.path, "--json"] + extraArguments,
                                           environment: ProcessRunner.isolatedEnvironment(home: home.url, extra: environment),
                                           timeout: timeout)
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
