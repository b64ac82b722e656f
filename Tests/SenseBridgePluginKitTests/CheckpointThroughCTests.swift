import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Foundation
import Testing
@testable import SenseBridgePluginKit

/// A composer that works one millisecond per record, polling its checkpoint before each,
/// and writes no `cancel()`: every stop it makes is the checkpoint's, marked by PluginKit.
final class PollingComposer: SceneComposerPlugin {
    // Unsafe: set by compose, read and cleared by the serialized CheckpointThroughCTests.
    nonisolated(unsafe) static var entered = false
    init(host: HostServices, config: PluginConfig) throws {}

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        PollingComposer.entered = true
        for _ in request.records {
            try request.checkpoint.check("Counting", "between records")
            usleep(1000)
        }
        return []
    }
}

/// A target that holds each message on show for up to a minute, waking on its checkpoint.
final class HoldingTarget: RenderTargetPlugin {
    init(host: HostServices, config: PluginConfig) throws {}

    func render(_ request: RenderRequest) throws {
        if request.checkpoint.wait(seconds: 60) { throw PluginError(.cancelled, "The message was cut off.") }
    }
}

/// A listener that listens until its checkpoint says stop (at most a minute).
final class EndlessListener: AudioPerceiverPlugin {
    init(host: HostServices, config: PluginConfig) throws {}

    func perceive(_ request: AudioPerceiveRequest) throws -> [PerceptionRecord] {
        let limit = Date().addingTimeInterval(60)
        while Date() < limit {
            try request.checkpoint.check("Listening")
            usleep(1000)
        }
        return []
    }
}

/// The checkpoint as a plugin meets it, through the C table the host calls: a cancel
/// before, during and after a call; the deadline; cancels from many threads.
@Suite(.serialized) struct CheckpointThroughCTests {
    let composer = PluginExport.sceneComposer(PollingComposer.self, id: "test.polling-composer", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
        .get_interface(SB_INTERFACE_SCENE_COMPOSER)!.assumingMemoryBound(to: sb_scene_composer.self).pointee
    let target = PluginExport.renderTarget(HoldingTarget.self, id: "test.holding-target", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
        .get_interface(SB_INTERFACE_RENDER_TARGET)!.assumingMemoryBound(to: sb_render_target.self).pointee
    let listener = PluginExport.audioPerceiver(EndlessListener.self, id: "test.endless-listener", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
        .get_interface(SB_INTERFACE_PERCEIVER)!.assumingMemoryBound(to: sb_perceiver.self).pointee

    // Unsafe: written once here, only read after.
    nonisolated(unsafe) static let label = strdup("chair")!
    static func now() -> UInt64 { HostServices(nil).monotonicNanoseconds() }

    /// A compose of `count` records (`count` ms of work), and what it returned.
    func compose(_ instance: UnsafeMutableRawPointer, records count: Int, deadline: UInt64 = .max) -> (sb_status, String) {
        let records = UnsafeMutablePointer<sb_record>.allocate(capacity: max(count, 1))
        defer { records.deallocate() }
        records.initialize(repeating: sb_record(kind: SB_RECORD_OBJECT, flags: 0, label: UnsafePointer(Self.label), confidence: 0.9,
                                                box: sb_box(), distance_m: 0), count: max(count, 1))
        var request = sb_compose_request(struct_size: UInt32(MemoryLayout<sb_compose_request>.size), records: records,
                                         record_count: count, locale: nil, max_words: 8, max_labels: 4, deadline_ns: deadline)
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        var error = sb_error()
        let status = composer.compose(instance, &request, &result, &error)
        return (status, withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }

    /// Starts `body` on a thread of its own; the outcome is read once it has returned.
    func inBackground(_ body: @escaping @Sendable () -> (sb_status, String)) -> LockedOutcome {
        let outcome = LockedOutcome()
        Thread { outcome.set(body()) }.start()
        return outcome
    }

    func waitFor(_ outcome: LockedOutcome, seconds: Double = 30) -> (sb_status, String)? {
        let limit = Date().addingTimeInterval(seconds)
        while outcome.value == nil && Date() < limit { usleep(1000) }
        return outcome.value
    }

    /// A minute's compose started on a thread of its own, returned once the plugin is
    /// inside it (so a cancel now is a cancel during the call).
    func longComposeEntered(_ handle: UnsafeMutableRawPointer) throws -> LockedOutcome {
        PollingComposer.entered = false
        nonisolated(unsafe) let shared = handle
        let outcome = inBackground { self.compose(shared, records: 60_000) }
        let limit = Date().addingTimeInterval(30)
        while !PollingComposer.entered && Date() < limit { usleep(1000) }
        try #require(PollingComposer.entered, "compose was never entered")
        return outcome
    }

    @Test func aCancelBeforeTheCallIsIgnored() throws {
        var error = sb_error()
        let handle = try #require(composer.create(nil, "{}", &error))
        defer { composer.destroy(handle) }
        composer.cancel(handle)
        #expect(compose(handle, records: 20).0 == SB_OK)
    }

    /// One cancel, sent once the plugin is inside compose, ends a call of a minute's work
    /// through the checkpoint alone: the plugin has no cancel of its own.
    @Test func aCancelDuringTheCallEndsItAtTheNextPoll() throws {
        var error = sb_error()
        let handle = try #require(composer.create(nil, "{}", &error))
        defer { composer.destroy(handle) }
        let started = Date()
        let outcome = try longComposeEntered(handle)
        composer.cancel(handle)
        let (status, message) = try #require(waitFor(outcome), "compose did not return")
        #expect(status == SB_ERR_CANCELLED, "\(status): \(message)")
        #expect(message == "Counting was cancelled between records.")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A cancel that comes after the call returned (late, for a call already answered)
    /// reaches nothing: the next call is whole.
    @Test func aLateCancelDoesNotAffectTheNextCall() throws {
        var error = sb_error()
        let handle = try #require(composer.create(nil, "{}", &error))
        defer { composer.destroy(handle) }
        #expect(compose(handle, records: 5).0 == SB_OK)
        composer.cancel(handle)
        #expect(compose(handle, records: 50).0 == SB_OK)
    }

    @Test func theDeadlineEndsTheCallWithTimeoutOnTheHostClock() throws {
        var error = sb_error()
        let handle = try #require(composer.create(nil, "{}", &error))
        defer { composer.destroy(handle) }
        let started = Date()
        let (status, message) = compose(handle, records: 60_000, deadline: Self.now() + 50_000_000)
        #expect(status == SB_ERR_TIMEOUT, "\(status): \(message)")
        #expect(message == "Counting passed its deadline between records; nothing from it was used.")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// Cancels from eight threads at once: the call in progress ends, and no cancel leaks
    /// past the call it landed on.
    @Test func cancelsFromAnyThreadLandOnTheCallInProgressOnly() throws {
        var error = sb_error()
        let handle = try #require(composer.create(nil, "{}", &error))
        defer { composer.destroy(handle) }
        let outcome = try longComposeEntered(handle)
        nonisolated(unsafe) let shared = handle
        let composer = self.composer
        DispatchQueue.concurrentPerform(iterations: 8) { _ in composer.cancel(shared) }
        #expect(waitFor(outcome)?.0 == SB_ERR_CANCELLED)
        // The cancels all landed on that call: the next one runs its whole length.
        #expect(compose(handle, records: 100).0 == SB_OK)
    }

    @Test func anInterruptWakesARenderWaitingOnItsCheckpoint() throws {
        var error = sb_error()
        let handle = try #require(target.create(nil, "{}", &error))
        defer { target.destroy(handle) }
        nonisolated(unsafe) let shared = handle
        let target = self.target
        let started = Date()
        let outcome = inBackground {
            var message = sb_message(struct_size: UInt32(MemoryLayout<sb_message>.size), signal: SB_SIGNAL_STATUS, flags: 0,
                                     text: nil, text_length: 0, locale: nil, session_time_ns: 0, sequence: 1)
            var error = sb_error()
            return (target.render(shared, &message, &error), "")
        }
        // Interrupt until it lands: one before the render began is ignored.
        while outcome.value == nil && Date().timeIntervalSince(started) < 30 {
            target.interrupt(handle)
            usleep(2000)
        }
        #expect(outcome.value?.0 == SB_ERR_CANCELLED)
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A perceive's deadline is read with its request; the checkpoint has it before the
    /// plugin is entered.
    @Test func aPerceiveEndsAtTheDeadlineItsRequestCarried() throws {
        var error = sb_error()
        let handle = try #require(listener.create(nil, "{}", &error))
        defer { listener.destroy(handle) }
        let block = AudioBlock(sampleRate: 16000, channels: 1, samples: [0, 0.1], firstSampleNanoseconds: 1, continuesPrevious: false)
        let request = CPerceiveRequest(input: .audio(block), timestampNanoseconds: 1, locale: "en", deadline: Self.now() + 50_000_000)
        var result = sb_perceive_result()
        result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
        error = sb_error()
        let started = Date()
        let status = listener.perceive(handle, request.pointer, &result, &error)
        #expect(status == SB_ERR_TIMEOUT)
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
