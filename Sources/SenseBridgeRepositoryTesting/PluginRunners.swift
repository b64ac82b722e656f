import Foundation
import SenseBridgeProcess

/// The `sensebridge-plugin-runner` processes a test's CLI started, read from /proc: a
/// test that kills one mid-session finds it by its parent and the plugin id the host
/// names in each runner's environment (SENSEBRIDGE_RUNNER_PLUGIN), and checks afterwards
/// that none outlived the CLI.
public enum PluginRunners {
    /// The live runners whose parent is `parent` and that serve `pluginID` (any plugin when nil).
    public static func children(of parent: pid_t, serving pluginID: String? = nil) -> [pid_t] {
        processes().filter { pid in
            guard parentID(of: pid) == parent, let environment = WholeFile.read("/proc/\(pid)/environ") else { return false }
            return environment.split(separator: 0).contains { variable in
                let text = String(decoding: variable, as: UTF8.self)
                return pluginID.map { text == "SENSEBRIDGE_RUNNER_PLUGIN=\($0)" } ?? text.hasPrefix("SENSEBRIDGE_RUNNER_PLUGIN=")
            }
        }
    }

    /// `signal` to every runner of `host` and then to `host`, back to back, as a service
    /// stop sends it to every process of the service (systemd's default KillMode): the
    /// runners first, so a runner that dies of it is found dead before the host hears.
    /// How many runners were signalled.
    @discardableResult
    public static func signalWithHost(_ host: pid_t, _ signal: Int32) -> Int {
        let runners = children(of: host)
        runners.forEach { kill($0, signal) }
        kill(host, signal)
        return runners.count
    }

    /// Runners whose environment mentions `home` (the isolated home a test gave its CLI)
    /// still alive `seconds` after the call. A host that exits leaves its runners to their
    /// parent-death signal, so they go a moment after it, never at once: a runner still
    /// there after the wait is one left behind, not one on its way out.
    public static func left(home: URL, within seconds: Double = 5) -> [pid_t] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let alive = processes().filter { pid in
                guard let command = WholeFile.read("/proc/\(pid)/cmdline"),
                      String(decoding: command, as: UTF8.self).contains("sensebridge-plugin-runner"),
                      let environment = WholeFile.read("/proc/\(pid)/environ") else { return false }
                return String(decoding: environment, as: UTF8.self).contains(home.path)
            }
            if alive.isEmpty || Date() >= deadline { return alive }
            usleep(50_000)
        }
    }

    private static func processes() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }

    /// The fourth field of /proc/<pid>/stat, read after the command's closing parenthesis
    /// (a command name may hold spaces and parentheses).
    private static func parentID(of pid: pid_t) -> pid_t? {
        guard let stat = WholeFile.read("/proc/\(pid)/stat"), let closing = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(closing + 2)...].split(separator: UInt8(ascii: " "))
        return fields.count > 1 ? pid_t(String(decoding: fields[1], as: UTF8.self)) : nil
    }
}
