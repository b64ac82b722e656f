import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A sensing source's C table called directly, in this process (see InProcessComposer).
/// Frames are copied out of plugin memory before the next call can reuse it.
/// Unchecked Sendable: only `let`s; start, next and stop are [instance-thread], made by one loop.
final class InProcessSource: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_sensing_source

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

    func start() throws {
        try handle.call { table.start(handle.pointer, $0) }
    }

    func stop() {
        table.stop(handle.pointer)
    }

    func next(timeoutMilliseconds: UInt32) throws -> SensingSourceInstance.Next {
        var frame = sb_frame()
        let room = UInt32(FrameCodec.frameSize(forSourceMinor: handle.plugin.manifest.abiMinor))
        frame.struct_size = room
        do {
            try handle.call { table.next_frame(handle.pointer, timeoutMilliseconds, &frame, $0) }
        } catch let error as PluginCallError where error.isTimeout {
            return .timedOut
        } catch let error as PluginCallError where error.isEndOfStream {
            return .endOfStream
        }
        // Nothing past the room handed out is read, whatever size the plugin wrote back.
        frame.struct_size = min(frame.struct_size, room)
        switch FrameCodec.decode(frame) {
        case .success(let decoded): return .frame(decoded)
        case .failure(let problem):
            throw PluginCallError(pluginID: handle.plugin.id, status: SB_ERR_INTERNAL, error: InstanceHandle.message("the frame is invalid: \(problem)"))
        }
    }

    func retire() { handle.leak() }
}
