import Foundation
import SenseBridgePluginKit

/// Whether the perceive in progress must stop: `cancel()` from another thread, or its
/// deadline passing on the host's clock. Read between tesseract's stages and, during
/// recognition, by tesseract itself through its monitor's cancel callback, which it asks
/// before each text line (TesseractMonitor).
///
/// As the header asks, a cancel applies to the call in progress only: one that arrives
/// between calls is ignored, so a late cancel cannot cut off the next page.
/// Unchecked Sendable: `lock` guards every `var`; `clock` is the host's, [any-thread].
final class RecognitionStop: @unchecked Sendable {
    enum Reason {
        case cancelled
        case deadlinePassed
    }

    private let lock = NSLock()
    private let clock: HostServices
    private var inCall = false
    private var cancelled = false
    private var deadline: UInt64 = .max

    init(clock: HostServices) {
        self.clock = clock
    }

    func begin(deadline: UInt64) {
        lock.withLock {
            inCall = true
            cancelled = false
            self.deadline = deadline
        }
    }

    func end() {
        lock.withLock {
            inCall = false
            cancelled = false
            deadline = .max
        }
    }

    /// [any-thread]
    func cancel() {
        lock.withLock { if inCall { cancelled = true } }
    }

    /// Why the call must stop, or nil to go on. Called from tesseract's thread.
    ///
    /// The deadline is asked first: once it has passed, the host cancels the call as well
    /// (its nudge), and "too late" is then the truer reason than the cancel it caused.
    var reason: Reason? {
        let (cancelled, deadline) = lock.withLock { (self.cancelled, self.deadline) }
        if deadline != .max && clock.monotonicNanoseconds() >= deadline { return .deadlinePassed }
        if cancelled { return .cancelled }
        return nil
    }

    /// Throws once the call must stop; `stage` says what had been reached, for the message.
    func check(_ stage: String) throws {
        if let reason { throw Self.error(reason, stage: stage) }
    }

    static func error(_ reason: Reason, stage: String) -> PluginError {
        switch reason {
        case .cancelled:
            return PluginError(.cancelled, "Reading the image was cancelled \(stage).")
        case .deadlinePassed:
            return PluginError(.timeout, "Reading the image passed its deadline \(stage); nothing from it was used.")
        }
    }
}
