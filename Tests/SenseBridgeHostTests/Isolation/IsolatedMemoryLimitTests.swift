import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A leaking isolated plugin reaches its memory limit (RLIMIT_DATA in the runner) and
/// crashes there, in its own process: the host is told it may have been the limit, and
/// the host's own memory never carries the leak.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct IsolatedMemoryLimitTests {
    static let limitMiB = 256

    @Test func aLeakingComposerCrashesAtItsMemoryLimitAndTheHostDoesNotGrow() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.leak, isolated: true, memoryLimitMiB: Self.limitMiB)
        let before = try #require(residentBytes())
        var served = 0
        var stopped: PluginStopped?
        // 50 MiB a call against 256 MiB: the limit is reached within 6 calls; 10 leaves room.
        for _ in 0..<10 where stopped == nil {
            switch composer.timedCompose(deadlineIn: 10).result {
            case .success(let phrases):
                #expect(phrases == HostileScene.wellBehaved)
                served += 1
            case .failure(let error as PluginStopped):
                stopped = error
            case .failure(let other):
                Issue.record("unexpected \(other)")
                return
            }
        }
        let crash = try #require(stopped, "10 leaking calls fitted in \(Self.limitMiB) MiB: the limit was not applied")
        #expect(crash.code == "crashed")
        #expect(crash.description.contains("its limit was \(Self.limitMiB) MiB"), "\(crash)")
        #expect(served >= 1 && served < 6, "it behaved until the limit: \(served) calls served")
        let grown = try #require(residentBytes()) - before
        #expect(grown < 100 << 20, "the host grew by \(grown >> 20) MiB while its plugin leaked \(served * 50) MiB")
    }

    /// This process's resident memory, from /proc/self/statm.
    func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
