import Foundation

/// Names for the signals a crashing plugin dies of, as a person searching for the
/// cause would type them ("SIGSEGV", not "11").
public enum SignalName {
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGPIPE: return "SIGPIPE"
        case SIGALRM: return "SIGALRM"
        case SIGHUP: return "SIGHUP"
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        case SIGSYS: return "SIGSYS"
        case SIGXCPU: return "SIGXCPU"
        case SIGXFSZ: return "SIGXFSZ"
        default: return "signal \(signal)"
        }
    }

    /// What the signal usually means, for the reason line.
    public static func meaning(_ signal: Int32) -> String? {
        switch signal {
        case SIGSEGV: return "invalid memory access"
        case SIGABRT: return "abort(), e.g. a failed assertion"
        case SIGBUS: return "misaligned or unmapped memory access"
        case SIGFPE: return "arithmetic fault, e.g. division by zero"
        case SIGILL, SIGTRAP: return "a trap; in Swift, a fatalError, precondition or forced unwrap of nil"
        default: return nil
        }
    }
}
