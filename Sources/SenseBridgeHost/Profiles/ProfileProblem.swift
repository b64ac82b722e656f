import Foundation

/// Why a profile cannot be used as written; names the profile file, the field where one is
/// at fault, and the reason.
public struct ProfileProblem: Error, Sendable, CustomStringConvertible {
    /// What the problem means for a session, decided here once so that `profiles list`,
    /// `profiles show` and every session command agree on it.
    public enum Severity: Sendable, Equatable {
        /// The file does not exist or cannot be read: there is no profile to judge
        /// (EX_NOINPUT, by name or by path alike).
        case unreadable
        /// The profile itself is wrong (a value, a plugin id, a plugin's settings): a session
        /// refuses it before anything starts, rather than start with an output that fails
        /// and tell the person about it in the middle of their walk.
        case invalid
        /// A plugin the profile names is installed but broken (its manifest, or a crash the
        /// host remembers). The profile is right and the plugin may be fixed or rescanned
        /// without touching it: a session starts without that output and says it is lost
        /// (Invariant 8).
        case pluginBroken
    }

    public var path: String
    /// Where in the file, as a path through its JSON (`renderTargets[1].config.fromat`);
    /// nil when the problem is the file as a whole.
    public var field: String?
    /// The whole explanation after the path, field included, as it is printed.
    public var reason: String
    public var severity: Severity

    public init(path: String, field: String? = nil, reason: String, severity: Severity = .invalid) {
        self.path = path
        self.field = field
        self.reason = reason
        self.severity = severity
    }

    public var description: String { "\(path): \(reason)" }
}
