import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// The calls of one plugin instance, wherever it runs: in this process on a call
/// thread of its own (`GuardedComposer`, …) or in a runner process (`IsolatedComposer`,
/// …). The public instance classes hold one, so sessions, the fan-out and the harness
/// never know which. Either way every call returns by its deadline plus grace, or
/// throws `PluginStopped`.
protocol ComposerBackend: AnyObject, Sendable {
    func compose(_ call: RunnerRequest.ComposeCall) throws -> PhraseCodec.Decoded
    /// [any-thread]
    func cancel()
}

protocol RenderBackend: AnyObject, Sendable {
    /// `interruption`, when given, reaches this render's call only (`RenderInterruption`).
    func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws
    /// [any-thread]
    func interrupt()
    /// Whether a call after the plugin died starts a new instance (isolated, and its
    /// manifest says it resumes); in process, never.
    var restarts: Bool { get }
    /// Starts the new instance after a death, as the budget allows (only when `restarts`).
    func resume() throws
}

protocol PerceiverBackend: AnyObject, Sendable {
    func perceive(_ call: RunnerRequest.PerceiveCall) throws -> Perception
    /// [any-thread]
    func cancel()
}

protocol SourceBackend: AnyObject, Sendable {
    func start() throws
    func next(timeoutMilliseconds: UInt32) throws -> SensingSourceInstance.Next
    func stop()
    /// As `RenderBackend.restarts`.
    var restarts: Bool { get }
}

extension RenderBackend {
    var restarts: Bool { false }
    func resume() throws {}
}

extension SourceBackend {
    var restarts: Bool { false }
}

/// How long the host waits for calls that have no deadline in the ABI.
enum CallBounds {
    /// Past its deadline, a call gets this long to notice a cancel or interrupt.
    static let grace: Double = RunnerConnection.grace
    /// start, stop and create: generous, since they open devices and files.
    static let housekeepingSeconds: Double = RunnerConnection.housekeepingSeconds

    /// A render may take as long as speaking the text would, and more: 5 s, plus 80 ms
    /// per byte (12.5 bytes a second, slower than any speaking rate), so a correct
    /// target reading a long paragraph aloud is never cut off, and a hung one is found
    /// within seconds for a sentence.
    static func renderDeadline(bytes: Int, from now: UInt64 = MonotonicClock.nanoseconds()) -> UInt64 {
        now + UInt64((5 + 0.08 * Double(bytes)) * 1e9)
    }

    static func frameDeadline(timeoutMilliseconds: UInt32, from now: UInt64 = MonotonicClock.nanoseconds()) -> UInt64 {
        now + UInt64(timeoutMilliseconds) * 1_000_000
    }

    /// `deadline` plus `nanoseconds`, where a caller's "no deadline" (UInt64.max) stays
    /// no deadline instead of wrapping round to one long past.
    static func adding(_ nanoseconds: UInt64, to deadline: UInt64) -> UInt64 {
        deadline > UInt64.max - nanoseconds ? UInt64.max : deadline + nanoseconds
    }

    static func after(seconds: Double, from now: UInt64 = MonotonicClock.nanoseconds()) -> UInt64 {
        now + UInt64(seconds * 1e9)
    }
}
