import Foundation

/// What the host needs to run plugins in processes of their own.
public struct IsolationSettings: Sendable {
    /// `--isolate` or `--in-process`, over every profile entry.
    public var commandLine = CommandLineIsolation.unspecified
    /// An isolated plugin's data limit (RLIMIT_DATA) unless its profile entry sets one:
    /// well above any honest plugin here, low enough that a leak ends in a crash the
    /// host survives rather than in the machine swapping.
    public var memoryLimitMiB = 1024
    /// The runner executable; nil when none was found (isolation then fails loudly).
    public var runner: URL? = RunnerLocation.find()

    public init(commandLine: CommandLineIsolation = .unspecified, memoryLimitMiB: Int = 1024, runner: URL? = RunnerLocation.find()) {
        self.commandLine = commandLine
        self.memoryLimitMiB = memoryLimitMiB
        self.runner = runner
    }
}

/// Where one plugin instance runs, as its profile entry (or a caller) asks.
public struct Placement: Sendable, Equatable {
    /// nil: the host's policy decides (`IsolationDecision.decide`).
    public var isolation: PluginIsolation?
    public var memoryLimitMiB: Int?

    public init(isolation: PluginIsolation? = nil, memoryLimitMiB: Int? = nil) {
        self.isolation = isolation
        self.memoryLimitMiB = memoryLimitMiB
    }

    public init(isolated: Bool, memoryLimitMiB: Int? = nil) {
        self.init(isolation: isolated ? .process : .inProcess, memoryLimitMiB: memoryLimitMiB)
    }

    /// What a profile's entry for a plugin asks.
    public init(_ reference: OutputProfile.PluginReference) {
        self.init(isolation: reference.isolation, memoryLimitMiB: reference.memoryLimitMiB)
    }
}

/// Finds `sensebridge-plugin-runner`: `SENSEBRIDGE_PLUGIN_RUNNER`, then beside the
/// running executable (the build directory, or `bin/` of an install), then the
/// install's `libexec/sensebridge/`.
public enum RunnerLocation {
    public static let executableName = "sensebridge-plugin-runner"

    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executable: URL = HostPaths.executableURL) -> URL? {
        if let explicit = environment["SENSEBRIDGE_PLUGIN_RUNNER"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let directory = executable.deletingLastPathComponent()
        let candidates = [directory.appendingPathComponent(executableName),
                          directory.appendingPathComponent("../libexec/sensebridge/\(executableName)").standardizedFileURL]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

extension PluginHost {
    /// The runner launch for `manifest` when it is to run isolated; nil for in process.
    func isolatedLaunch(_ manifest: PluginManifest, _ placement: Placement) throws -> RunnerConnection.Launch? {
        guard runsIsolated(manifest, placement) else { return nil }
        guard let runner = isolation.runner else {
            throw PluginStopped(pluginID: manifest.id, isolated: true, cause: .couldNotStart(
                "\(RunnerLocation.executableName) was not found beside \(HostPaths.executableURL.path) (set SENSEBRIDGE_PLUGIN_RUNNER)"))
        }
        let registry = catalog.registry
        let log = self.log
        return RunnerConnection.Launch(runner: runner, manifest: manifest,
                                       memoryLimitMiB: placement.memoryLimitMiB ?? isolation.memoryLimitMiB,
                                       denyNetwork: !manifest.capabilities.usesNetwork,
                                       onBreakage: { stopped in
                                           do {
                                               try registry.record(manifest: manifest, reason: stopped.description, phase: .session)
                                           } catch {
                                               log.event(.warning, "plugin.breakage-not-remembered", [.public("plugin", manifest.id)])
                                           }
                                       })
    }

    func runsIsolated(_ manifest: PluginManifest, _ placement: Placement) -> Bool {
        IsolationDecision.decide(for: manifest, profileEntry: placement.isolation, commandLine: isolation.commandLine).isolation == .process
    }
}
