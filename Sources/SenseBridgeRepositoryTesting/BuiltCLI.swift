import Foundation
import SenseBridgeTesting

/// The `sensebridge` of this checkout's build, for the repository's own tests: the public
/// kit is handed the binary it runs, these find it through `RepositoryPaths`.
extension ProcessRunner {
    /// Runs the built `sensebridge` CLI with an environment isolated from the user's
    /// (its own XDG dirs), so tests never read or write a real user's settings.
    public static func cli(_ arguments: [String], home: URL, extraEnvironment: [String: String] = [:],
                           input: Data? = nil, timeout: TimeInterval = 120) throws -> Result {
        try run(try builtCLI(), arguments, environment: isolatedEnvironment(home: home, extra: extraEnvironment),
                input: input, timeout: timeout)
    }

    /// Runs the built CLI as `cli` does, as a user the file system's permissions apply
    /// to: root reads every file whatever its mode, so what a person who may not read a
    /// file is told can only be seen below root. Under root the CLI runs as nobody
    /// (util-linux's `setpriv`), and `home` and what it reads must be open to others.
    public static func cliWithoutPrivileges(_ arguments: [String], home: URL, input: Data? = nil) throws -> Result {
        let environment = isolatedEnvironment(home: home)
        guard geteuid() == 0 else { return try run(try builtCLI(), arguments, environment: environment, input: input) }
        return try run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", try builtCLI()] + arguments,
                       environment: environment, input: input)
    }

    /// Starts the built CLI in the same isolated environment as `cli` and returns at
    /// once, for a test that talks to it while it runs (reads a line, sends a signal).
    /// The caller reads its pipes and reaps it (`SpawnedChild` kills it when released).
    /// `terminalInput`: stdin is a pseudo-terminal the test types into (`SpawnedChild.type`).
    public static func startCLI(_ arguments: [String], home: URL, extraEnvironment: [String: String] = [:],
                                terminalInput: Bool = false) throws -> SpawnedChild {
        try SpawnedChild(try builtCLI(), arguments, environment: isolatedEnvironment(home: home, extra: extraEnvironment),
                         terminalInput: terminalInput)
    }

    static func builtCLI() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: RepositoryPaths.cli.path) else {
            throw RepositoryPaths.NotBuilt(what: RepositoryPaths.cli.path)
        }
        return RepositoryPaths.cli.path
    }
}

extension ConformanceHarness {
    /// The harness of this checkout's build on `manifest` (a staged plugin's), as each
    /// plugin's ConformanceTests runs it.
    public static func run(_ manifest: URL, extraArguments: [String] = [], environment: [String: String] = [:],
                           timeout: TimeInterval = 600) throws -> Outcome {
        try run(manifest, sensebridge: URL(fileURLWithPath: try ProcessRunner.builtCLI()), extraArguments: extraArguments,
                environment: environment, timeout: timeout)
    }
}
