import Foundation
import SenseBridgeProcess
import SenseBridgeCore
import SenseBridgeHost

/// Resident memory of this process, and the rule for calling its growth a leak.
enum ResidentMemory {
    /// Growth allowed per create/destroy cycle or per call. Well-behaved plugins
    /// measure 0-4 B; a plugin that keeps one 4 KB page per create measures ~4,080 B,
    /// so the limit sits well below a page. Over a day of narration at a few calls a
    /// second, even a kilobyte a call is tens of megabytes on a wearable.
    static let allowedBytesPerIteration = 1024
    /// Growth below this in total is never called a leak: a heap extension or a lazily
    /// created cache shows up as a one-off step, which matters only when few
    /// iterations fit (a slow plugin) and the step would dominate the per-call figure.
    static let noiseFloorBytes = 256 * 1024

    /// Bytes resident now, from /proc/self/statm (pages × page size); nil where unreadable.
    static func current() -> Int? {
        guard let text = WholeFile.read("/proc/self/statm").map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    struct Growth: Equatable {
        var iterations: Int
        var bytes: Int
        var bytesPerIteration: Int { iterations > 0 ? bytes / iterations : 0 }
        var isLeak: Bool { bytesPerIteration > ResidentMemory.allowedBytesPerIteration && bytes > ResidentMemory.noiseFloorBytes }

        /// "RSS +64,000 KB over 1000 cycles (65,536 B per cycle; the limit is 4,096 B)".
        func describe(_ unit: String) -> String {
            let kilobytes = bytes / 1024
            return "RSS \(kilobytes >= 0 ? "+" : "")\(kilobytes) KB over \(iterations) \(unit)s "
                + "(\(bytesPerIteration) B per \(unit); the limit is \(ResidentMemory.allowedBytesPerIteration) B)"
        }
    }

    /// The longest a measured loop runs. A plugin paced by the clock (a replay at
    /// recorded speed) gets fewer iterations rather than minutes of waiting.
    static let loopBudget: TimeInterval = 20
    /// Fewer measured iterations than this cannot tell a leak from allocator noise.
    static let minimumIterations = 20

    enum Measurement: Equatable {
        case measured(Growth)
        /// Too slow to measure enough iterations in the budget: iterations per second.
        case tooSlow(Double)
        /// /proc/self/statm is unreadable.
        case unavailable
        /// The loop ran, but under a sanitizer, where resident memory grows for a plugin
        /// that leaks nothing (`underSanitizerReason`).
        case underSanitizer(RuntimeSanitizer.Kind)
    }

    /// Runs `body` for a warm-up (so caches and first-use allocations settle), then
    /// measures resident growth over up to `target` more iterations, as many as fit
    /// in the budget (the smaller of `budget` and `loopBudget`), so the loop ends
    /// well before the harness would call it a hang.
    /// `sanitizer` is the one this process runs under; a test of the measurement itself
    /// says nil, to measure its own deliberate leak regardless.
    static func measure(warmUp: Int = 100, target: Int = 1000, budget: TimeInterval,
                        sanitizer: RuntimeSanitizer.Kind? = RuntimeSanitizer.current,
                        _ body: () throws -> Void) throws -> Measurement {
        let budget = min(budget, loopBudget)
        let start = MonotonicClock.nanoseconds()
        var warmed = 0
        while warmed < warmUp {
            try body()
            warmed += 1
            if seconds(since: start) > budget * 0.3 { break }
        }
        let perIteration = seconds(since: start) / Double(max(warmed, 1))
        let affordable = perIteration > 0 ? Int(budget * 0.6 / perIteration) : target
        let iterations = min(target, affordable)
        guard iterations >= minimumIterations else { return .tooSlow(perIteration > 0 ? 1 / perIteration : 0) }
        guard let before = current() else { return .unavailable }
        for _ in 0..<iterations { try body() }
        // Still run: LeakSanitizer then finds what the calls leaked, with its stack.
        if let sanitizer { return .underSanitizer(sanitizer) }
        guard let after = current() else { return .unavailable }
        return .measured(Growth(iterations: iterations, bytes: after - before))
    }

    /// The check's verdict on a measurement, in the words of its `unit`.
    static func report(_ measurement: Measurement, unit: String, suffix: String = "") throws -> CheckReport {
        switch measurement {
        case .unavailable:
            return .skip("resident memory cannot be read from /proc/self/statm")
        case .underSanitizer(let sanitizer):
            return .skip(underSanitizerReason(sanitizer))
        case .tooSlow(let rate):
            return .skip("only \(String(format: "%.1f", rate)) \(unit)s a second: too few fit in \(Int(loopBudget)) s to tell a leak from noise")
        case .measured(let growth):
            if growth.isLeak { throw CheckFailure("resident memory grew: \(growth.describe(unit))") }
            return .pass(growth.describe(unit) + suffix)
        }
    }

    /// Why a resident-memory check says nothing under `sanitizer` (`make sanitize`):
    /// AddressSanitizer's allocator keeps freed memory in quarantine, and ThreadSanitizer
    /// keeps the shadow of every new thread's stack resident (a plugin that starts a thread
    /// per instance, as the speech target does, grew 82 KB a cycle under it and 0 without).
    static func underSanitizerReason(_ sanitizer: RuntimeSanitizer.Kind) -> String {
        switch sanitizer {
        case .address:
            return "running under AddressSanitizer, whose allocator keeps freed memory in quarantine, "
                + "so resident memory cannot tell a leak; LeakSanitizer reports leaks with their stacks when the process exits"
        case .thread:
            return "running under ThreadSanitizer, which keeps the shadow of every new thread's stack resident, "
                + "so resident memory cannot tell a leak; a build without it measures this (make test)"
        }
    }

    static func seconds(since start: UInt64) -> TimeInterval {
        Double(MonotonicClock.nanoseconds() - start) / 1e9
    }
}
