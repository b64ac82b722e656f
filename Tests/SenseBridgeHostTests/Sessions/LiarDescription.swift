import Foundation
import SenseBridgeRepositoryTesting

/// `sensebridge describe` with a lying C composer, as a person would run it: the real
/// CLI, the real loader and description pipeline, a library built from
/// Tests/Fixtures/c by the test, and the shipped label list as the fallback.
///
/// Two liars: `smart` (smart_liar_composer.c: English only, careful in every other way,
/// names every sight label but claims the surest record, config chooses other lies) and
/// `blunt` (liar_composer.c: returns its configured phrase in any locale, covering
/// every record).
struct LiarDescription {
    enum Liar: String {
        case smart = "org.example.smart-liar", blunt = "org.example.liar"
    }

    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        let schema: [String: Any] = ["phrase": ["type": "string"], "cover": ["type": "string"], "mode": ["type": "string"]]
        try FixturePlugin.make(in: plugins.url, name: "smartliar", id: Liar.smart.rawValue,
                               manifest: ["kind": "scene-composer", "config": ["defaults": [:], "schema": schema]],
                               source: "smart_liar_composer.c")
        try FixturePlugin.make(in: plugins.url, name: "liar", id: Liar.blunt.rawValue,
                               manifest: ["kind": "scene-composer", "config": ["defaults": [:], "schema": schema]],
                               source: "liar_composer.c")
    }

    /// Describes `records` (label, confidence; all objects) once with `liar` configured
    /// by `config`; the fallback is the shipped label list.
    func describe(_ records: [(String, Double)], _ liar: Liar = .smart, config: [String: String] = [:],
                  locale: String = "en", detail: String = "standard", extra: [String] = []) throws -> ProcessRunner.Result {
        let lines = try records.map { label, confidence in
            String(decoding: try JSONSerialization.data(withJSONObject: ["kind": "object", "label": label, "confidence": confidence]),
                   as: UTF8.self)
        }
        let scene = try plugins.write("scene-\(UUID().uuidString).jsonl", lines.joined(separator: "\n") + "\n")
        let profile: [String: Any] = [
            "schema": "sensebridge.output-profile/1", "name": "liar", "renderTargets": ["org.sensebridge.haptic-log"],
            "composer": ["id": liar.rawValue, "config": config], "fallbackComposer": "org.sensebridge.label-list",
        ]
        let profileFile = plugins.file("profile-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: profile).write(to: profileFile)
        return try ProcessRunner.cli(["--plugin-path", plugins.url.path, "describe", "--records", scene.path,
                                      "--profile", profileFile.path, "--locale", locale, "--detail", detail, "--no-render"] + extra,
                                     home: home.url)
    }

    /// The sentences spoken, one per line.
    func spoken(_ records: [(String, Double)], _ liar: Liar = .smart, config: [String: String] = [:],
                locale: String = "en", detail: String = "standard") throws -> [String] {
        let result = try describe(records, liar, config: config, locale: locale, detail: detail)
        guard result.status == 0 else { throw DescribeFailed(status: result.status, standardError: result.standardError) }
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    struct DescribeFailed: Error, CustomStringConvertible {
        var status: Int32
        var standardError: String
        var description: String { "describe exited \(status): \(standardError)" }
    }
}
