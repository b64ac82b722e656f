import Foundation
import SenseBridgeCore

/// Keeps a manifest's library inside the manifest's own directory.
///
/// A manifest dropped into a plugin directory must not be able to make the host load
/// an arbitrary library elsewhere on the machine (`../../usr/lib/…`), and a symlink
/// loop must be a reported problem, not a hang or a crash.
enum LibraryPathCheck {
    static func check(_ manifest: PluginManifest) throws {
        if let reason = problem(library: manifest.libraryPath, directory: manifest.directory) {
            throw PluginProblem(path: manifest.manifestURL.path, reason: reason)
        }
    }

    /// Why `library`, as a manifest in `directory` names it, cannot be used; nil when it
    /// is a regular file inside that directory (after every symlink is followed).
    static func problem(library: String, directory: URL) -> PluginProblem.Reason? {
        problem(library: library, candidate: { directory.appendingPathComponent(library).path },
                resolvedDirectory: { realPath(directory.path).path })
    }

    /// `candidate` is the library's path as the manifest's directory gives it, and
    /// `resolvedDirectory` that directory with every symlink followed; both asked for only
    /// when needed, so a listing can answer them once per directory.
    private static func problem(library: String, candidate makeCandidate: () -> String,
                                resolvedDirectory: () -> String?) -> PluginProblem.Reason? {
        if library.hasPrefix("/") || library.split(separator: "/").contains("..") {
            return .libraryEscapesDirectory(library)
        }
        let candidate = makeCandidate()
        let (resolved, error) = realPath(candidate)
        guard let resolvedPath = resolved else {
            if error == ELOOP { return .symlinkLoop(library) }
            return .libraryNotFound(candidate)
        }
        guard let directoryPath = resolvedDirectory() else {
            return .unreadable("its directory cannot be resolved")
        }
        let inside = directoryPath == "/" ? resolvedPath.hasPrefix("/") : resolvedPath.hasPrefix(directoryPath + "/")
        guard inside else { return .libraryEscapesDirectory(library) }
        var status = stat()
        guard stat(resolvedPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return .libraryNotFound(candidate)
        }
        return nil
    }

    /// realpath(3), and errno when it fails.
    private static func realPath(_ path: String) -> (path: String?, error: Int32) {
        guard let resolved = realpath(path, nil) else { return (nil, errno) }
        defer { free(resolved) }
        return (String(cString: resolved), 0)
    }

    /// Letters, digits and `-_.+`, and not `.` or `..`: a name appended to a directory's
    /// path as it is, as URL's appendingPathComponent appends it.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"): return true
            default: return false
            }
        }
    }

    /// The answers of one listing, by directory and library as the manifest wrote it.
    ///
    /// Every manifest of a plugin directory may name the same library (one `.so` serving
    /// many plugins, as an LV2 bundle's binary does); resolving it again for each one cost
    /// two realpath(3) walks (a readlink per path component) and two stats per manifest.
    /// The answer depends on nothing but the directory, the name and the files there, so
    /// within one listing it is worked out once, and each directory's own resolution once
    /// for all its libraries. A memo lives only as long as the listing that made it: the
    /// next listing (a new `PluginCatalog.discover`) starts empty and sees a library that
    /// was replaced, removed or made a symlink since. Loading a plugin checks its library
    /// again, uncached (`LoadedPlugin.load`).
    final class Memo: Sendable {
        private struct Directory {
            /// realpath(3) of the directory, worked out when first needed.
            var resolved: String??
            /// What a plain library name is appended to, as `appendingPathComponent` would.
            var prefix: String?
        }

        private struct State {
            /// By directory path, a NUL, then the library as written: a String key, whose
            /// hashing the runtime has already looked up for every other table.
            var answers: [String: PluginProblem.Reason?] = [:]
            var directories: [String: Directory] = [:]
        }

        /// The catalog reads a large directory on more than one thread. The lock is not
        /// held while a library is resolved (a directory of plugins each with its own
        /// library would resolve them one at a time); two threads may then both resolve
        /// one library, and the first answer recorded is the one kept.
        private let state = Locked(State())

        /// How many answers the memo holds: one per directory and library, for tests.
        var resolutions: Int { state.withLock { $0.answers.count } }

        /// `directory` is the manifest's directory, `directoryPath` its path.
        func problem(library: String, directory: URL, directoryPath: String) -> PluginProblem.Reason? {
            let key = directoryPath + "\u{0}" + library
            let (known, directoryInfo) = state.withLock { state in (state.answers[key], state.directories[directoryPath]) }
            if let known { return known }
            var info = directoryInfo ?? Directory(resolved: nil, prefix: Self.prefix(of: directory))
            let answer = LibraryPathCheck.problem(
                library: library,
                candidate: {
                    if let prefix = info.prefix, LibraryPathCheck.isPlainName(library) { return prefix + library }
                    return directory.appendingPathComponent(library).path
                },
                resolvedDirectory: {
                    if let resolved = info.resolved { return resolved }
                    let resolved = LibraryPathCheck.realPath(directory.path).path
                    info.resolved = .some(resolved)
                    return resolved
                })
            return state.withLock { state in
                if state.directories[directoryPath]?.resolved == nil { state.directories[directoryPath] = info }
                if let first = state.answers[key] { return first }
                state.answers[key] = answer
                return answer
            }
        }

        /// Whether `directory` resolves (realpath(3)), worked out once per directory.
        func resolves(directory: URL, directoryPath: String) -> Bool {
            if let known = state.withLock({ $0.directories[directoryPath]?.resolved }) { return known != nil }
            let resolved = LibraryPathCheck.realPath(directory.path).path
            state.withLock { state in
                if state.directories[directoryPath]?.resolved == nil {
                    var info = state.directories[directoryPath] ?? Directory(resolved: nil, prefix: Self.prefix(of: directory))
                    info.resolved = .some(resolved)
                    state.directories[directoryPath] = info
                }
            }
            return resolved != nil
        }

        private static func prefix(of directory: URL) -> String? {
            let probe = "probe.so"
            let path = directory.appendingPathComponent(probe, isDirectory: false).path
            return path.hasSuffix("/" + probe) ? String(path.dropLast(probe.utf8.count)) : nil
        }
    }

    /// One thread's answers while it reads a listed directory.
    ///
    /// The manifests of a directory mostly name the same library, and asking the shared
    /// memo for each (its lock, a hash of the directory and the name) cost more than the
    /// comparison that now answers it. Installed plugins each have a library of their own,
    /// which no memo saves: each was resolved by realpath(3), a readlink per component of
    /// its path, then a stat. A plain name (no `/`) that is a regular file, not a symlink,
    /// in the directory the listing has open is inside that directory whatever its path
    /// resolves to, so one fstatat(2) on the open directory answers it exactly; anything
    /// else (a symlink, a missing file, a directory, a path with parts) goes to the memo
    /// and the full check, which words its problem.
    struct LastAnswer {
        private var library: String?
        private var directory: String?
        private var answer: PluginProblem.Reason?
        /// Whether the listed directory resolves (the full check's first need), asked once.
        private var resolves: (directory: String, answer: Bool)?

        mutating func problem(library: String, in listed: ManifestReader.ListedDirectory) -> PluginProblem.Reason? {
            if library == self.library, listed.path == directory { return answer }
            let answer = isRegularFile(library, in: listed)
                ? nil : listed.libraries.problem(library: library, directory: listed.url, directoryPath: listed.path)
            self.library = library
            directory = listed.path
            self.answer = answer
            return answer
        }

        private mutating func isRegularFile(_ library: String, in listed: ManifestReader.ListedDirectory) -> Bool {
            guard listed.descriptor >= 0, LibraryPathCheck.isPlainName(library) else { return false }
            var status = stat()
            guard fstatat(listed.descriptor, library, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                return false
            }
            if resolves?.directory != listed.path {
                resolves = (listed.path, listed.libraries.resolves(directory: listed.url, directoryPath: listed.path))
            }
            return resolves?.answer == true
        }
    }
}
