import Foundation
import Testing
@testable import SenseBridgeHost

/// The leak rule, and the measurement on this very process.
@Suite(.serialized) struct ResidentMemoryTests {
    @Test func growthPerIterationAgainstTheLimit() {
        #expect(!ResidentMemory.Growth(iterations: 1000, bytes: 4_096_000).isLeak)
        #expect(ResidentMemory.Growth(iterations: 1000, bytes: 4_097_000).isLeak)
        #expect(ResidentMemory.Growth(iterations: 1000, bytes: 65_536_000).describe("cycle")
            == "RSS +64000 KB over 1000 cycles (65536 B per cycle; the limit is 4096 B)")
    }

    @Test func aRealLeakIsMeasuredAndNoWorkIsNot() throws {
        var kept: [UnsafeMutableRawPointer] = []
        defer { kept.forEach { free($0) } }
        let leak = try #require(try ResidentMemory.measure(budget: 10) {
            let block = malloc(64 * 1024)!
            memset(block, 1, 64 * 1024)
            kept.append(block)
        })
        #expect(leak.iterations == 1000)
        #expect(leak.isLeak, "\(leak.describe("call"))")
        var counter = 0
        let quiet = try #require(try ResidentMemory.measure(budget: 10) { counter += 1 })
        #expect(!quiet.isLeak, "\(quiet.describe("call"))")
    }

    @Test func aSlowBodyGetsFewerIterationsButAtLeastTheMinimum() throws {
        let growth = try #require(try ResidentMemory.measure(warmUp: 10, target: 1000, minimum: 20, budget: 0.2) { usleep(2000) })
        #expect(growth.iterations >= 20 && growth.iterations < 1000)
    }
}
