import Foundation
import SenseBridgeHarness
import SenseBridgeHost

/// What `plugins test` saw that a host would not survive. A check's process that crashed,
/// hung or exited while the library was being loaded or its first instance created is a
/// plugin that would take an in-process host down the same way, so it is remembered
/// (phase `harness`) as a crash in the host would be. A check that reached a verdict,
/// even a failing one, is conformance, not breakage, and is never remembered.
enum HarnessBreakage {
    /// The checks that do nothing but load the library and create an instance.
    static let loadChecks: Set<String> = [ConformanceSuite.manifest.name, ConformanceSuite.createDefault.name]

    /// The first load check whose process died, if any.
    static func death(in report: HarnessReport) -> CheckResult? {
        report.results.first { loadChecks.contains($0.check) && $0.processDied }
    }

    static func remember(_ report: HarnessReport, manifestURL: URL, registry: BrokenPluginRegistry) {
        guard let death = death(in: report), case .success(let manifest) = ManifestReader.read(manifestURL) else { return }
        let reason = "\(death.reason ?? "its process died") (the \(death.check) check)"
        do {
            try registry.record(manifest: manifest, reason: reason, phase: .harness)
            Console.err("note: \(manifest.id) is now remembered as broken: hosts skip it until \(manifest.libraryURL.path) changes. Run 'sensebridge plugins rescan' to retry it sooner.")
        } catch {
            Console.err("sensebridge: warning: could not remember that \(manifest.id) broke (\(error)); hosts will still try to load it.")
        }
    }
}
