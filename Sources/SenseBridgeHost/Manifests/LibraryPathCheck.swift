import Foundation

/// Keeps a manifest's library inside the manifest's own directory.
///
/// A manifest dropped into a plugin directory must not be able to make the host load
/// an arbitrary library elsewhere on the machine (`../../usr/lib/…`), and a symlink
/// loop must be a reported problem, not a hang or a crash.
enum LibraryPathCheck {
    static func check(_ manifest: PluginManifest) throws {
        let library = manifest.libraryPath
        let path = manifest.manifestURL.path
        func fail(_ reason: PluginProblem.Reason) -> PluginProblem { PluginProblem(path: path, reason: reason) }

        if library.hasPrefix("/") || library.split(separator: "/").contains("..") {
            throw fail(.libraryEscapesDirectory(library))
        }
        let candidate = manifest.directory.appendingPathComponent(library).path
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(candidate, &resolved) != nil else {
            if errno == ELOOP { throw fail(.symlinkLoop(library)) }
            throw fail(.libraryNotFound(candidate))
        }
        var directory = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(manifest.directory.path, &directory) != nil else {
            throw fail(.unreadable("its directory cannot be resolved"))
        }
        let resolvedPath = String(cString: resolved)
        let directoryPath = String(cString: directory)
        let inside = directoryPath == "/" ? resolvedPath.hasPrefix("/") : resolvedPath.hasPrefix(directoryPath + "/")
        guard inside else { throw fail(.libraryEscapesDirectory(library)) }
        var status = stat()
        guard stat(resolvedPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw fail(.libraryNotFound(candidate))
        }
    }
}
