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

    /// An environment for a `sensebridge` binary that keeps it off the user's own
    /// settings, credentials and history: HOME and the XDG directories under `home`, a
    /// plain PATH, then `extra`. The sanitizer options of this process are passed on, so a
    /// binary built with a sanitizer reads its suppressions instead of reporting on stderr.
    public static func isolatedEnvironment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin",
                           "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                           "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                           "XDG_STATE_HOME": home.appendingPathComponent("state").path]
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
