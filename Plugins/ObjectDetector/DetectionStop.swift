import SenseBridgePluginKit

/// Whether the perceive in progress must stop: `cancel()` from another thread, or its
/// deadline passing on the host's clock.
///
/// OpenCV cannot interrupt a forward pass, so the stop is checked at its edges: before
/// anything starts, after the image is prepared, and after the pass. A deadline that
/// passed during the pass means nothing from it is returned: the host asked for an
/// answer by then, and a late one would describe a view the person has moved on from.
/// `deadline` is touched by the instance's thread only ([instance-thread]).
/// Unchecked Sendable: `interruption` is thread-safe and `deadline` is the instance thread's alone.
final class DetectionStop: @unchecked Sendable {
    private let clock: HostServices
    private let interruption = CallInterruption()
    private var deadline: UInt64 = .max

    init(clock: HostServices) {
        self.clock = clock
    }

    func begin(deadline: UInt64) {
        self.deadline = deadline
        interruption.begin()
    }

    func end() {
        interruption.end()
        deadline = .max
    }

    /// [any-thread]
    func cancel() {
        interruption.request()
    }

    /// Throws once the call must stop; `stage` says what had been reached, for the message.
    /// The deadline is asked first: once it has passed, the host cancels the call as well
    /// (its nudge), and "too late" is then the truer reason than the cancel it caused.
    func check(_ stage: String) throws {
        if deadline != .max && clock.monotonicNanoseconds() >= deadline {
            throw PluginError(.timeout, "Looking for objects in the image passed its deadline \(stage); nothing from it was used.")
        }
        try interruption.check("Looking for objects in the image was cancelled \(stage).")
    }
}
