import Foundation
import SenseBridgeHost
import SenseBridgeCore

/// The child side of `plugins test`: runs exactly one check against one manifest,
/// reports on the private channel and exits. A crash or hang here is the plugin's,
/// and the parent reports it as this check's failure.
public enum HarnessChild {
    public static func run(check: String, manifestPath: String, timeout: TimeInterval, outputDirectory: String?,
                           configOverrides: [String: JSONValue] = [:],
                           validator: CompositionJudging = HarnessDefaults.validator) -> Never {
        let channel = HarnessChannel.takeFromEnvironment()
        var report: CheckReport
        switch ManifestReader.read(URL(fileURLWithPath: manifestPath)) {
        case .failure(let problem):
            report = .fail(problem.explanation)
        case .success(let manifest):
            let output = outputDirectory.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("sensebridge-harness-\(getpid())")
            try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let context = CheckContext(manifest: manifest, timeout: timeout, outputDirectory: output,
                                       validator: validator, configOverrides: configOverrides, channel: channel)
            report = CheckDispatcher.run(check, context)
            report.unlabelledLogValues = context.logAudit.findings
        }
        if let channel {
            channel.finish(report)
        } else {
            // Run by hand (no parent): show the report where a person will see it.
            FileHandle.standardError.write(Data(ResultChannel.resultLine(nonce: "-", report).utf8))
        }
        // _exit, not exit: a worker thread may still be inside a plugin that ignored
        // cancel, and running atexit handlers under it could hang or crash after the
        // verdict was written.
        _exit(0)
    }
}
