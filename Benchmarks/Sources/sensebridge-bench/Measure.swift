import Foundation
import SenseBridgeHost

/// Times `body` over `iterations` after a warm-up and returns microseconds per call
/// (the median of five rounds, so one scheduler hiccup on a shared machine does not
/// decide the figure).
func microsecondsPerCall(iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<max(1, iterations / 10) { try body() }
    var rounds: [Double] = []
    for _ in 0..<5 {
        let start = MonotonicClock.nanoseconds()
        for _ in 0..<iterations { try body() }
        rounds.append(Double(MonotonicClock.nanoseconds() - start) / 1000 / Double(iterations))
    }
    return rounds.sorted()[2]
}

/// Resident set size in KiB, from /proc/self/statm.
func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func report(_ name: String, _ figure: String) {
    print(name.padding(toLength: 60, withPad: " ", startingAt: 0) + figure)
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}
