import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The pipe protocol's fuzz seeds (Fuzz/corpus/runner-reply, runner-request) are the
/// messages RunnerWireTests round-trips, written by the current encoder. Checked here
/// byte for byte, so a change to the protocol fails this test until the seeds are
/// written again (`SENSEBRIDGE_WRITE_FUZZ_SEEDS=1 swift test --filter RunnerWireFuzzSeed`)
/// instead of leaving the fuzzer to start from messages the host no longer reads.
@Suite struct RunnerWireFuzzSeedTests {
    static let corpus = RepositoryPaths.root.appendingPathComponent("Fuzz/corpus")

    static func framed(_ body: [UInt8]) -> [UInt8] {
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) } + body
    }

    static var replySeeds: [(String, [UInt8])] {
        RunnerWireTests.replies.enumerated().map { index, reply in
            // The target's first bytes: chunk size, record count, and whether the rest is framed.
            ("wire-\(index)-\(reply.kind)", [7, 5, 1] + framed(reply.encode(id: UInt32(index + 1))))
        }
    }

    static var requestSeeds: [(String, [UInt8])] {
        RunnerWireTests.requests.enumerated().map { index, request in
            ("wire-\(index)", request.encode(id: UInt32(index + 1)))
        }
    }

    @Test("the runner-reply and runner-request seeds are what the encoder writes today",
          arguments: ["runner-reply", "runner-request"])
    func seedsMatchTheEncoder(target: String) throws {
        let seeds = target == "runner-reply" ? Self.replySeeds : Self.requestSeeds
        let directory = Self.corpus.appendingPathComponent(target)
        if ProcessInfo.processInfo.environment["SENSEBRIDGE_WRITE_FUZZ_SEEDS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, bytes) in seeds { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        }
        for (name, bytes) in seeds {
            let written = try? Data(contentsOf: directory.appendingPathComponent(name))
            #expect(written == Data(bytes), "\(target)/\(name) is stale or missing; write the seeds again (see the suite's comment)")
        }
    }
}
