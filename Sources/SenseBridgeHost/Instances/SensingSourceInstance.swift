import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created sensing source. Frames are copied out of plugin-owned memory before
/// the next call.
/// Unchecked Sendable: only `let`s; start, next and stop are [instance-thread], and one loop thread makes them.
public final class SensingSourceInstance: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_sensing_source

    public var plugin: LoadedPlugin { handle.plugin }

    public typealias Frame = SensingFrame

    public enum Next: Sendable {
        case frame(Frame)
        case timedOut
        case endOfStream
    }

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_sensing_source.self)
        guard let create = table.create, let destroy = table.destroy, table.start != nil,
              table.next_frame != nil, table.stop != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the sensing-source table has a NULL function"))
        }
        self.table = table
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    public func start() throws {
        try handle.call { table.start(handle.pointer, $0) }
    }

    public func stop() {
        table.stop(handle.pointer)
    }

    public func next(timeoutMilliseconds: UInt32) throws -> Next {
        var frame = sb_frame()
        frame.struct_size = UInt32(MemoryLayout<sb_frame>.size)
        do {
            try handle.call { table.next_frame(handle.pointer, timeoutMilliseconds, &frame, $0) }
        } catch let error as PluginCallError where error.isTimeout {
            return .timedOut
        } catch let error as PluginCallError where error.isEndOfStream {
            return .endOfStream
        }
        return .frame(try copy(frame))
    }

    private func copy(_ c: sb_frame) throws -> Frame {
        switch FrameCodec.decode(c) {
        case .success(let frame): return frame
        case .failure(let problem):
            throw PluginCallError(pluginID: plugin.id, status: SB_ERR_INTERNAL, error: InstanceHandle.message("the frame is invalid: \(problem)"))
        }
    }
}
