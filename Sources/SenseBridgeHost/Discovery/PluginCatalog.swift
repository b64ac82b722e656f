import Foundation

/// Everything found on the search path: usable manifests, broken ones with their
/// reasons, and the ones another directory shadows. Built from files alone.
public struct PluginCatalog: Sendable {
    public struct Broken: Sendable {
        public var problem: PluginProblem
        /// The id, when the manifest got far enough to name one.
        public var id: String?
    }

    public struct Shadowed: Sendable {
        public var manifest: PluginManifest
        public var winner: PluginManifest
    }

    public var plugins: [PluginManifest]
    public var broken: [Broken]
    public var shadowed: [Shadowed]
    public var searchPath: PluginSearchPath

    public func manifest(id: String) -> PluginManifest? {
        plugins.first { $0.id == id }
    }

    /// Reads every manifest on the search path. One bad file never hides another.
    public static func discover(_ searchPath: PluginSearchPath) -> PluginCatalog {
        var plugins: [PluginManifest] = []
        var broken: [Broken] = []
        var shadowed: [Shadowed] = []
        for entry in searchPath.entries {
            for url in manifestFiles(in: entry.directory) {
                switch ManifestReader.read(url) {
                case .failure(let problem):
                    broken.append(Broken(problem: problem, id: peekID(url)))
                case .success(var manifest):
                    manifest.origin = entry.origin
                    if let winner = plugins.first(where: { $0.id == manifest.id }) {
                        shadowed.append(Shadowed(manifest: manifest, winner: winner))
                    } else {
                        plugins.append(manifest)
                    }
                }
            }
        }
        return PluginCatalog(plugins: plugins, broken: broken, shadowed: shadowed, searchPath: searchPath)
    }

    /// `*.json` directly in the directory, sorted so listing order is stable.
    /// Profiles live in `profiles/` below it and are not manifests.
    static func manifestFiles(in directory: URL) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            .map { directory.appendingPathComponent($0) }
            .filter { url in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }

    /// The id of a broken manifest, if it is readable enough to have one; lets a
    /// profile say "org.x.y is installed but broken" rather than "not installed".
    private static func peekID(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["id"] as? String
    }
}
