import Foundation
import SenseBridgeCore

/// A plugin that crashes while the host opens it in process takes the host down before
/// anything can be caught or reported. So, as GStreamer's scanner does, the host writes a
/// marker just before it opens a library and removes it just after; a marker still there
/// at the next start, left by a process that is gone, is a load that never finished, and
/// becomes an entry.
///
/// Markers are `loading/<id>.<pid>`: one per plugin and process, so two hosts loading the
/// same plugin at once never remove each other's, and a marker whose process still runs
/// is a load in progress, never mistaken for a crash.
extension BrokenPluginRegistry {
    /// What an interrupted load is remembered as. "Stopped" rather than "crashed": a
    /// host killed at that moment leaves the same marker.
    public static let interruptedLoadReason = "the host stopped while loading it (a crash during load)"

    /// Call just before opening `manifest`'s library in this process. A marker that cannot
    /// be written is warned about and the load goes on: not remembering a crash is better
    /// than refusing a plugin for the state directory's sake. The marker is not synced to
    /// disk: it only has to outlive this process (a crash leaves it in the page cache),
    /// and a sync before every plugin load would make every command wait on the disk.
    public func beginLoading(_ manifest: PluginManifest) {
        guard let identity = LibraryIdentity.of(path: manifest.libraryURL.path) else { return }  // the load fails cleanly
        let marker: JSONValue = .object([
            "id": .string(manifest.id), "library": .string(manifest.libraryURL.path), "libraryIdentity": identity.json,
            "manifest": .string(manifest.manifestURL.path), "pid": .number(Double(getpid())),
            "started": .string(ISO8601Timestamp.string(secondsSince1970: Date().timeIntervalSince1970)),
        ])
        do {
            try StateFile.writeAtomically(Data(marker.jsonText.utf8), to: markerURL(manifest.id, pid: getpid()), durable: false)
        } catch {
            warn("could not note that \(manifest.id) is being loaded (\(error)); a crash while loading it will not be remembered.")
        }
    }

    /// Call once the library is open and checked, or has failed cleanly: either way the
    /// host survived it.
    public func endLoading(_ manifest: PluginManifest) {
        unlink(markerURL(manifest.id, pid: getpid()).path)
    }

    /// Turns the markers of processes that are gone into entries, and returns them.
    /// The catalog calls it at every start; a marker that cannot be recorded stays for
    /// the next one.
    @discardableResult
    public func adoptInterruptedLoads() -> [Entry] {
        // readdir(3) itself: the directory is usually absent, and FileManager's answer to
        // that (an error built and thrown) cost more than a listing's reading of it.
        guard let names = Self.entryNames(loadingDirectory.path) else { return [] }
        var adopted: [Entry] = []
        var finished: [URL] = []
        // A name with ".tmp-" is a marker still being written (StateFile.writeAtomically).
        for name in names.sorted() where !name.hasPrefix(".") && !name.contains(".tmp-") {
            let url = loadingDirectory.appendingPathComponent(name)
            guard case .data(let data) = StateFile.contents(of: url), let marker = Marker(data) else {
                warn("\(url.path) is not a loading marker; removed it.")
                unlink(url.path)
                continue
            }
            if Self.isRunning(marker.pid) { continue }
            adopted.append(Entry(id: marker.id, libraryPath: marker.libraryPath, library: marker.library,
                                 manifestPath: marker.manifestPath, reason: Self.interruptedLoadReason,
                                 phase: .load, when: marker.started))
            finished.append(url)
        }
        guard !adopted.isEmpty else { return [] }
        do {
            try record(adopted)
        } catch {
            warn("could not remember that \(adopted.map(\.id).joined(separator: ", ")) stopped the host while loading (\(error)); the marker stays in \(loadingDirectory.path) for the next start.")
            return []
        }
        finished.forEach { unlink($0.path) }
        return adopted
    }

    /// The names in a directory but `.` and `..`, as FileManager's contentsOfDirectory
    /// gives them; nil when it cannot be read.
    static func entryNames(_ path: String) -> [String]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    func markerURL(_ id: String, pid: pid_t) -> URL {
        loadingDirectory.appendingPathComponent("\(Self.fileName(for: id)).\(pid)")
    }

    /// Ids are checked reverse-DNS names already; this keeps a marker's name one path
    /// component even if one were not.
    static func fileName(for id: String) -> String {
        let safe = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") ? $0 : "_" })
        return safe.hasPrefix(".") || safe.isEmpty ? "_" + safe : safe
    }

    /// `kill(pid, 0)` probes without signalling; EPERM still means the process exists.
    static func isRunning(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    struct Marker {
        var id: String
        var libraryPath: String
        var library: LibraryIdentity
        var manifestPath: String
        var pid: pid_t
        var started: String

        init?(_ data: Data) {
            guard let fields = JSONValue.parse(data)?.objectValue,
                  let id = fields["id"]?.stringValue, let library = fields["library"]?.stringValue,
                  let identity = fields["libraryIdentity"].flatMap(LibraryIdentity.init(json:)),
                  let manifest = fields["manifest"]?.stringValue,
                  case .number(let pid)? = fields["pid"], pid >= 1, pid <= Double(Int32.max), pid.rounded() == pid,
                  let started = fields["started"]?.stringValue else { return nil }
            self.id = id
            self.libraryPath = library
            self.library = identity
            self.manifestPath = manifest
            self.pid = pid_t(pid)
            self.started = started
        }
    }
}
