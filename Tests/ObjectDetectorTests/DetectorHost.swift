import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// The object detector loaded from its staged library through the host, as a session
/// would load it (scripts/stage-plugins.sh puts it in .build/plugins, with the models
/// scripts/deps.sh installed linked beside it).
struct DetectorHost {
    static let pluginID = "org.sensebridge.object-detector"

    let host: PluginHost
    let manifest: PluginManifest

    init(log: HostLog = .shared) throws {
        _ = try RepositoryPaths.stagedManifest("object-detector.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]),
                          log: log)
        manifest = try host.manifest(id: Self.pluginID)
    }

    func detector(_ config: [String: JSONValue] = [:], isolated: Bool = false) throws -> PerceiverInstance {
        try host.perceiver(manifest, config: config, placement: Placement(isolated: isolated))
    }

    /// The default model's files, where the staged manifest's defaults find them.
    static var modelDirectory: URL {
        RepositoryPaths.stagedPlugins.appendingPathComponent("models/ssd-mobilenet-v2-coco")
    }
    static var model: URL { modelDirectory.appendingPathComponent("frozen_inference_graph.pb") }
    static var graph: URL { modelDirectory.appendingPathComponent("ssd_mobilenet_v2_coco_2018_03_29.pbtxt") }
}

extension PerceiverInstance {
    /// A ceiling against a hang, never a speed test: a frame takes well under a second
    /// alone, several on a machine busy building.
    static let generousSeconds: Double = 120

    func detect(_ image: ImageFrame, seconds: Double = generousSeconds) throws -> [PerceptionRecord] {
        try perceive(image, timestampNanoseconds: 0, locale: "en", deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }
}
