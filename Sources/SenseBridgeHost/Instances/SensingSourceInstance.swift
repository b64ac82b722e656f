import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created sensing source, in this process or isolated in a runner. Frames are
/// copied out of plugin-owned memory before the next call. A `next` that does not
/// return within its timeout plus grace throws `PluginStopped`: sensing has stopped.
/// Unchecked Sendable: only `let`s; start, next and stop are [instance-thread], and one loop thread makes them.
public final class SensingSourceInstance: @unchecked Sendable {
    private let backend: SourceBackend
    public let manifest: PluginManifest
    public let isolated: Bool

    public var pluginID: String { manifest.id }

    /// A `next` after the plugin died starts a new instance, within the restart budget
    /// (isolated, and the manifest says it resumes): a session goes on through a crash,
    /// and ends only on `PluginStopped` `stayedOff`.
    public var restarts: Bool { backend.restarts }

    public typealias Frame = SensingFrame

    public enum Next: Sendable {
        case frame(Frame)
        case timedOut
        case endOfStream
    }

    init(manifest: PluginManifest, isolated: Bool, backend: SourceBackend) {
        self.manifest = manifest
        self.isolated = isolated
        self.backend = backend
    }

    public func start() throws {
        try backend.start()
    }

    public func stop() {
        backend.stop()
    }

    /// A records frame's objects lose any distance the source wrote on them
    /// (`PerceptionRecord.withoutPluginDistance`).
    public func next(timeoutMilliseconds: UInt32) throws -> Next {
        let next = try backend.next(timeoutMilliseconds: timeoutMilliseconds)
        guard case .frame(var frame) = next, case .records(let records) = frame.content,
              records.contains(where: { $0.kind != .depth && $0.distanceMetres != nil }) else { return next }
        frame.content = .records(records.map(\.withoutPluginDistance))
        return .frame(frame)
    }
}
