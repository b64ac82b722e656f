import Foundation
import SenseBridgeCore

/// The plugins that broke a host before, remembered so the next start skips them
/// instead of crashing again: GStreamer's registry of plugins that crashed its scanner.
///
/// One JSON file in the state directory (`$XDG_STATE_HOME/sensebridge/broken-plugins.json`).
/// An entry holds the identity of the library file that broke; once that file changes (a
/// rebuild, an update) the entry no longer applies and the plugin is tried again by
/// itself. `sensebridge plugins rescan` forgets entries on request. Nothing here loads a
/// plugin: the catalog consults it while reading manifests.
///
/// The file is shared by every host the person runs, so each change is a locked
/// read-modify-write of the whole file, written atomically: recording one plugin never
/// drops another's entry, and entries a newer host wrote that this one cannot read are
/// kept as they are.
public struct BrokenPluginRegistry: Sendable {
    public static let schemaID = "sensebridge.broken-plugins/1"

    /// Where a plugin broke: it says who saw it and so how sure the entry is.
    public enum Phase: String, Sendable, CaseIterable {
        /// The host stopped while opening the library (a leftover loading marker): a
        /// crash during load, or the host killed at that moment.
        case load
        /// `plugins test` saw the library crash, hang or exit while loading it or
        /// creating its first instance.
        case harness
        /// It crashed or hung a running session (recorded by the isolation runtime).
        case session

        /// How a listing says it.
        public var summary: String {
            switch self {
            case .load: return "while the host loaded it"
            case .harness: return "in 'sensebridge plugins test'"
            case .session: return "during a session"
            }
        }
    }

    public struct Entry: Sendable, Equatable {
        public var id: String
        /// The library's path as the manifest resolves it.
        public var libraryPath: String
        /// The file that broke; a different file at the same path is a new chance.
        public var library: LibraryIdentity
        public var manifestPath: String
        /// What happened, in a sentence fragment ("crashed with SIGSEGV during: create").
        public var reason: String
        public var phase: Phase
        /// When it broke, UTC ISO 8601 (`2025-03-01T14:05:09.120Z`).
        public var when: String

        public init(id: String, libraryPath: String, library: LibraryIdentity, manifestPath: String,
                    reason: String, phase: Phase, when: String) {
            self.id = id
            self.libraryPath = libraryPath
            self.library = library
            self.manifestPath = manifestPath
            self.reason = reason
            self.phase = phase
            self.when = when
        }

        /// Whether this entry still describes the manifest's library: same plugin, same
        /// path, and the very file that broke.
        public func applies(to manifest: PluginManifest) -> Bool {
            id == manifest.id && libraryPath == manifest.libraryURL.path
                && LibraryIdentity.of(path: libraryPath) == library
        }
    }

    /// `<state>/sensebridge`: the registry file, its lock and the loading markers.
    public let directory: URL
    /// Told what went wrong with the state files themselves; never a user's content.
    let warn: @Sendable (String) -> Void

    public var fileURL: URL { directory.appendingPathComponent("broken-plugins.json") }
    /// Where an unreadable registry is moved, so it is neither trusted nor lost.
    public var setAsideURL: URL { directory.appendingPathComponent("broken-plugins.json.corrupt") }
    var lockURL: URL { directory.appendingPathComponent("broken-plugins.lock") }
    var loadingDirectory: URL { directory.appendingPathComponent("loading") }

    public init(directory: URL, warn: @escaping @Sendable (String) -> Void = BrokenPluginRegistry.warnOnStandardError) {
        self.directory = directory
        self.warn = warn
    }

    /// The registry every host of this user shares.
    public static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> BrokenPluginRegistry {
        BrokenPluginRegistry(directory: HostPaths.stateHome(environment).appendingPathComponent("sensebridge"))
    }

    /// Straight to stderr: these warnings are about the host's own files, and the person
    /// must see them whatever the log level, since they change which plugins run.
    public static let warnOnStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("sensebridge: warning: \(message)\n".utf8))
    }

    /// Every entry, whether or not its library has changed since.
    public var entries: [Entry] { contents(locked: false).entries }

    /// The entry that keeps `manifest` from being used, or nil: none was recorded, or
    /// the library file is no longer the one that broke.
    public func entry(for manifest: PluginManifest) -> Entry? {
        Self.entry(for: manifest, in: entries)
    }

    static func entry(for manifest: PluginManifest, in entries: [Entry]) -> Entry? {
        entries.last { $0.applies(to: manifest) }
    }

    /// Remembers that `manifest`'s library broke, replacing what was remembered about
    /// the same plugin and library. Throws when the library cannot be examined (there is
    /// no file to remember) or the registry cannot be written.
    @discardableResult
    public func record(manifest: PluginManifest, reason: String, phase: Phase, at date: Date = Date()) throws -> Entry {
        let path = manifest.libraryURL.path
        guard let identity = LibraryIdentity.of(path: path) else {
            throw StateFile.Failure(path: path, reason: "the library cannot be examined (\(String(cString: strerror(errno))))")
        }
        let entry = Entry(id: manifest.id, libraryPath: path, library: identity, manifestPath: manifest.manifestURL.path,
                          reason: reason, phase: phase, when: ISO8601Timestamp.string(secondsSince1970: date.timeIntervalSince1970))
        try record([entry])
        return entry
    }

    func record(_ new: [Entry]) throws {
        guard !new.isEmpty else { return }
        try update { contents in
            contents.entries.removeAll { old in new.contains { $0.id == old.id && $0.libraryPath == old.libraryPath } }
            contents.entries += new
        }
    }

    /// Forgets every entry, including loads interrupted since the last start; returns
    /// what was forgotten.
    @discardableResult
    public func clear() throws -> [Entry] {
        try clear { _ in true }
    }

    /// Forgets what is remembered about one plugin; returns what was forgotten.
    @discardableResult
    public func clear(id: String) throws -> [Entry] {
        try clear { $0.id == id }
    }

    private func clear(_ matching: (Entry) -> Bool) throws -> [Entry] {
        // An interrupted load not yet adopted would come back at the next start; a rescan
        // means to forget it too.
        adoptInterruptedLoads()
        return try update { contents in
            let forgotten = contents.entries.filter(matching)
            contents.entries.removeAll(where: matching)
            return forgotten
        }
    }

    // MARK: - The file

    struct Contents {
        var entries: [Entry] = []
        /// Entries this host cannot read (a newer host's), written back unchanged.
        var unknown: [JSONValue] = []
    }

    /// Under the lock: read, change, write back.
    func update<T>(_ change: (inout Contents) -> T) throws -> T {
        try StateFile.withLock(lockURL) {
            guard case .some(var contents) = readContents(locked: true) else {
                throw StateFile.Failure(path: fileURL.path, reason: "it cannot be read and could not be moved aside, so it is left as it is; remove it to let the host remember breakage again")
            }
            let result = change(&contents)
            try StateFile.writeAtomically(Self.encode(contents), to: fileURL)
            return result
        }
    }

    func contents(locked: Bool) -> Contents {
        readContents(locked: locked) ?? Contents()
    }

    /// The file's contents; empty when there is none. A file that cannot be read or
    /// parsed is moved aside with a warning, and the registry starts empty: trusting a
    /// damaged file could skip a good plugin, and writing over it would destroy the
    /// evidence. Nil only when it could not even be moved aside.
    private func readContents(locked: Bool) -> Contents? {
        let why: String
        switch StateFile.contents(of: fileURL) {
        case .missing: return Contents()
        case .unreadable(let reason): why = reason
        case .data(let data):
            if let contents = Self.decode(data) { return contents }
            why = "it is not a \(Self.schemaID) file"
        }
        if !locked {
            // Move it aside under the lock, so two hosts starting together move it once.
            do {
                return try StateFile.withLock(lockURL) { readContents(locked: true) }
            } catch {
                warn("\(fileURL.path) cannot be used (\(why)) and was left as it is (\(error)); no plugin is skipped as remembered broken until it is fixed or removed.")
                return nil
            }
        }
        if rename(fileURL.path, setAsideURL.path) == 0 {
            warn("\(fileURL.path) cannot be used (\(why)); moved it aside to \(setAsideURL.path). Plugins it remembered as broken will be tried again.")
            return Contents()
        }
        warn("\(fileURL.path) cannot be used (\(why)) and could not be moved aside (\(String(cString: strerror(errno)))); no plugin is skipped as remembered broken until it is fixed or removed.")
        return nil
    }

    static func decode(_ data: Data) -> Contents? {
        guard let fields = JSONValue.parse(data)?.objectValue, fields["schema"] == .string(schemaID),
              case .array(let list)? = fields["plugins"] else { return nil }
        var contents = Contents()
        for item in list {
            if let entry = Entry(json: item) { contents.entries.append(entry) } else { contents.unknown.append(item) }
        }
        return contents
    }

    static func encode(_ contents: Contents) -> Data {
        let object: [String: Any] = ["schema": schemaID, "plugins": contents.entries.map(\.json.any) + contents.unknown.map(\.any)]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }
}

extension BrokenPluginRegistry.Entry {
    var json: JSONValue {
        .object(["id": .string(id), "library": .string(libraryPath), "libraryIdentity": library.json,
                 "manifest": .string(manifestPath), "reason": .string(reason), "phase": .string(phase.rawValue),
                 "when": .string(when)])
    }

    init?(json: JSONValue) {
        guard let fields = json.objectValue,
              let id = fields["id"]?.stringValue, let library = fields["library"]?.stringValue,
              let identity = fields["libraryIdentity"].flatMap(LibraryIdentity.init(json:)),
              let manifest = fields["manifest"]?.stringValue, let reason = fields["reason"]?.stringValue,
              let phase = fields["phase"]?.stringValue.flatMap(BrokenPluginRegistry.Phase.init(rawValue:)),
              let when = fields["when"]?.stringValue else { return nil }
        self.init(id: id, libraryPath: library, library: identity, manifestPath: manifest, reason: reason, phase: phase, when: when)
    }
}
