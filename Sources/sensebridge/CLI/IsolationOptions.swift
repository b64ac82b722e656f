import Foundation
import SenseBridgeHost

/// `--isolate` and `--in-process`: what the command line asks of where plugins run
/// (`IsolationDecision.decide`). Declared once, so every command that takes them (and
/// the root, before the command name) shows the same help; the dispatcher reads them
/// into `Context.isolation`.
extension OptionSpec {
    /// Every plugin in its own process, even one the profile runs in process: the one
    /// switch for someone chasing a crash.
    static let isolate = OptionSpec.flag("--isolate", "Run every plugin in its own process, even one the profile runs in process.")
    /// The way back to in process for someone who wants its speed, plugin by plugin or
    /// all at once; the help says what it costs, since the cost is the session.
    static let inProcess = OptionSpec.value(
        "--in-process", "ids|all",
        "Run these plugins inside this process (ids, or all; repeatable): faster, but a crash in one ends the session (docs/ISOLATION.md).",
        repeatable: true)
}

enum IsolationOptions {
    /// The word that asks for every plugin; no plugin can be called it, since an id is
    /// reverse-DNS and so has a dot.
    static let everyPlugin = "all"

    /// What `--isolate` (given or not) and each `--in-process` value ask, together. Both at
    /// once ask opposite things, and taking either silently would run something where
    /// the person did not expect it: refused.
    static func commandLine(isolate: Bool, inProcess values: [String], command: String) throws -> CommandLineIsolation {
        if values.isEmpty { return isolate ? .isolateAll : .unspecified }
        if isolate {
            throw CLIError.usage("--isolate and --in-process ask opposite things; give one of them.", command: command)
        }
        var ids: Set<String> = []
        for value in values {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let id = item.trimmingCharacters(in: .whitespaces)
                guard !id.isEmpty else {
                    throw CLIError.usage("--in-process takes plugin ids separated by commas, or all, not '\(value)'.", command: command)
                }
                if id == everyPlugin { return .everyPluginInProcess }
                ids.insert(id)
            }
        }
        return .inProcess(ids)
    }

    /// An id `--in-process` names that no manifest declares is most likely a typo, and
    /// running on isolated would leave the person wondering why nothing got faster. The
    /// catalog is read only when ids were given.
    static func checkInstalled(_ context: Context, command: String) throws {
        guard case .inProcess(let ids) = context.isolation else { return }
        let catalog = context.host.catalog
        for id in ids.sorted() where catalog.manifest(id: id) == nil && !catalog.broken.contains(where: { $0.id == id }) {
            throw CLIError.usage("--in-process names '\(id)', which no installed plugin is; 'sensebridge plugins list' shows their ids.",
                                 command: command)
        }
    }
}
