import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Synchronization
import Testing
@testable import SenseBridgeHost

/// A runner dies with its host, never with the thread that started it. Linux sends the
/// parent-death signal when the spawning *thread* ends; a runner started on a thread
/// that then ended (a Dispatch worker retiring, a call's own thread) was killed by
/// SIGKILL mid-session and remembered as broken.
@Suite struct RunnerOutlivesItsThreadTests {
    @Test func aComposerStartedOnAThreadThatEndedStillAnswers() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let made = Mutex<SceneComposerInstance?>(nil)
        let (host, manifest) = (fixture.host, fixture.manifest)
        let start = CallOnAnotherThread {
            let composer = try host.sceneComposer(manifest, config: MisbehavingPlugin.config(.well), placement: Placement(isolated: true))
            made.withLock { $0 = composer }
        }
        #expect(try start.wait(seconds: 60) == nil)
        let composer = try #require(made.withLock { $0 })
        // The thread has returned; give the kernel time to deliver what it would.
        let runners = fixture.runners
        try #require(runners.count == 1, "\(runners)")
        usleep(300_000)
        #expect(fixture.runners == runners, "the runner died with the thread that started it")
        let result = composer.timedCompose(deadlineIn: 10).result
        #expect(try result.get() == HostileScene.wellBehaved)
    }
}
