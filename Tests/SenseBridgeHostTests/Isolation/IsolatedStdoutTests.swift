import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The host's stdout is the host's alone: what an isolated plugin prints goes to a
/// pipe the host reads and drops (it could hold what the camera saw, and a line such as
/// "It is SAFE to cross now." must never pass for the host's own output), and the host
/// says once, in its log, that it dropped something.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct IsolatedStdoutTests {
    @Test func whatAnIsolatedComposerPrintsIsDroppedAndLogged() throws {
        let fixture = try HostileFixture(.sceneComposer)
        do {
            let composer = try fixture.composer(.stdout, isolated: true)
            for _ in 0..<3 {
                #expect(try composer.timedCompose(deadlineIn: 10).result.get() == HostileScene.wellBehaved, "printing costs no phrase")
            }
        }
        // Released: the runner has exited and its reader drained every pipe, so the
        // drop has been seen whatever order the pipes were read in.
        let dropped = fixture.log.lines(containing: "plugin.stdout-dropped")
        #expect(dropped.count == 1, "said once, not once a print: \(fixture.log.lines)")
        #expect(dropped.first?.contains("plugin=\(fixture.plugin.id)") == true)
        #expect(!fixture.log.lines.joined().contains("SAFE"), "what it printed is not logged either")
        #expect(fixture.runners.isEmpty, "the released instance's runner exited")
    }

    @Test func aComposerThatPrintsNothingIsNotReportedForIt() throws {
        let fixture = try HostileFixture(.sceneComposer)
        do {
            let composer = try fixture.composer(.well, isolated: true)
            #expect(try composer.timedCompose(deadlineIn: 10).result.get() == HostileScene.wellBehaved)
        }
        #expect(fixture.log.lines(containing: "plugin.stdout-dropped").isEmpty, "\(fixture.log.lines)")
    }
}
