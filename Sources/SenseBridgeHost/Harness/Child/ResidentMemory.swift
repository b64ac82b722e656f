import Foundation

/// Resident memory of this process, and the rule for calling its growth a leak.
enum ResidentMemory {
    /// Growth allowed per create/destroy cycle or per call. A few hundred bytes come
    /// and go with allocator bookkeeping; 4 KB a call is a page a call, which over a
    /// day of narration at a few calls a second is hundreds of megabytes on a wearable.
    static let allowedBytesPerIteration = 4096

    /// Bytes resident now, from /proc/self/statm (pages × page size); nil where unreadable.
    static func current() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    struct Growth: Equatable {
        var iterations: Int
        var bytes: Int
        var bytesPerIteration: Int { iterations > 0 ? bytes / iterations : 0 }
        var isLeak: Bool { bytesPerIteration > ResidentMemory.allowedBytesPerIteration }

        /// "RSS +64,000 KB over 1000 cycles (65,536 B per cycle; the limit is 4,096 B)".
        func describe(_ unit: String) -> String {
            let kilobytes = bytes / 1024
            return "RSS \(kilobytes >= 0 ? "+" : "")\(kilobytes) KB over \(iterations) \(unit)s "
                + "(\(bytesPerIteration) B per \(unit); the limit is \(ResidentMemory.allowedBytesPerIteration) B)"
        }
    }

    /// Runs `body` for a warm-up (so caches and first-use allocations settle), then
    /// measures resident growth over up to `target` more iterations. A slow plugin
    /// gets fewer iterations (never below `minimum`) so the loop ends inside
    /// `budget` seconds rather than being killed as a hang.
    static func measure(warmUp: Int = 100, target: Int = 1000, minimum: Int = 100, budget: TimeInterval,
                        _ body: () throws -> Void) throws -> Growth? {
        let start = MonotonicClock.nanoseconds()
        var warmed = 0
        while warmed < warmUp {
            try body()
            warmed += 1
            if seconds(since: start) > budget * 0.3 { break }
        }
        let perIteration = seconds(since: start) / Double(max(warmed, 1))
        let affordable = perIteration > 0 ? Int(budget * 0.6 / perIteration) : target
        let iterations = min(target, max(minimum, affordable))
        guard let before = current() else { return nil }
        for _ in 0..<iterations { try body() }
        guard let after = current() else { return nil }
        return Growth(iterations: iterations, bytes: after - before)
    }

    static func seconds(since start: UInt64) -> TimeInterval {
        Double(MonotonicClock.nanoseconds() - start) / 1e9
    }
}
