import Foundation

/// Everything found on the search path: usable manifests, broken ones with their
/// reasons, and the ones another directory shadows. Built from files alone: the
/// manifests, and the registry of plugins that broke a host before.
public struct PluginCatalog: Sendable {
    public struct Broken: Sendable {
        public var problem: PluginProblem
        /// The id, when the manifest got far enough to name one.
        public var id: String?
        /// Set when the manifest is sound but its library broke a host before and has not
        /// changed since (`problem.reason` is then `.remembered`). Such a plugin is among
        /// the broken, not the usable, so every lookup refuses it with the reason and a
        /// profile naming it says it is installed but broken.
        public var remembered: BrokenPluginRegistry.Entry? = nil
        /// The sound manifest of a remembered plugin, for listing it fully.
        public var manifest: PluginManifest? = nil
    }

    public struct Shadowed: Sendable {
        public var manifest: PluginManifest
        public var winner: PluginManifest
    }

    public var plugins: [PluginManifest]
    /// Manifests that cannot be used, then plugins remembered broken.
    public var broken: [Broken]
    public var shadowed: [Shadowed]
    public var searchPath: PluginSearchPath
    /// The registry the catalog was judged against; the host records in the same one.
    public var registry: BrokenPluginRegistry

    /// The manifests that cannot be read or checked.
    public var manifestProblems: [Broken] { broken.filter { $0.remembered == nil } }
    /// The sound manifests skipped because their library broke a host before.
    public var remembered: [Broken] { broken.filter { $0.remembered != nil } }

    public func manifest(id: String) -> PluginManifest? {
        plugins.first { $0.id == id }
    }

    /// Reads every manifest on the search path. One bad file never hides another.
    ///
    /// A plugin remembered broken keeps its place on the search path (a later manifest
    /// with its id is still shadowed): falling back to some other copy of a plugin that
    /// just crashed would change what runs without anyone choosing it.
    public static func discover(_ searchPath: PluginSearchPath, registry: BrokenPluginRegistry = .standard()) -> PluginCatalog {
        var found: [PluginManifest] = []
        // Position in `found` by id: the first manifest with an id wins, and asking a list
        // for it per manifest made discovery quadratic (82 s for 30,000 manifests).
        var winnerByID: [String: Int] = [:]
        var broken: [Broken] = []
        var shadowed: [Shadowed] = []
        // One listing, one memo: a library named by many manifests is resolved once here,
        // and afresh by the next listing.
        let libraries = LibraryPathCheck.Memo()
        for entry in searchPath.entries {
            let urls = manifestFiles(in: entry.directory)
            // Every name is one path component, so every manifest here has the same directory.
            guard let first = urls.first else { continue }
            let directoryURL = first.deletingLastPathComponent()
            let directory = ManifestReader.ListedDirectory(url: directoryURL, path: directoryURL.path, libraries: libraries)
            for url in urls {
                switch ManifestReader.read(url, path: url.path, in: directory) {
                case .failure(let problem):
                    broken.append(Broken(problem: problem, id: peekID(url)))
                case .success(var manifest):
                    manifest.origin = entry.origin
                    if let winner = winnerByID[manifest.id] {
                        shadowed.append(Shadowed(manifest: manifest, winner: found[winner]))
                    } else {
                        winnerByID[manifest.id] = found.count
                        found.append(manifest)
                    }
                }
            }
        }
        registry.adoptInterruptedLoads()
        let remembered = registry.entries
        var plugins: [PluginManifest] = []
        for manifest in found {
            if let entry = BrokenPluginRegistry.entry(for: manifest, in: remembered) {
                broken.append(Broken(problem: PluginProblem(path: manifest.manifestURL.path, reason: .remembered(entry)),
                                     id: manifest.id, remembered: entry, manifest: manifest))
            } else {
                plugins.append(manifest)
            }
        }
        return PluginCatalog(plugins: plugins, broken: broken, shadowed: shadowed, searchPath: searchPath, registry: registry)
    }

    /// `*.json` directly in the directory, sorted so listing order is stable.
    /// Profiles live in `profiles/` below it and are not manifests.
    ///
    /// Read with readdir(3), whose entry type answers "is it a file" without a stat per
    /// name; only a symlink or a file system that does not say (DT_UNKNOWN) costs one.
    static func manifestFiles(in directory: URL) -> [URL] {
        let path = directory.path
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { continue }
            switch Int32(type) {
            case Int32(DT_REG): names.append(name)
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                var status = stat()
                if stat(path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { names.append(name) }
            default: continue
            }
        }
        return names.sorted().map { directory.appendingPathComponent($0, isDirectory: false) }
    }

    /// The id of a broken manifest, if it is readable enough to have one; lets a
    /// profile say "org.x.y is installed but broken" rather than "not installed".
    private static func peekID(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["id"] as? String
    }
}
