import Foundation
import Testing
@testable import SenseBridgeHarness
import SenseBridgeHost
import SenseBridgeProcess

/// The leak rule, and the measurement on this very process.
@Suite(.serialized) struct ResidentMemoryTests {
    func growth(_ measurement: ResidentMemory.Measurement) throws -> ResidentMemory.Growth {
        guard case .measured(let growth) = measurement else { throw CheckFailure("not measured: \(measurement)") }
        return growth
    }

    @Test func growthPerIterationAgainstTheLimit() {
        #expect(!ResidentMemory.Growth(iterations: 1000, bytes: 1_024_000).isLeak)
        // One page per create, as a real plugin was found to keep.
        #expect(ResidentMemory.Growth(iterations: 1000, bytes: 4_083_712).isLeak)
        // A one-off step over a short loop is noise, not a leak.
        #expect(!ResidentMemory.Growth(iterations: 20, bytes: 135_168).isLeak)
        #expect(ResidentMemory.Growth(iterations: 20, bytes: 1_310_720).isLeak)
        #expect(ResidentMemory.Growth(iterations: 1000, bytes: 65_536_000).describe("cycle")
            == "RSS +64000 KB over 1000 cycles (65536 B per cycle; the limit is 1024 B)")
    }

    @Test func aRealLeakIsMeasuredAndNoWorkIsNot() throws {
        var kept: [UnsafeMutableRawPointer] = []
        defer { kept.forEach { free($0) } }
        let leak = try growth(try ResidentMemory.measure(budget: 10, sanitizer: nil) {
            let block = malloc(64 * 1024)!
            memset(block, 1, 64 * 1024)
            kept.append(block)
        })
        #expect(leak.iterations == 1000)
        #expect(leak.isLeak, "\(leak.describe("call"))")
        #expect(throws: CheckFailure.self) { try ResidentMemory.report(.measured(leak), unit: "call") }
        var counter = 0
        let quiet = try growth(ResidentMemory.measure(budget: 10, sanitizer: nil) { counter += 1 })
        #expect(!quiet.isLeak, "\(quiet.describe("call"))")
        #expect(try ResidentMemory.report(.measured(quiet), unit: "call").status == .pass)
    }

    @Test func aSlowBodyGetsFewerIterationsOrIsSkipped() throws {
        let slow = try growth(ResidentMemory.measure(warmUp: 10, target: 1000, budget: 0.5, sanitizer: nil) { usleep(2000) })
        #expect(slow.iterations >= ResidentMemory.minimumIterations && slow.iterations < 1000)
        let tooSlow = try ResidentMemory.measure(warmUp: 2, target: 1000, budget: 0.2, sanitizer: nil) { usleep(50_000) }
        guard case .tooSlow(let rate) = tooSlow else { Issue.record("\(tooSlow)"); return }
        #expect(rate > 5 && rate < 25)
        #expect(try ResidentMemory.report(tooSlow, unit: "call").status == .skip)
    }

    @Test("under a sanitizer the loop still runs, and the check skips saying why",
          arguments: [(RuntimeSanitizer.Kind.address, "LeakSanitizer"), (.thread, "make test")])
    func underASanitizerTheCheckSkips(sanitizer: RuntimeSanitizer.Kind, pointer: String) throws {
        var calls = 0
        let measurement = try ResidentMemory.measure(warmUp: 5, target: 50, budget: 10, sanitizer: sanitizer) { calls += 1 }
        #expect(measurement == .underSanitizer(sanitizer))
        #expect(calls >= 50 + 5)
        let report = try ResidentMemory.report(measurement, unit: "call")
        #expect(report.status == .skip)
        #expect(report.reason?.contains(sanitizer.rawValue) == true && report.reason?.contains(pointer) == true)
    }
}
