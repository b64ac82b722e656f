import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// An isolated plugin whose manifest does not declare `usesNetwork` cannot reach the
/// network, not even 127.0.0.1: its runner has no network namespace to speak of (or a
/// seccomp filter refusing IP sockets). The same library in process, or isolated with
/// the declaration (after the consent gate), connects to the same listener, so a
/// failure here is the sandbox's doing and not the test's.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct UndeclaredNetworkTests {
    let listener: LoopbackListener

    init() throws {
        listener = try LoopbackListener()
    }

    @Test func anIsolatedComposerThatDidNotDeclareTheNetworkCannotConnect() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.connect, isolated: true, port: listener.port)
        let failed = try #require(composer.timedCompose(deadlineIn: 10).result.thrownError(PluginCallError.self))
        #expect(failed.message.contains("connect failed"), "\(failed)")
        #expect(!listener.acceptsConnection(within: 0), "nothing reached the listener")
    }

    @Test func theSameComposerInProcessConnects() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.connect, isolated: false, port: listener.port)
        #expect(try composer.timedCompose(deadlineIn: 10).result.get() == HostileScene.wellBehaved)
        #expect(listener.acceptsConnection(within: 5))
    }

    @Test func anIsolatedComposerThatDeclaredTheNetworkConnectsOnceConsentIsGiven() throws {
        let fixture = try HostileFixture(.sceneComposer, usesNetwork: true)
        let config = MisbehavingPlugin.config(.connect, port: listener.port)
        #expect(thrown(NetworkComposerRefused.self) {
            try fixture.host.sceneComposer(fixture.manifest, config: config, placement: Placement(isolated: true))
        } != nil, "without consent it is not created at all")
        // The consent gate's own door (SenseBridgeNetwork calls it once both gates passed).
        let composer = try fixture.host.networkSceneComposer(fixture.manifest, resolvedConfig: config, placement: Placement(isolated: true))
        #expect(composer.isolated)
        #expect(try composer.timedCompose(deadlineIn: 10).result.get() == HostileScene.wellBehaved)
        #expect(listener.acceptsConnection(within: 5))
    }
}

/// A TCP socket listening on 127.0.0.1 on a port the kernel chose.
final class LoopbackListener {
    let descriptor: Int32
    let port: Int

    struct Failed: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed(call: "socket", code: errno) }
        func fail(_ call: String) -> Failed {
            let failed = Failed(call: call, code: errno)
            close(fd)
            return failed
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw fail("bind") }
        guard listen(fd, 8) == 0 else { throw fail("listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw fail("getsockname") }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// Whether a connection is waiting (or arrives) within `seconds`; accepts and closes it.
    func acceptsConnection(within seconds: Double) -> Bool {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, Int32(seconds * 1000)) == 1 else { return false }
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return false }
        close(connection)
        return true
    }
}
