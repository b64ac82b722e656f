import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// The sound classifier loaded from its staged library through the host, as a listening
/// session would load it (scripts/stage-plugins.sh puts it in .build/plugins, with the
/// models scripts/deps.sh installed linked beside it).
struct ClassifierHost {
    static let pluginID = "org.sensebridge.sound-classifier"

    let host: PluginHost
    let manifest: PluginManifest

    init(log: HostLog = .shared) throws {
        _ = try RepositoryPaths.stagedManifest("sound-classifier.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]),
                          log: log)
        manifest = try host.manifest(id: Self.pluginID)
    }

    func classifier(_ config: [String: JSONValue] = [:], isolated: Bool = false) throws -> PerceiverInstance {
        try host.perceiver(manifest, config: config, placement: Placement(isolated: isolated))
    }
}

extension PerceiverInstance {
    /// A ceiling against a hang, never a speed test.
    static let generousSeconds: Double = 120

    /// Hears `samples` (16 kHz mono) as one block; `continues` false starts a new stream.
    func listen(_ samples: [Float], continues: Bool = true, at nanoseconds: UInt64 = 0) throws -> [PerceptionRecord] {
        let block = AudioBlock(sampleRate: 16_000, channels: 1, samples: samples, firstSampleNanoseconds: nanoseconds,
                               continuesPrevious: continues)
        return try perceive(.audio(block), timestampNanoseconds: nanoseconds, locale: "en",
                            deadline: MonotonicClock.nanoseconds() + UInt64(Self.generousSeconds * 1e9))
    }
}
