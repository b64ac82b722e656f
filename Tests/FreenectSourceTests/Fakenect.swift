import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Runs FreenectSource against fakenect in a process of its own.
///
/// fakenect replaces libfreenect by the dynamic loader (its directory first on
/// LD_LIBRARY_PATH) and reads FAKENECT_PATH, both fixed when a process starts; setting
/// them in this test process would reach every test running beside it. So the plugin
/// runs isolated, in `sensebridge-plugin-runner` (the same ABI over a pipe that
/// out-of-tree plugins use), started through a two-line wrapper that sets both and
/// `exec`s the runner, so the runner keeps the host's pipes and parent.
enum Fakenect {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Debian installs fakenect's libfreenect under /usr/lib/<triplet>/fakenect (libfreenect-bin).
    static func libraryDirectory() throws -> String {
        let lib = URL(fileURLWithPath: "/usr/lib")
        let triplets = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        for triplet in triplets.sorted() {
            let candidate = lib.appendingPathComponent(triplet).appendingPathComponent("fakenect")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("libfreenect.so.0.5").path) {
                return candidate.path
            }
        }
        throw Missing(description: "fakenect's libfreenect.so.0.5 is not under /usr/lib/*/fakenect; install libfreenect-bin (scripts/deps.sh does).")
    }

    static var runner: URL { RepositoryPaths.runner }

    /// A host whose isolated plugins run under fakenect replaying `recording` (nil: fakenect
    /// with FAKENECT_PATH unset, to see the plugin refuse that).
    static func host(replaying recording: URL?, in directory: TemporaryDirectory) throws -> PluginHost {
        _ = try RepositoryPaths.stagedManifest("freenect-source.json")
        guard FileManager.default.isExecutableFile(atPath: runner.path) else {
            throw Missing(description: "\(runner.path) is missing; run 'make build' before 'swift test'.")
        }
        var lines = ["#!/bin/sh", "export LD_LIBRARY_PATH=\(quoted(try libraryDirectory()))"]
        lines.append(recording.map { "export FAKENECT_PATH=\(quoted($0.path))" } ?? "unset FAKENECT_PATH")
        lines.append("exec \(quoted(runner.path)) \"$@\"")
        let wrapper = try directory.writeScript("fakenect-runner.sh", lines.joined(separator: "\n") + "\n")
        return PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]),
                          isolation: IsolationSettings(runner: wrapper))
    }

    /// The source of `scene`, isolated under fakenect.
    static func source(_ scene: SyntheticScene, config: [String: JSONValue] = [:]) throws -> SensingSourceInstance {
        let host = try host(replaying: scene.recording, in: scene.directory)
        return try host.sensingSource(try host.manifest(id: "org.sensebridge.freenect-source"), config: config,
                                      placement: Placement(isolated: true))
    }

    /// The environment for a whole process under fakenect (the CLI and its harness children).
    static func environment(replaying recording: URL) throws -> [String: String] {
        ["LD_LIBRARY_PATH": try libraryDirectory(), "FAKENECT_PATH": recording.path]
    }

    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
