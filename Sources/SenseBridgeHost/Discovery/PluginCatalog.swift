import Foundation
import SenseBridgeProcess
import SenseBridgeCore
import Synchronization

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
        // Every directory read first, so the tables are sized once: reserving again for each
        // directory copied the whole list of manifests so far, and rehashed every id.
        var read = searchPath.entries.map { readManifests(in: $0.directory, origin: $0.origin, libraries: libraries) }
        let total = read.reduce(0) { $0 + $1.count }
        found.reserveCapacity(total)
        winnerByID.reserveCapacity(total)
        for position in read.indices {
            var outcomes: [Outcome] = []
            swap(&outcomes, &read[position])
            for index in outcomes.indices {
                // Swapped out rather than copied: a manifest holds a dozen references, each
                // retained by a copy and released again with the array.
                var outcome = Outcome.taken
                swap(&outcome, &outcomes[index])
                switch consume outcome {
                case .taken: continue
                case .broken(let problem, let id):
                    broken.append(Broken(problem: problem, id: id))
                case .manifest(let manifest):
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
        guard !remembered.isEmpty else {
            return PluginCatalog(plugins: found, broken: broken, shadowed: shadowed, searchPath: searchPath, registry: registry)
        }
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

    /// One manifest file as read: a sound manifest, or its problem and the id it names.
    enum Outcome: Sendable {
        case manifest(PluginManifest)
        case broken(PluginProblem, id: String?)
        /// A slot whose outcome was already taken out.
        case taken
    }

    /// Directories with at least this many manifests are read on more than one thread.
    static let parallelThreshold = 64

    /// Every manifest of one directory, in `manifestFiles` order.
    ///
    /// Reading a manifest is a system call or four and a parse, independent of every other
    /// one, so a large directory is shared between the processors this process may use;
    /// the outcomes come back in file order whatever thread read them, so the listing,
    /// the shadowing and the problems reported are the same as from one thread.
    /// `origin` is set on every manifest read (by the thread that read it: a manifest
    /// changed later, on another thread, is copied whole, a dozen references retained
    /// from another processor's cache).
    static func readManifests(in directoryURL: URL, origin: PluginSearchPath.Entry.Origin? = nil, libraries: LibraryPathCheck.Memo,
                              threads: Int? = nil) -> [Outcome] {
        let names = manifestNames(in: directoryURL.path)
        guard !names.isEmpty else { return [] }
        let files = ManifestFiles(directoryURL, names: names, origin: origin)
        let descriptor = open(directoryURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        let directory = ManifestReader.ListedDirectory(url: files.manifestDirectory, path: files.manifestDirectory.path,
                                                       libraries: libraries, descriptor: descriptor)
        let workers = min(threads ?? (names.count >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1),
                          names.count, 8)
        guard workers > 1 else {
            var scratch = ManifestReader.ListingScratch()
            return names.indices.map { files.read($0, in: directory, scratch: &scratch) }
        }
        let next = Atomic<Int>(0)
        let chunk = 16
        return [Outcome](unsafeUninitializedCapacity: names.count) { buffer, initialized in
            let slots = OutcomeSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                var scratch = ManifestReader.ListingScratch()
                while true {
                    let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                    guard start < names.count else { return }
                    for index in start..<min(start + chunk, names.count) {
                        slots.initialize(index, to: files.read(index, in: directory, scratch: &scratch))
                    }
                }
            }
            initialized = names.count
        }
    }

    /// The manifest files of one directory: their names, and each one's URL and path
    /// made as `directory.appendingPathComponent(name, isDirectory: false)` makes them.
    struct ManifestFiles: Sendable {
        let directory: URL
        let names: [String]
        /// What every manifest here gives as its `directory`.
        let manifestDirectory: URL
        /// What a manifest's path is its name appended to, when that is plainly so.
        let pathPrefix: String?
        /// Whether `URL(fileURLWithPath:isDirectory:)` on that path makes the same URL as
        /// appending the name (so for a directory given as an absolute path): half the work.
        let urlFromPath: Bool

        /// Set on every manifest read.
        let origin: PluginSearchPath.Entry.Origin?

        init(_ directory: URL, names: [String], origin: PluginSearchPath.Entry.Origin? = nil) {
            self.directory = directory
            self.names = names
            self.origin = origin
            manifestDirectory = directory.appendingPathComponent(names[0], isDirectory: false).deletingLastPathComponent()
            // A name of plain characters is appended to the directory's path as it is; one
            // probe shows what the path it is appended to looks like (and "/" for the root).
            let probe = "probe.json"
            let probed = directory.appendingPathComponent(probe, isDirectory: false)
            let probedPath = probed.path
            pathPrefix = probedPath.hasSuffix("/" + probe) ? String(probedPath.dropLast(probe.utf8.count)) : nil
            urlFromPath = directory.baseURL == nil && probed == URL(fileURLWithPath: probedPath, isDirectory: false)
        }

        func read(_ index: Int, in listed: ManifestReader.ListedDirectory, scratch: inout ManifestReader.ListingScratch) -> Outcome {
            let name = names[index]
            let url: URL, path: String
            if let pathPrefix, LibraryPathCheck.isPlainName(name) {
                path = pathPrefix + name
                url = urlFromPath ? URL(fileURLWithPath: path, isDirectory: false) : directory.appendingPathComponent(name, isDirectory: false)
            } else {
                url = directory.appendingPathComponent(name, isDirectory: false)
                path = url.path
            }
            switch ManifestReader.readListed(name, url: url, path: path, in: listed, scratch: &scratch) {
            case .success(var manifest):
                manifest.origin = origin
                return .manifest(manifest)
            case .failure(let problem): return .broken(problem, id: PluginCatalog.peekID(url))
            }
        }
    }

    /// The outcomes array being filled, one slot per manifest.
    // Unchecked Sendable: each index is initialized by exactly one worker (the atomic counter hands every index out once), and the array is read only after `concurrentPerform` has returned.
    private struct OutcomeSlots: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Outcome>

        init(_ slots: UnsafeMutableBufferPointer<Outcome>) {
            self.slots = slots
        }

        func initialize(_ index: Int, to outcome: Outcome) {
            (slots.baseAddress! + index).initialize(to: outcome)
        }
    }

    /// `*.json` directly in the directory, sorted so listing order is stable.
    /// Profiles live in `profiles/` below it and are not manifests.
    static func manifestFiles(in directory: URL) -> [URL] {
        manifestNames(in: directory.path).map { directory.appendingPathComponent($0, isDirectory: false) }
    }

    /// The names `manifestFiles` gives URLs for.
    ///
    /// Read with readdir(3), whose entry type answers "is it a file" without a stat per
    /// name; only a symlink or a file system that does not say (DT_UNKNOWN) costs one.
    static func manifestNames(in path: String) -> [String] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            // The name's bytes where readdir left them: copying the 256-byte d_name out and
            // decoding it byte by byte through a generic slice cost a microsecond a name.
            let name = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                .withMemoryRebound(to: UInt8.self, capacity: 256) { bytes -> String? in
                    let raw = UnsafeBufferPointer(start: bytes, count: strnlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self), 256))
                    // An ASCII name is one character a byte, so its bytes answer "*.json, not
                    // hidden" exactly; any other name is asked as a String, by characters.
                    if !raw.contains(where: { $0 >= 0x80 }) {
                        guard raw.count >= 5, raw[0] != UInt8(ascii: "."), raw[(raw.count - 5)...].elementsEqual(".json".utf8) else { return nil }
                        return String(decoding: raw, as: UTF8.self)
                    }
                    let name = String(decoding: raw, as: UTF8.self)
                    return name.hasSuffix(".json") && !name.hasPrefix(".") ? name : nil
                }
            guard let name else { continue }
            switch Int32(type) {
            case Int32(DT_REG): names.append(name)
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                var status = stat()
                if stat(path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { names.append(name) }
            default: continue
            }
        }
        return names.sorted()
    }

    /// The id of a broken manifest, if it is readable enough to have one; lets a
    /// profile say "org.x.y is installed but broken" rather than "not installed".
    ///
    /// Read by `JSONParser` as JSONSerialization read it before: trailing commas allowed,
    /// and UTF-16 or UTF-32 text (which JSONSerialization detected, as RFC 4627 says
    /// from the zero bytes or the byte order mark) read as that text.
    static func peekID(_ url: URL) -> String? {
        guard let data = WholeFile.read(url.path) else { return nil }
        let text = unicodeEncoding(of: data).flatMap { String(data: data, encoding: $0).map { Data($0.utf8) } } ?? data
        guard case .object(let object)? = try? JSONParser.parse(text, options: peekOptions),
              case .string(let id)? = object["id"] else { return nil }
        return id
    }

    private static let peekOptions: JSONParser.Options = {
        var options = JSONParser.Options.serializationCompatible
        options.allowsTrailingCommas = true
        return options
    }()

    /// The UTF-16 or UTF-32 encoding JSON text is in, by its byte order mark or by which
    /// of its first four bytes are zero; nil for UTF-8.
    static func unicodeEncoding(of data: Data) -> String.Encoding? {
        let head = Array(data.prefix(4))
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .utf32 }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return .utf16 }
        guard head.count == 4 else { return nil }  // too short to hold an id in any of them
        switch (head[0] == 0, head[1] == 0, head[2] == 0, head[3] == 0) {
        case (true, true, true, false): return .utf32BigEndian
        case (false, true, true, true): return .utf32LittleEndian
        case (true, false, true, false): return .utf16BigEndian
        case (false, true, false, true): return .utf16LittleEndian
        default: return nil
        }
    }
}
