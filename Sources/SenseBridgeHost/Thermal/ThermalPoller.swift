import Dispatch
import Foundation
import SenseBridgeCore

/// Where an awareness session reads the device's thermal level from.
///
/// Two ways, because the two clocks want different things:
/// - `polled`: a background timer reads the thermal zones once a second of real time and
///   the session reads the latest answer, which never blocks. Some zones run firmware
///   when read (ACPI) and take milliseconds; that must not sit on the loop that keeps the
///   depth cadence (Invariant 5).
/// - `direct`: the session reads the zones itself, once a second of *recording* time. For
///   `--fast` replays, where there is no real time to protect and a background timer
///   would never fire before a nine-second recording is over.
/// Unchecked Sendable: `lock` guards `latest`, `timer` and every call of `reading`; the rest is `let`.
public final class ThermalPoller: @unchecked Sendable {
    /// Seconds between reads: the pace `ThermalBackoff.recoveryReadings` assumes.
    public static let interval = 1.0

    private let lock = NSLock()
    private let reading: @Sendable () -> ThermalLevel?
    private var latest: ThermalLevel?
    private var timer: DispatchSourceTimer?
    private let readsInBackground: Bool

    private init(readsInBackground: Bool, reading: @escaping @Sendable () -> ThermalLevel?) {
        self.reading = reading
        self.readsInBackground = readsInBackground
    }

    /// Reads in the background from now on; `read()` returns the latest answer.
    public static func polled(_ monitor: SysfsThermalMonitor) -> ThermalPoller {
        let poller = ThermalPoller(readsInBackground: true, reading: Self.reading(monitor))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "sensebridge.thermal", qos: .utility))
        timer.schedule(deadline: .now(), repeating: interval)
        timer.setEventHandler { [weak poller] in poller?.poll() }
        poller.timer = timer
        timer.resume()
        return poller
    }

    /// Reads the zones on every `read()`.
    public static func direct(_ monitor: SysfsThermalMonitor) -> ThermalPoller {
        direct(reading: reading(monitor))
    }

    /// Calls `reading` on every `read()`: any other source of a thermal level (a sensing
    /// source that reports its own, a scripted sequence in a test).
    public static func direct(reading: @escaping @Sendable () -> ThermalLevel?) -> ThermalPoller {
        ThermalPoller(readsInBackground: false, reading: reading)
    }

    /// The monitor is a value that remembers its zones between polls; one box keeps it.
    private static func reading(_ monitor: SysfsThermalMonitor) -> @Sendable () -> ThermalLevel? {
        let box = MonitorBox(monitor)
        return { box.level() }
    }

    /// Unchecked Sendable: only ever called under the poller's `lock`.
    private final class MonitorBox: @unchecked Sendable {
        var monitor: SysfsThermalMonitor
        init(_ monitor: SysfsThermalMonitor) { self.monitor = monitor }
        func level() -> ThermalLevel? { monitor.level() }
    }

    /// The level now (polled: at the last timer tick); nil when no zone could be read.
    public func read() -> ThermalLevel? {
        if !readsInBackground { poll() }
        return lock.withLock { latest }
    }

    private func poll() {
        lock.withLock {
            latest = reading()
        }
    }

    /// Stops the background reads; a stopped poller answers with its last reading.
    public func cancel() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    deinit { timer?.cancel() }
}
