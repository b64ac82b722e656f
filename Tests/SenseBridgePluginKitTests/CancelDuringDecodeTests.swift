import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import Testing
@testable import SenseBridgePluginKit

/// PluginKit reads a compose request before the plugin sees it, and a plugin rightly
/// ignores a cancel while it is not composing; so a cancel in that time is PluginKit's to
/// honour. EchoComposer ignores cancel altogether: any SB_ERR_CANCELLED here is PluginKit's.
@Suite struct CancelDuringDecodeTests {
    let vtable = PluginExport.sceneComposer(EchoComposer.self, id: "test.echo.cancel", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
        .get_interface(SB_INTERFACE_SCENE_COMPOSER)!.assumingMemoryBound(to: sb_scene_composer.self).pointee

    /// The largest request the ABI allows: reading it takes many milliseconds even in a
    /// release build, far longer than the millisecond between two cancels below.
    final class Request: @unchecked Sendable {  // Unchecked Sendable: read-only after init.
        let label = strdup("chair")!
        let records: UnsafeMutablePointer<sb_record>
        let count = 100_000
        init() {
            records = .allocate(capacity: count)
            records.initialize(repeating: sb_record(kind: SB_RECORD_OBJECT, flags: 0, label: UnsafePointer(label), confidence: 0.9,
                                                    box: sb_box(), distance_m: 0), count: count)
        }
        deinit {
            records.deallocate()
            free(label)
        }
    }

    func compose(_ instance: UnsafeMutableRawPointer, _ request: Request) -> (sb_status, String) {
        var c = sb_compose_request(struct_size: UInt32(MemoryLayout<sb_compose_request>.size), records: request.records,
                                   record_count: request.count, locale: nil, max_words: 8, max_labels: 4, deadline_ns: .max)
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        var error = sb_error()
        let status = vtable.compose(instance, &c, &result, &error)
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return (status, message)
    }

    @Test func aCancelWhileTheRequestIsReadEndsTheCall() throws {
        var error = sb_error()
        let instance = try #require(vtable.create(nil, "{}", &error))
        defer { vtable.destroy(instance) }
        let request = Request()
        nonisolated(unsafe) let handle = instance
        let vtable = self.vtable
        let outcome = LockedOutcome()
        let worker = Thread { outcome.set(self.compose(handle, request)) }
        worker.start()
        // Cancel until the call returns: one before it began is ignored, as the header says.
        let limit = Date().addingTimeInterval(60)
        while outcome.value == nil && Date() < limit {
            vtable.cancel(handle)
            usleep(1000)
        }
        let (status, message) = try #require(outcome.value, "compose did not return")
        #expect(status == SB_ERR_CANCELLED, "\(status): \(message)")
        #expect(message == "Composing was cancelled while the request was being read.")
        // The cancel stuck to that call only.
        let (after, _) = compose(instance, request)
        #expect(after == SB_OK)
    }

    @Test func aCancelWithNoCallInProgressIsIgnored() throws {
        var error = sb_error()
        let instance = try #require(vtable.create(nil, "{}", &error))
        defer { vtable.destroy(instance) }
        vtable.cancel(instance)
        #expect(compose(instance, Request()).0 == SB_OK)
    }
}

/// Unchecked Sendable: `lock` guards `stored`.
final class LockedOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (sb_status, String)?
    func set(_ value: (sb_status, String)) { lock.withLock { stored = value } }
    var value: (sb_status, String)? { lock.withLock { stored } }
}
