import SenseBridgeCore
import SenseBridgeProcess

/// The one place a target's failure becomes what the person hears: a code from the
/// closed list, whatever the error carried. The error itself (the plugin's message, its
/// id, the paths) is the detail for stderr and the log.
extension OutputLossReason {
    /// Why a target could not be created when a profile started.
    init(startFailure error: Error) {
        switch error {
        case PluginHost.LookupError.notInstalled: self = .notInstalled
        case PluginHost.LookupError.broken: self = .broken
        case is PluginProblem: self = .couldNotLoad
        case is PluginConfigResolver.Problem: self = .settingsInvalid
        case let stopped as PluginStopped: self = stopped.lossReason
        default: self = .couldNotStart
        }
    }

    /// Why a target that was rendering is lost for the session. (A daemon or device gone
    /// for now, SB_ERR_UNAVAILABLE, is no loss: `TargetWorker` reports it apart, and the
    /// fan-out says `notAnsweringForNow`.)
    init(renderFailure error: Error) {
        self = (error as? PluginStopped)?.lossReason ?? .reportedError
    }
}

extension PluginStopped {
    /// How the host's account of a stopped plugin is said to the person.
    public var lossReason: OutputLossReason {
        switch cause {
        // Stopped from outside (someone's `kill`), it did not crash: it quit.
        case .died(.signalled(let signal)): return SignalKind(signal) == .stopRequest ? .quit : .crashed
        case .died(.exited): return .quit
        case .protocolGarbage: return .sentGarbage
        case .missedDeadline: return .stoppedAnswering
        case .stayedOff: return .keptFailing
        case .retired, .backingOff: return .stoppedEarlier
        case .couldNotStart: return .couldNotStart
        }
    }
}

/// A target's failure for stderr and the log, naming the plugin once: the host's errors
/// that already begin with the plugin's id or its file are not prefixed again
/// ("org.sensebridge.braille: org.sensebridge.braille: …" otherwise).
enum TargetFailureDetail {
    static func describe(_ error: Error, pluginID: String) -> String {
        switch error {
        case is PluginCallError, is PluginStopped, is PluginHost.LookupError, is PluginConfigResolver.Problem, is PluginProblem:
            return String(describing: error)
        default:
            return "\(pluginID): \(error)"
        }
    }
}
