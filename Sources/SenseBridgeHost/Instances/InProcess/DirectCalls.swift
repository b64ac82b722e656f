import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// Instances whose calls go straight into the plugin's C table on the caller's thread:
/// no call thread, no runner, no deadline. The baseline `make bench` measures both
/// placements against (what a call costs with nothing between the host and the
/// plugin), through the same public instances, so the figures differ only by where the
/// plugin runs. Behind an SPI because nothing else may use it: a plugin called this way
/// can hang or crash its caller.
@_spi(Measuring)
extension PluginHost {
    public func directComposer(_ manifest: PluginManifest, config: [String: JSONValue] = [:]) throws -> SceneComposerInstance {
        try expect(.sceneComposer, manifest)
        let plugin = try InProcessComposer(plugin: try load(manifest), configJSON: try configJSON(manifest, config, nil), log: log)
        return SceneComposerInstance(manifest: manifest, isolated: false, backend: DirectComposer(plugin: plugin))
    }

    public func directRenderTarget(_ manifest: PluginManifest, config: [String: JSONValue] = [:]) throws -> RenderTargetInstance {
        try expect(.renderTarget, manifest)
        let plugin = try InProcessRenderTarget(plugin: try load(manifest), configJSON: try configJSON(manifest, config, nil), log: log)
        return RenderTargetInstance(manifest: manifest, isolated: false, backend: DirectRenderTarget(plugin: plugin))
    }

    public func directSensingSource(_ manifest: PluginManifest, config: [String: JSONValue] = [:]) throws -> SensingSourceInstance {
        try expect(.sensingSource, manifest)
        let plugin = try InProcessSource(plugin: try load(manifest), configJSON: try configJSON(manifest, config, nil), log: log)
        return SensingSourceInstance(manifest: manifest, isolated: false, backend: DirectSource(plugin: plugin))
    }

    public func directPerceiver(_ manifest: PluginManifest, config: [String: JSONValue] = [:]) throws -> PerceiverInstance {
        try expect(.perceiver, manifest)
        let plugin = try InProcessPerceiver(plugin: try load(manifest), configJSON: try configJSON(manifest, config, nil), log: log)
        return PerceiverInstance(manifest: manifest, isolated: false, backend: DirectPerceiver(plugin: plugin))
    }
}

/// Unchecked Sendable: only `let`s; the bench calls each instance from one thread.
private final class DirectComposer: ComposerBackend, @unchecked Sendable {
    let plugin: InProcessComposer
    init(plugin: InProcessComposer) { self.plugin = plugin }
    func compose(_ call: RunnerRequest.ComposeCall) throws -> PhraseCodec.Decoded { try plugin.compose(call) }
    func cancel() { plugin.cancel() }
}

/// Unchecked Sendable: only `let`s.
private final class DirectRenderTarget: RenderBackend, @unchecked Sendable {
    let plugin: InProcessRenderTarget
    init(plugin: InProcessRenderTarget) { self.plugin = plugin }
    func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws {
        try plugin.render(call, interruption: interruption)
    }
    func interrupt() { plugin.interrupt() }
}

/// Unchecked Sendable: only `let`s.
private final class DirectSource: SourceBackend, @unchecked Sendable {
    let plugin: InProcessSource
    init(plugin: InProcessSource) { self.plugin = plugin }
    func start() throws { try plugin.start() }
    func next(timeoutMilliseconds: UInt32) throws -> SensingSourceInstance.Next { try plugin.next(timeoutMilliseconds: timeoutMilliseconds) }
    func stop() { plugin.stop() }
}

/// Unchecked Sendable: only `let`s.
private final class DirectPerceiver: PerceiverBackend, @unchecked Sendable {
    let plugin: InProcessPerceiver
    init(plugin: InProcessPerceiver) { self.plugin = plugin }
    func perceive(_ call: RunnerRequest.PerceiveCall) throws -> Perception { try plugin.perceive(call) }
    func cancel() { plugin.cancel() }
}
