import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// An in-process composer behind its call thread: the host's deadline holds even for
/// a plugin that ignores cancel.
/// Unchecked Sendable: only `let`s, each Sendable or used as its own comment says.
final class GuardedComposer: ComposerBackend, @unchecked Sendable {
    private let plugin: InProcessComposer
    private let calls: InProcessCallThread

    init(_ plugin: InProcessComposer, pluginID: String) {
        self.plugin = plugin
        calls = InProcessCallThread(pluginID: pluginID)
    }

    deinit { calls.finish() }

    func compose(_ call: RunnerRequest.ComposeCall) throws -> PhraseCodec.Decoded {
        try calls.run(deadline: call.deadline, nudge: { [plugin] in plugin.cancel() }, onRetire: plugin.retire) { [plugin] in
            try plugin.compose(call)
        }
    }

    func cancel() { plugin.cancel() }
}

/// Unchecked Sendable: only `let`s.
final class GuardedRenderTarget: RenderBackend, @unchecked Sendable {
    private let plugin: InProcessRenderTarget
    private let calls: InProcessCallThread

    init(_ plugin: InProcessRenderTarget, pluginID: String) {
        self.plugin = plugin
        calls = InProcessCallThread(pluginID: pluginID)
    }

    deinit { calls.finish() }

    func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws {
        try calls.run(deadline: deadline, nudge: { [plugin] in plugin.interrupt() }, onRetire: plugin.retire) { [plugin] in
            try plugin.render(call, interruption: interruption)
        }
    }

    func interrupt() { plugin.interrupt() }
}

/// Unchecked Sendable: only `let`s.
final class GuardedSource: SourceBackend, @unchecked Sendable {
    private let plugin: InProcessSource
    private let calls: InProcessCallThread

    init(_ plugin: InProcessSource, pluginID: String) {
        self.plugin = plugin
        calls = InProcessCallThread(pluginID: pluginID)
    }

    deinit { calls.finish() }

    func start() throws {
        try calls.run(deadline: CallBounds.after(seconds: CallBounds.housekeepingSeconds), nudge: nil, onRetire: plugin.retire) { [plugin] in
            try plugin.start()
        }
    }

    func next(timeoutMilliseconds: UInt32) throws -> SensingSourceInstance.Next {
        try calls.run(deadline: CallBounds.frameDeadline(timeoutMilliseconds: timeoutMilliseconds), nudge: nil,
                      onRetire: plugin.retire) { [plugin] in
            try plugin.next(timeoutMilliseconds: timeoutMilliseconds)
        }
    }

    func stop() {
        _ = try? calls.run(deadline: CallBounds.after(seconds: CallBounds.housekeepingSeconds), nudge: nil, onRetire: plugin.retire) { [plugin] in
            plugin.stop()
        }
    }
}

/// An in-process perceiver behind its call thread, as a composer is.
/// Unchecked Sendable: only `let`s.
final class GuardedPerceiver: PerceiverBackend, @unchecked Sendable {
    private let plugin: InProcessPerceiver
    private let calls: InProcessCallThread

    init(_ plugin: InProcessPerceiver, pluginID: String) {
        self.plugin = plugin
        calls = InProcessCallThread(pluginID: pluginID)
    }

    deinit { calls.finish() }

    func perceive(_ call: RunnerRequest.PerceiveCall) throws -> Perception {
        try calls.run(deadline: call.deadline, nudge: { [plugin] in plugin.cancel() }, onRetire: plugin.retire) { [plugin] in
            try plugin.perceive(call)
        }
    }

    func cancel() { plugin.cancel() }
}
