import Foundation
import Synchronization

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
        if library.hasPrefix("/") || library.split(separator: "/").contains("..") {
            return .libraryEscapesDirectory(library)
        }
        let candidate = directory.appendingPathComponent(library).path
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(candidate, &resolved) != nil else {
            if errno == ELOOP { return .symlinkLoop(library) }
            return .libraryNotFound(candidate)
        }
        var resolvedDirectory = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(directory.path, &resolvedDirectory) != nil else {
            return .unreadable("its directory cannot be resolved")
        }
        let resolvedPath = String(cString: resolved)
        let directoryPath = String(cString: resolvedDirectory)
        let inside = directoryPath == "/" ? resolvedPath.hasPrefix("/") : resolvedPath.hasPrefix(directoryPath + "/")
        guard inside else { return .libraryEscapesDirectory(library) }
        var status = stat()
        guard stat(resolvedPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return .libraryNotFound(candidate)
        }
        return nil
    }

    /// The answers of one listing, by directory and library as the manifest wrote it.
    ///
    /// Every manifest of a plugin directory may name the same library (one `.so` serving
    /// many plugins, as an LV2 bundle's binary does); resolving it again for each one cost
    /// two realpath(3) walks (a readlink per path component) and two stats per manifest.
    /// The answer depends on nothing but the directory, the name and the files there, so
    /// within one listing it is worked out once. A memo lives only as long as the listing
    /// that made it: the next listing (a new `PluginCatalog.discover`) starts empty and
    /// sees a library that was replaced, removed or made a symlink since. Loading a plugin
    /// checks its library again, uncached (`LoadedPlugin.load`).
    final class Memo: Sendable {
        private struct Key: Hashable {
            var directory: String
            var library: String
        }

        private struct State {
            var answers: [Key: PluginProblem.Reason?] = [:]
            var resolutions = 0
        }

        /// The catalog reads a large directory on more than one thread; the lock is held
        /// while a library is resolved, so each one is resolved exactly once.
        private let state = Mutex(State())

        /// How many times a library was actually resolved, for tests.
        var resolutions: Int { state.withLock { $0.resolutions } }

        /// `directory` is the manifest's directory, `directoryPath` its path.
        func problem(library: String, directory: URL, directoryPath: String) -> PluginProblem.Reason? {
            let key = Key(directory: directoryPath, library: library)
            return state.withLock { state in
                if let answer = state.answers[key] { return answer }
                state.resolutions += 1
                let answer = LibraryPathCheck.problem(library: library, directory: directory)
                state.answers[key] = answer
                return answer
            }
        }
    }

    /// One thread's last answer from the memo: the manifests of a directory mostly name
    /// the same library, and asking the shared memo for each (its lock, a hash of the
    /// directory and the name) cost more than the comparison that now answers it.
    struct LastAnswer {
        private var library: String?
        private var directory: String?
        private var answer: PluginProblem.Reason?

        mutating func problem(library: String, in listed: ManifestReader.ListedDirectory) -> PluginProblem.Reason? {
            if library == self.library, listed.path == directory { return answer }
            let answer = listed.libraries.problem(library: library, directory: listed.url, directoryPath: listed.path)
            self.library = library
            directory = listed.path
            self.answer = answer
            return answer
        }
    }
}
