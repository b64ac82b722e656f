import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeProcess

/// Runs the conformance suite for one manifest, each check in its own child
/// process (the clap-validator approach): a plugin that crashes, hangs or calls
/// exit fails that check, with its signal and last output, and the harness goes on.
public final class HarnessRunner {
    /// How to start one check in a fresh process. The harness does not know which
    /// program hosts it or what that program's command line looks like: the caller
    /// (the CLI) says so, and the child must hand `--run-one` to `HarnessChild.run`.
    public struct ChildInvocation: Sendable {
        /// The program to run each check in.
        public var executable: String
        /// The arguments before the harness's own (`--run-one <check> --timeout <s>
        /// --scratch <dir> <manifest>`), e.g. the CLI's command path.
        public var leadingArguments: [String]

        public init(executable: String, leadingArguments: [String]) {
            self.executable = executable
            self.leadingArguments = leadingArguments
        }

        func arguments(check: String, manifest: String, timeout: TimeInterval, scratch: String) -> [String] {
            leadingArguments + ["--run-one", check, "--timeout", String(timeout), "--scratch", scratch, manifest]
        }
    }

    public struct Options {
        public var invocation: ChildInvocation
        /// Seconds one check may take; loops of a thousand calls get a multiple of it.
        public var timeout: TimeInterval = HarnessDefaults.timeout
        /// Run only these checks (by name); empty runs the whole suite.
        public var only: [String] = []
        public var environment: [String: String] = ProcessInfo.processInfo.environment
        /// Values laid over the manifest's config defaults for every check (`--config`).
        public var configOverrides: [String: JSONValue] = [:]

        public init(invocation: ChildInvocation) {
            self.invocation = invocation
        }
    }

    public struct UnknownChecks: Error, CustomStringConvertible {
        public var names: [String]
        public var available: [String]
        public var description: String {
            "No check named \(names.map { "'\($0)'" }.joined(separator: ", ")). Checks for this plugin: \(available.joined(separator: ", ")), and self-test:<name> for its own tests."
        }
    }

    /// The stdout check is the harness's own: it sums what every child wrote there.
    public static let stdoutCheck = "stdout-quiet"
    /// Likewise for values logged without a privacy label, across every check.
    public static let logPrivacyCheck = "log-privacy"

    let manifestURL: URL
    let options: Options

    public init(manifestURL: URL, options: Options) {
        self.manifestURL = manifestURL
        self.options = options
    }

    /// The checks the suite would run for the manifest's kind (self-tests aside).
    public static func checkNames(for kind: PluginKind, listens: Bool = false) -> [String] {
        ConformanceSuite.checks(for: kind, listens: listens).map(\.name) + [stdoutCheck, logPrivacyCheck]
    }

    /// Throws `UnknownChecks` before anything runs when `--only` names a check the
    /// suite does not have, and `PluginConfigResolver.Problem` when the config
    /// overrides do not fit the manifest's schema.
    public func run(onResult: (CheckResult) -> Void = { _ in }) throws -> HarnessReport {
        var report = HarnessReport(pluginID: nil, kind: nil, manifestPath: manifestURL.path, results: [])
        func record(_ result: CheckResult) {
            report.results.append(result)
            onResult(result)
        }
        let manifest: PluginManifest
        switch ManifestReader.read(manifestURL) {
        case .failure(let problem):
            record(CheckResult(check: ConformanceSuite.manifest.name, status: .fail, reason: problem.explanation))
            return report
        case .success(let read):
            manifest = read
        }
        report.pluginID = manifest.id
        report.kind = manifest.kind
        report.whenItFails = FailureWording(manifest: manifest)
        // A config the manifest's schema refuses is the tester's mistake, reported before anything runs.
        _ = try PluginConfigResolver.resolve(manifest: manifest, overrides: options.configOverrides, outputDirectory: nil)

        var plan = ConformanceSuite.checks(for: manifest)
        let wanted = Set(options.only)
        if !wanted.isEmpty {
            let names = Self.checkNames(for: manifest.kind, listens: manifest.listens)
            let known = Set(names)
            let unknown = options.only.filter { !known.contains($0) && !$0.hasPrefix(ConformanceSuite.selfTestPrefix) }
            if !unknown.isEmpty { throw UnknownChecks(names: unknown, available: names) }
            plan = plan.filter { wanted.contains($0.name) }
            plan += options.only.filter { $0.hasPrefix(ConformanceSuite.selfTestPrefix) }
                .map { ConformanceSuite.selfTest(String($0.dropFirst(ConformanceSuite.selfTestPrefix.count))) }
        }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sensebridge-harness-\(ResultChannel.makeNonce())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var failedPrerequisite: [CheckDefinition.Needs: String] = [:]
        var stdoutBy: [(String, Int)] = []
        var unlabelled: [String: Int] = [:]
        var index = 0
        while index < plan.count {
            let check = plan[index]
            index += 1
            if let blocker = blocker(for: check, failedPrerequisite) {
                record(CheckResult(check: check.name, status: .skip, reason: "not run: \(blocker) failed"))
                continue
            }
            let (result, childReport) = runChild(check, manifest: manifest, scratch: scratch)
            record(result)
            if result.standardOutputBytes > 0 { stdoutBy.append((check.name, result.standardOutputBytes)) }
            unlabelled.merge(result.unlabelledLogValues, uniquingKeysWith: +)
            if check == ConformanceSuite.manifest {
                if result.status != .pass && childReport?.libraryUsable != true { failedPrerequisite[.library] = check.name }
                if wanted.isEmpty { plan += (childReport?.selfTests ?? []).map(ConformanceSuite.selfTest) }
            } else if check == ConformanceSuite.createDefault, result.status != .pass {
                failedPrerequisite[.instance] = check.name
            }
        }
        if wanted.isEmpty || wanted.contains(Self.stdoutCheck) {
            record(stdoutResult(stdoutBy))
        }
        if wanted.isEmpty || wanted.contains(Self.logPrivacyCheck) {
            record(logPrivacyResult(unlabelled))
        }
        return report
    }

    /// A check that needs a library or instance is skipped when the check that
    /// provides it failed: the plugin is reported once, for the real fault.
    private func blocker(for check: CheckDefinition, _ failed: [CheckDefinition.Needs: String]) -> String? {
        switch check.needs {
        case .nothing: return nil
        case .library: return failed[.library]
        case .instance: return failed[.library] ?? failed[.instance]
        }
    }

    private func stdoutResult(_ writers: [(String, Int)]) -> CheckResult {
        guard !writers.isEmpty else {
            return CheckResult(check: Self.stdoutCheck, status: .pass, reason: "nothing was written to stdout")
        }
        let total = writers.map(\.1).reduce(0, +)
        let list = writers.map { "\($0.0) (\($0.1) B)" }.joined(separator: ", ")
        return CheckResult(check: Self.stdoutCheck, status: .fail,
                           reason: "the plugin wrote \(total) bytes to stdout during \(list); the header reserves stdout for the host's results")
    }

    private func logPrivacyResult(_ unlabelled: [String: Int]) -> CheckResult {
        guard !unlabelled.isEmpty else {
            return CheckResult(check: Self.logPrivacyCheck, status: .pass, reason: "every logged value carried a privacy label")
        }
        let total = unlabelled.values.reduce(0, +)
        let events = unlabelled.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
        return CheckResult(check: Self.logPrivacyCheck, status: .fail,
                           reason: "the plugin logged \(total) value(s) without a privacy label, in events \(events); label each one SB_PRIVACY_PUBLIC or SB_PRIVACY_PRIVATE")
    }

    func runChild(_ check: CheckDefinition, manifest: PluginManifest, scratch: URL) -> (CheckResult, CheckReport?) {
        let timeout = options.timeout * check.timeScale
        let nonce = ResultChannel.makeNonce()
        var environment = options.environment
        environment[ResultChannel.nonceVariable] = nonce
        environment[ResultChannel.descriptorVariable] = String(ChildProcess.resultDescriptor)
        // Swift's crash backtracer can spend seconds symbolicating; the signal and the
        // last step already say where it died.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        var arguments = options.invocation.arguments(check: check.name, manifest: manifest.manifestURL.path, timeout: timeout, scratch: scratch.path)
        if !options.configOverrides.isEmpty { arguments += ["--config", options.configOverrides.jsonText] }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(options.invocation.executable, arguments, environment: environment, timeout: timeout)
        } catch {
            return (CheckResult(check: check.name, status: .fail, reason: "the harness could not start the check: \(error)"), nil)
        }
        let parsed = ResultChannel.parse(outcome.channel, nonce: nonce)
        return (Self.result(check.name, outcome, parsed, timeout: timeout), parsed.report)
    }

    /// Turns how the child ended, and what it said, into the check's result.
    static func result(_ check: String, _ outcome: ChildProcess.Outcome, _ parsed: ResultChannel.Parsed, timeout: TimeInterval) -> CheckResult {
        let during = parsed.lastStep.map { " during: \($0)" } ?? ""
        var result = CheckResult(check: check, status: .fail, durationMilliseconds: Int(outcome.duration * 1000),
                                 standardOutputBytes: outcome.standardOutputBytes)
        result.processDied = true
        switch outcome.termination {
        case .timedOut:
            result.reason = "timed out after \(formatSeconds(timeout)) s\(during); its process group was killed"
        case .signalled(let signal):
            result.signal = SignalName.name(signal)
            let meaning = SignalName.meaning(signal).map { " (\($0))" } ?? ""
            result.reason = parsed.report == nil
                ? "crashed with \(SignalName.name(signal))\(meaning)\(during)"
                : "crashed with \(SignalName.name(signal))\(meaning) after reporting its result"
        case .exited(let code):
            if let report = parsed.report, code == 0 {
                result.processDied = false
                result.status = report.status
                result.reason = report.reason
                result.unlabelledLogValues = report.unlabelledLogValues ?? [:]
            } else if let problem = parsed.problem {
                result.reason = problem
            } else {
                result.reason = "the check's process exited with status \(code) before reporting\(during); a plugin must not call exit"
            }
        }
        if result.status == .fail {
            let tail = outcome.output.lastLines()
            if !tail.isEmpty { result.outputTail = tail }
        }
        return result
    }

    static func formatSeconds(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
