import Foundation

/// Where the repository's own files are, for tests that build fixtures or load the
/// plugins `make build` staged. Only the repository's tests and Benchmarks/ may know the
/// layout: the public SenseBridgeTesting is handed paths instead (ArchitectureTests).
public enum RepositoryPaths {
    /// The package root, found from this file's location at compile time. Symlinks are
    /// resolved: Benchmarks/ compiles this folder through one, and its own path would
    /// put the root one level too deep.
    public static let root: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var header: URL { root.appendingPathComponent("Sources/CSenseBridgeABI/include") }
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// `make sanitize` runs the suite against a build of its own (every binary and plugin
    /// compiled with the sanitizer, in another scratch directory); these two variables
    /// point the tests at it, so the CLI, the runner and the plugins they start are the
    /// sanitized ones and not a plain build that happens to lie in `.build/`.
    static let environment = ProcessInfo.processInfo.environment
    static let buildOverride = environment["SENSEBRIDGE_TEST_BUILD"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    /// Where `make build` staged every manifest beside its library (`SENSEBRIDGE_TEST_PLUGINS`
    /// replaces it).
    public static var stagedPlugins: URL {
        environment["SENSEBRIDGE_TEST_PLUGINS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent(".build/plugins")
    }

    /// The CLI binary of the current build.
    public static var cli: URL { built("sensebridge") }

    /// The plugin runner of the current build.
    public static var runner: URL { built("sensebridge-plugin-runner") }

    private static func built(_ name: String) -> URL {
        if let buildOverride { return buildOverride.appendingPathComponent(name) }
        let candidates = [root.appendingPathComponent(".build/debug/\(name)"),
                          root.appendingPathComponent(".build/release/\(name)")]
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
