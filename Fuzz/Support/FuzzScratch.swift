import Foundation

/// A directory of the fuzzing process's own, for boundaries that are read from a file
/// (a credential's mode and owner are part of what is checked). Removed at exit, so a
/// long run leaves nothing behind in the temporary directory.
public enum FuzzScratch {
    public static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sensebridge-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FuzzScratch.directory) }
        return url
    }()

    /// `name` in the directory, holding `contents`.
    @discardableResult
    public static func file(_ name: String, contents: Data) -> URL {
        let url = directory.appendingPathComponent(name)
        try? contents.write(to: url)
        return url
    }
}
