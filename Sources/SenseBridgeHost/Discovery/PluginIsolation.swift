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

extension PluginSearchPath.Entry.Origin {
    /// A directory the host was installed or built with holds plugins that shipped with
    /// it, reviewed and built together with it; every other directory holds code anyone
    /// could have put there, and nobody reviewed it with the host.
    public var isShipped: Bool {
        switch self {
        case .installPrefix, .build: return true
        case .commandLine, .environment, .userData: return false
        }
    }
}

/// How one plugin will run, and the reason in a few words a listing can show.
public struct IsolationDecision: Sendable, Equatable {
    public var isolation: PluginIsolation
    public var reason: String

    public init(isolation: PluginIsolation, reason: String) {
        self.isolation = isolation
        self.reason = reason
    }

    /// The one rule for who runs isolated. In order, the first that applies decides:
    ///
    /// 1. `--isolate` (`forceIsolation`): every plugin in its own process. A person
    ///    chasing a crash needs one switch that trusts nothing.
    /// 2. The profile entry's `"isolation"`, either way: the profile is the person's
    ///    own file, so it may run an outside plugin in process (speed) or a shipped one
    ///    isolated (caution).
    /// 3. The manifest's `"isolation"`, but only where it makes things stricter. A
    ///    manifest is written by the plugin's author, who is exactly who isolation does
    ///    not trust: `"process"` is always honoured, `"in-process"` only for a shipped
    ///    plugin, and ignored (with a reason that says so) for any other.
    /// 4. Where it was found: a shipped plugin (install prefix, the build's own
    ///    directory) runs in process; one found through `--plugin-path`,
    ///    `SENSEBRIDGE_PLUGIN_PATH`, the user's data dir, or given by path (`origin`
    ///    nil) runs isolated.
    public static func decide(origin: PluginSearchPath.Entry.Origin?, manifest: PluginIsolation?,
                              profileEntry: PluginIsolation?, forceIsolation: Bool) -> IsolationDecision {
        if forceIsolation {
            return IsolationDecision(isolation: .process, reason: "--isolate runs every plugin in its own process")
        }
        if let profileEntry {
            return IsolationDecision(isolation: profileEntry, reason: "the profile asks for \"isolation\": \"\(profileEntry.rawValue)\"")
        }
        let shipped = origin?.isShipped ?? false
        let location = shipped
            ? "shipped with the host (\(origin?.rawValue ?? ""))"
            : "found outside the host's own plugin directories (\(origin?.rawValue ?? "a path given directly"))"
        switch (manifest, shipped) {
        case (.process?, _):
            return IsolationDecision(isolation: .process, reason: "its manifest asks for its own process")
        case (.inProcess?, true):
            return IsolationDecision(isolation: .inProcess, reason: "\(location); its manifest asks to run in process")
        case (.inProcess?, false):
            // The author's request to be trusted is the one request isolation exists to refuse.
            return IsolationDecision(isolation: .process, reason: "\(location); its manifest's \"in-process\" is ignored for such a plugin")
        case (nil, true):
            return IsolationDecision(isolation: .inProcess, reason: location)
        case (nil, false):
            return IsolationDecision(isolation: .process, reason: location)
        }
    }
}

extension PluginCatalog {
    /// How `manifest` will run. The catalog knows which search-path directory each of
    /// its manifests came from; a manifest read elsewhere (a path given to `plugins
    /// test`) is placed by its directory, and counts as not shipped when that is none
    /// of the search path's.
    public func isolation(for manifest: PluginManifest, profileEntry: PluginIsolation?,
                          forceIsolation: Bool) -> IsolationDecision {
        IsolationDecision.decide(origin: origin(of: manifest), manifest: manifest.isolation,
                                 profileEntry: profileEntry, forceIsolation: forceIsolation)
    }

    func origin(of manifest: PluginManifest) -> PluginSearchPath.Entry.Origin? {
        if let origin = manifest.origin { return origin }
        let directory = manifest.directory.standardizedFileURL.path
        return searchPath.entries.first { $0.directory.standardizedFileURL.path == directory }?.origin
    }
}
