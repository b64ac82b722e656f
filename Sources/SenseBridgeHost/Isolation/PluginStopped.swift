import Foundation
import SenseBridgeProcess

/// A plugin the host stopped waiting for or lost: its process died, it wrote what the
/// protocol cannot read, or it missed its deadline. Unlike `PluginCallError` (the
/// plugin said it failed), this is the host's own account, so it names the plugin and
/// how it ended even when the plugin could say nothing.
public struct PluginStopped: Error, Sendable, CustomStringConvertible {
    public enum Cause: Sendable, Equatable {
        /// The runner died: a signal (segfault, abort) or an exit no request asked for.
        case died(ProcessSpawn.Termination)
        /// What it wrote on its pipe is not the protocol.
        case protocolGarbage(String)
        /// No answer by the deadline plus grace; the runner was killed (isolated) or the
        /// call abandoned on its thread and the instance retired (in process).
        case missedDeadline(seconds: Double)
        /// Stopped earlier in this session; not called again.
        case retired
        /// Died moments ago; a new runner is started once `seconds` more have passed
        /// (the restart budget's backoff). Unlike `retired`, it comes back.
        case backingOff(seconds: Double)
        /// Restarted as often as the budget allows; off for the rest of the session.
        case stayedOff(restarts: Int)
        /// The runner could not be started, or would not serve this plugin.
        case couldNotStart(String)
    }

    public var pluginID: String
    public var isolated: Bool
    public var cause: Cause
    /// The last lines the runner wrote on stderr, for a terminal; may be empty.
    public var stderrTail: String = ""
    /// The isolated plugin's memory limit, named when a death may have been the limit.
    public var memoryLimitMiB: Int?

    public init(pluginID: String, isolated: Bool, cause: Cause, stderrTail: String = "", memoryLimitMiB: Int? = nil) {
        self.pluginID = pluginID
        self.isolated = isolated
        self.cause = cause
        self.stderrTail = stderrTail
        self.memoryLimitMiB = memoryLimitMiB
    }

    /// A stable code for reports and logs (docs/WRITING_PLUGINS.md).
    public var code: String {
        switch cause {
        case .died(.signalled(let signal)): return SignalKind(signal) == .stopRequest ? "stopped-by-signal" : "crashed"
        case .died(.exited): return "exited"
        case .protocolGarbage: return "protocol-garbage"
        case .missedDeadline: return "missed-deadline"
        case .retired: return "retired"
        case .backingOff: return "backing-off"
        case .stayedOff: return "stayed-off"
        case .couldNotStart: return "could-not-start"
        }
    }

    /// A crash (a fault signal, `SignalKind.crash`), an exit nobody asked for (the
    /// plugin's own `exit()`), or garbage: what the host remembers (BrokenPluginRegistry)
    /// and refuses in every later session. Not a stop signal or SIGKILL from outside (a
    /// service stop signals every runner with the host; remembered, it left alarm
    /// listening unable to start again), and not a missed deadline, which may be a slow
    /// moment rather than a broken file.
    public var isBreakage: Bool {
        switch cause {
        case .died(.signalled(let signal)): return SignalKind(signal) == .crash
        case .died(.exited), .protocolGarbage: return true
        case .missedDeadline, .retired, .backingOff, .stayedOff, .couldNotStart: return false
        }
    }

    /// The runner died of a stop signal while this host was itself being stopped: the
    /// same stop, not a loss. Not restarted, and not said.
    public var stoppedWithHost: Bool {
        guard case .died(.signalled(let signal)) = cause, SignalKind(signal) == .stopRequest else { return false }
        return HostStop.isRequested
    }

    /// For a plugin that `restarts`: the host starts a new instance after this (now, or
    /// once the backoff has passed). `stayedOff` is the end, and so is any death while
    /// the host is being stopped: a new runner would be killed at once (RestartingRunner
    /// starts none), and a caller that kept asking would only spin until the stop.
    public var leadsToRestart: Bool {
        if case .stayedOff = cause { return false }
        return !HostStop.isRequested
    }

    public var description: String {
        let tail = stderrTail.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? summary : "\(summary). Its last words on stderr: \(tail)"
    }

    /// How it ended, in the host's own words only (no stderr tail, which is the
    /// plugin's text): safe for a public log field.
    public var summary: String {
        let subject = "\(pluginID)\(isolated ? " (isolated)" : "")"
        var text: String
        switch cause {
        case .died(let termination):
            text = "\(subject) \(termination)"
            if let limit = memoryLimitMiB, case .signalled = termination {
                text += " (if it ran out of memory: its limit was \(limit) MiB)"
            }
        case .protocolGarbage(let why): text = "\(subject) wrote something that is not the runner protocol on its pipe (\(why)); it was stopped"
        case .missedDeadline(let seconds):
            text = isolated
                ? "\(subject) did not answer within \(String(format: "%.2f", seconds)) s of its deadline; its process was killed"
                : "\(subject) did not return within \(String(format: "%.2f", seconds)) s of its deadline; the call was abandoned and the plugin is not used again this session"
        case .retired: text = "\(subject) stopped earlier in this session and is not used again"
        case .backingOff(let seconds):
            text = "\(subject) stopped moments ago; it is started again in \(String(format: "%.1f", max(0, seconds))) s"
        case .stayedOff(let restarts): text = "\(subject) was restarted \(restarts) times within a minute and stays off for the rest of this session"
        case .couldNotStart(let why): text = "\(subject) could not be started: \(why)"
        }
        return text
    }
}
