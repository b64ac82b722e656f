import Foundation

/// Runs a program to completion and collects its output, with a bound on how long it
/// may take, so a test never hangs on a child that does.
public enum ProcessRunner {
    public struct Result {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        public var timedOut: Bool
    }

    /// `executable` is a path or a name on PATH; `environment` nil inherits this one's.
    /// Started with `SpawnedChild` (posix_spawn), never Foundation's `Process`: see there.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil, timeout: TimeInterval = 120) throws -> Result {
        let child = try SpawnedChild(executable, arguments, environment: environment, withInput: true)
        // Read both pipes concurrently so a chatty child cannot fill one and stall.
        let outData = DataBox(), errData = DataBox()
        let group = DispatchGroup()
        let (out, err) = (child.standardOutput, child.standardError)
        DispatchQueue.global().async(group: group) { outData.data = SpawnedChild.readToEnd(out) }
        DispatchQueue.global().async(group: group) { errData.data = SpawnedChild.readToEnd(err) }
        child.send(input ?? Data())
        var timedOut = false
        var ended = child.termination(within: timeout)
        if ended == nil {
            timedOut = true
            child.kill()
            ended = child.wait()
        }
        group.wait()
        let status: Int32
        switch ended! {
        case .exited(let code): status = code
        case .signalled(let signal): status = signal  // as Foundation's terminationStatus reported it
        }
        return Result(status: status, standardOutput: String(decoding: outData.data, as: UTF8.self),
                      standardError: String(decoding: errData.data, as: UTF8.self), timedOut: timedOut)
    }

    /// Runs the built `sensebridge` CLI with an environment isolated from the user's
    /// (its own XDG dirs), so tests never read or write a real user's settings.
    public static func cli(_ arguments: [String], home: URL, extraEnvironment: [String: String] = [:],
                           input: Data? = nil, timeout: TimeInterval = 120) throws -> Result {
        try run(try builtCLI(), arguments, environment: cliEnvironment(home: home, extra: extraEnvironment), input: input, timeout: timeout)
    }

    /// Runs the built CLI as `cli` does, as a user the file system's permissions apply
    /// to: root reads every file whatever its mode, so what a person who may not read a
    /// file is told can only be seen below root. Under root the CLI runs as nobody
    /// (util-linux's `setpriv`), and `home` and what it reads must be open to others.
    public static func cliWithoutPrivileges(_ arguments: [String], home: URL, input: Data? = nil) throws -> Result {
        let environment = cliEnvironment(home: home, extra: [:])
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
        try SpawnedChild(try builtCLI(), arguments, environment: cliEnvironment(home: home, extra: extraEnvironment),
                         terminalInput: terminalInput)
    }

    private static func builtCLI() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: RepositoryPaths.cli.path) else {
            throw RepositoryPaths.NotBuilt(what: RepositoryPaths.cli.path)
        }
        return RepositoryPaths.cli.path
    }

    private static func cliEnvironment(home: URL, extra: [String: String]) -> [String: String] {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin",
                           "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                           "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                           "XDG_STATE_HOME": home.appendingPathComponent("state").path]
        // Under `make sanitize` the CLI is instrumented too: without these it would print
        // its report on stderr (which the test reads as the command's own words) and
        // ignore the suppressions, whose reasons are in scripts/sanitize/.
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "SWIFT_BACKTRACE"] {
            if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
        }
        extra.forEach { environment[$0.key] = $0.value }
        return environment
    }
}

/// Unchecked Sendable: written by one reader thread, read after `group.wait()`; the group orders the two.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
