import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// The OCR plugin loaded from its staged library through the host, as a session would
/// load it (scripts/stage-plugins.sh puts it in .build/plugins).
struct OCRHost {
    static let pluginID = "org.sensebridge.tesseract-ocr"

    let host: PluginHost
    let manifest: PluginManifest

    init(log: HostLog = .shared) throws {
        _ = try RepositoryPaths.stagedManifest("tesseract-ocr.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]),
                          log: log)
        manifest = try host.manifest(id: Self.pluginID)
    }

    func reader(_ config: [String: JSONValue] = [:], isolated: Bool = false) throws -> PerceiverInstance {
        try host.perceiver(manifest, config: config, placement: Placement(isolated: isolated))
    }
}

extension PerceiverInstance {
    /// A ceiling against a hang, never a speed test: a page takes well under a second
    /// alone, several on a machine busy building.
    static let generousSeconds: Double = 120

    func read(_ image: ImageFrame, locale: String = "en", seconds: Double = generousSeconds) throws -> [PerceptionRecord] {
        try perceive(image, timestampNanoseconds: 0, locale: locale,
                     deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }

    /// The page read with its records and how it was found, as a 1.7 host receives them;
    /// `pageLocales` nil pins `locale`.
    func readPage(_ image: ImageFrame, locale: String = "en", pageLocales: [String]? = nil,
                  seconds: Double = generousSeconds) throws -> Perception {
        try perceivePage(image, timestampNanoseconds: 0, locale: locale, pageLocales: pageLocales,
                         deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }
}
