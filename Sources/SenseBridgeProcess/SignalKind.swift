import Foundation

/// What the signal that ended a process says about the process: whether its own code
/// broke, or someone else ended it. The host remembers a plugin as broken only for the
/// first (BrokenPluginRegistry, kept across sessions until `plugins forget`), so a
/// plugin that merely shared a stop with its host is never disabled for good.
public enum SignalKind: Sendable, Equatable {
    /// A fault the process raised on itself: a bad memory access, a trap (a Swift
    /// `fatalError` is SIGILL on x86-64, SIGTRAP on arm64), abort(), a forbidden system
    /// call. It happens again with the same input: the plugin is broken.
    case crash
    /// A request to stop from outside (SIGTERM from `systemctl stop` or `kill`, SIGINT,
    /// SIGHUP when a terminal closes). Nothing about the plugin: usually its host is
    /// being stopped with it.
    case stopRequest
    /// Anything else, SIGKILL above all. The host's own kills have causes of their own
    /// (a missed deadline, a shutdown), so a SIGKILL seen as a death came from outside:
    /// the kernel's OOM killer (which picks by the whole machine's memory, not by fault;
    /// the plugin's own memory limit ends a leak in a failed allocation, a crash above),
    /// a service's final kill of a stop that hung, or a person. A death, not a verdict.
    case other

    public init(_ signal: Int32) {
        switch signal {
        case SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS: self = .crash
        case SIGTERM, SIGINT, SIGHUP: self = .stopRequest
        default: self = .other
        }
    }
}
