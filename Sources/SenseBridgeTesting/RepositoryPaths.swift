import Foundation

/// Where the repository's own files are, for tests that build fixtures or load the
/// plugins `make build` staged.
public enum RepositoryPaths {
    /// The package root, found from this file's location at compile time.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var header: URL { root.appendingPathComponent("Sources/CSenseBridgeABI/include") }
    public static var stagedPlugins: URL { root.appendingPathComponent(".build/plugins") }
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// The CLI binary of the current build.
    public static var cli: URL {
        let candidates = [root.appendingPathComponent(".build/debug/sensebridge"),
                          root.appendingPathComponent(".build/release/sensebridge")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    public struct NotBuilt: Error, CustomStringConvertible {
        public var what: String
        public var description: String { "\(what) is missing; run 'make build' before 'swift test' (make test does both)." }
    }

    /// The staged manifest of a shipped plugin, or a clear error telling how to stage it.
    public static func stagedManifest(_ fileName: String) throws -> URL {
        let url = stagedPlugins.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { throw NotBuilt(what: url.path) }
        return url
    }
}
