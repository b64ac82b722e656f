import Foundation

/// Where a plugin's code runs. In process, a plugin that crashes takes the host (and the
/// person's session) down with it; in its own process (`sensebridge-plugin-runner`, the
/// same ABI over a pipe) a crash costs that plugin only, at the price of a process and a
/// copy of every call's data.
public enum PluginIsolation: String, Sendable, CaseIterable {
    case process
    case inProcess = "in-process"

    /// How a field refusing a value lists the ones it takes: `"process" or "in-process"`.
    public static var allowedValues: String {
        allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
    }
}

/// What the command line asks for, over every profile and manifest. `--isolate` and
/// `--in-process` ask opposite things, so one command line holds at most one of them.
public enum CommandLineIsolation: Sendable, Equatable {
    /// Neither: the profile, then the default, decide.
    case unspecified
    /// `--isolate`: every plugin in its own process, even one its profile runs in process.
    case isolateAll
    /// `--in-process all`: every plugin inside the host.
    case everyPluginInProcess
    /// `--in-process ID[,ID]`: these plugins inside the host, the others as before.
    case inProcess(Set<String>)
}

/// How one plugin will run, and why.
public struct IsolationDecision: Sendable, Equatable {
    /// Which rule decided. A listing shows it in a word (`plugins list`'s WHY column); the
    /// sentence (`reason`) is worded from it, never the other way round.
    public enum Cause: String, Sendable, CaseIterable {
        case isolateAll = "--isolate"
        case inProcessOption = "--in-process"
        case profile
        case manifest
        /// The default, over a manifest that asked to run in process.
        case manifestIgnored = "default (manifest ignored)"
        case byDefault = "default"
    }

    public var isolation: PluginIsolation
    public var cause: Cause

    public init(isolation: PluginIsolation, cause: Cause) {
        self.isolation = isolation
        self.cause = cause
    }

    /// The reason in a sentence `plugins list --json` shows (`isolationReason`).
    public var reason: String {
        switch cause {
        case .isolateAll: return "--isolate runs every plugin in its own process, even where a profile says in process"
        case .inProcessOption: return "--in-process runs it inside the host, where a crash ends the session"
        case .profile: return "the profile asks for \"isolation\": \"\(isolation.rawValue)\""
        case .manifest: return "its manifest asks for its own process"
        case .manifestIgnored:
            return "every plugin runs in its own process by default; its manifest's \"in-process\" is ignored: only a profile or --in-process can ask for that"
        case .byDefault: return "every plugin runs in its own process by default"
        }
    }

    /// The one rule for where a plugin runs. In order, the first that applies decides:
    ///
    /// 1. The command line: `--isolate` puts every plugin in its own process, even over a
    ///    profile (a person chasing a crash needs one switch that trusts nothing);
    ///    `--in-process` puts the plugins it names (or all) inside the host.
    /// 2. The profile entry's `"isolation"`, either way: the profile is the person's own
    ///    file, so it may trade a plugin's crash safety for speed (docs/ISOLATION.md has
    ///    the measured gain) or spell out the default.
    /// 3. Everything else runs in its own process, shipped or not. A crash in espeak-ng,
    ///    libav or tesseract takes a session down as surely as a third party's would,
    ///    and for a deaf-blind person that is silence with no word of why; isolation now
    ///    costs little next to a depth cadence (docs/ISOLATION.md). A manifest's
    ///    `"process"` says the same and is honoured; its `"in-process"` is ignored, with
    ///    a reason that says so: the author asking to be trusted is the one request
    ///    isolation exists to refuse, and a shipped plugin's author is no exception.
    public static func decide(pluginID: String, manifest: PluginIsolation?, profileEntry: PluginIsolation?,
                              commandLine: CommandLineIsolation) -> IsolationDecision {
        switch commandLine {
        case .isolateAll:
            return IsolationDecision(isolation: .process, cause: .isolateAll)
        case .everyPluginInProcess:
            return IsolationDecision(isolation: .inProcess, cause: .inProcessOption)
        case .inProcess(let ids) where ids.contains(pluginID):
            return IsolationDecision(isolation: .inProcess, cause: .inProcessOption)
        case .inProcess, .unspecified:
            break
        }
        if let profileEntry {
            return IsolationDecision(isolation: profileEntry, cause: .profile)
        }
        switch manifest {
        case .process?: return IsolationDecision(isolation: .process, cause: .manifest)
        case .inProcess?: return IsolationDecision(isolation: .process, cause: .manifestIgnored)
        case nil: return IsolationDecision(isolation: .process, cause: .byDefault)
        }
    }

    /// How `manifest` will run. Where it was found plays no part: a shipped plugin and one
    /// a person installed are placed by the same rule.
    public static func decide(for manifest: PluginManifest, profileEntry: PluginIsolation?,
                              commandLine: CommandLineIsolation) -> IsolationDecision {
        decide(pluginID: manifest.id, manifest: manifest.isolation, profileEntry: profileEntry, commandLine: commandLine)
    }
}
