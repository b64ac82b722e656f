import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A created sensing source. Frames are copied out of plugin-owned memory before
/// the next call.
/// Unchecked Sendable: only `let`s; start, next and stop are [instance-thread], and one loop thread makes them.
public final class SensingSourceInstance: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_sensing_source

    public var plugin: LoadedPlugin { handle.plugin }

    public struct Frame: Sendable {
        public enum Content: Sendable {
            case depth(DepthMap)
            case records([PerceptionRecord])
        }
        public var timestampNanoseconds: UInt64
        public var runID: UInt64
        public var content: Content
    }

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
        func invalid(_ why: String) -> PluginCallError {
            PluginCallError(pluginID: plugin.id, status: SB_ERR_INTERNAL, error: InstanceHandle.message("the frame is invalid: \(why)"))
        }
        switch c.kind {
        case SB_FRAME_DEPTH:
            let map = c.depth
            let width = Int(map.width), height = Int(map.height), stride = Int(map.row_stride)
            guard width > 0, height > 0, width <= 8192, height <= 8192, stride >= width * 4, let samples = map.metres else {
                throw invalid("depth map \(width)x\(height) with row stride \(stride)")
            }
            var metres = [Float](repeating: .nan, count: width * height)
            let raw = UnsafeRawPointer(samples)
            for row in 0..<height {
                for column in 0..<width {
                    metres[row * width + column] = raw.load(fromByteOffset: row * stride + column * 4, as: Float.self)
                }
            }
            let transform = withUnsafeBytes(of: map.camera_to_world) { Array($0.bindMemory(to: Float.self)) }
            guard transform.allSatisfy(\.isFinite) else { throw invalid("camera_to_world holds a value that is not finite") }
            let k = map.intrinsics
            let intrinsics = (k.0 > 0 && k.1 > 0 && [k.2, k.3].allSatisfy(\.isFinite))
                ? DepthMap.Intrinsics(fx: k.0, fy: k.1, cx: k.2, cy: k.3) : nil
            return Frame(timestampNanoseconds: c.timestamp_ns, runID: c.run_id,
                         content: .depth(DepthMap(width: width, height: height, metres: metres, cameraToWorld: transform,
                                                  intrinsics: intrinsics)))
        case SB_FRAME_RECORDS:
            var records: [PerceptionRecord] = []
            let count = min(c.record_count, 10_000)
            for index in 0..<count {
                guard let base = c.records else { throw invalid("records is NULL with a count of \(c.record_count)") }
                let r = base[index]
                guard let kind = RecordKindC.kind(r.kind), let label = r.label.flatMap({ String(validatingCString: $0) }) else {
                    throw invalid("record \(index) has an unknown kind or a label that is not UTF-8")
                }
                let box = (r.flags & SB_RECORD_HAS_BOX) != 0
                    ? NormalizedBox(x: Double(r.box.x), y: Double(r.box.y), width: Double(r.box.width), height: Double(r.box.height)) : nil
                let distance = (r.flags & SB_RECORD_HAS_DISTANCE) != 0 ? Double(r.distance_m) : nil
                records.append(PerceptionRecord(kind: kind, label: label, confidence: Double(r.confidence), box: box, distanceMetres: distance))
            }
            return Frame(timestampNanoseconds: c.timestamp_ns, runID: c.run_id, content: .records(records))
        default:
            throw invalid("kind \(c.kind) is not a known frame kind")
        }
    }
}
