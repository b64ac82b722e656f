import Foundation
import SenseBridgeCore

/// Loaded networks no instance is using, kept for the next instance made with the same
/// files: one at most per model.
///
/// Loading the default model takes about half a second and 70 MB; a session that
/// re-creates its detector (a profile reloaded, a describe after a walk, in one process)
/// would pay both again, and glibc, whose threshold for handing large blocks straight
/// back to the system rises after the first such block is freed, keeps some of each
/// freed load resident: `plugins test`'s create/destroy check measured +2 MB over 20
/// cycles, and +4 KB in the next run, when every instance loaded its own net (the same
/// 20 loads in OpenCV's Python binding grow by 0 KB). In its own process, the default,
/// the runner exits with its instance and the pool costs nothing.
enum NetPool {
    /// The files a net was loaded from, as they were: a model replaced on disk (a new
    /// size or time) is loaded afresh.
    struct Key: Hashable {
        var model: String
        var graph: String
        var framework: String
        var modelSize: Int
        var modelModified: Date?

        init(_ settings: DetectorSettings) {
            model = settings.model.path
            graph = settings.graph?.path ?? ""
            framework = settings.framework
            let attributes = try? FileManager.default.attributesOfItem(atPath: settings.model.path)
            modelSize = (attributes?[.size] as? Int) ?? -1
            modelModified = attributes?[.modificationDate] as? Date
        }
    }

    private static let idle = Locked<[Key: OpenCVNet]>([:])

    /// An idle net loaded from the same files, or a new one.
    static func take(_ settings: DetectorSettings, key: Key) throws -> OpenCVNet {
        if let net = idle.withLock({ $0.removeValue(forKey: key) }) { return net }
        return try OpenCVNet(settings)
    }

    /// Keeps `net` for the next instance, unless one is kept already (then it is freed).
    static func giveBack(_ net: OpenCVNet, key: Key) {
        idle.withLock { if $0[key] == nil { $0[key] = net } }
    }
}
