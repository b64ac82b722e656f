import CSenseBridgeABI
import SenseBridgeCore

/// `sb_frame` <-> `SensingFrame`.
public enum FrameCodec {
    /// Why a frame from C was refused; shapes and counts only, never content.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Copies the frame out of plugin-owned memory, which is valid only until the next call.
    public static func decode(_ c: sb_frame) -> Result<SensingFrame, Problem> {
        switch c.kind {
        case SB_FRAME_DEPTH:
            return depthMap(c.depth).map { SensingFrame(timestampNanoseconds: c.timestamp_ns, runID: c.run_id, content: .depth($0)) }
        case SB_FRAME_RECORDS:
            switch RecordCodec.decodeAll(c.records, count: c.record_count) {
            case .success(let records):
                return .success(SensingFrame(timestampNanoseconds: c.timestamp_ns, runID: c.run_id, content: .records(records)))
            case .failure(let problem):
                return .failure(Problem(reason: "a records frame's \(problem)"))
            }
        case SB_FRAME_IMAGE:
            // A frame shorter than 1.4's has no image field: a plugin claiming an image
            // in it broke the header's rule, and whatever lies past its end is not ours.
            guard Int(c.struct_size) >= imageFrameSize else {
                return .failure(Problem(reason: "an image frame's struct_size \(c.struct_size) has no room for its image"))
            }
            guard let image = c.image else { return .failure(Problem(reason: "an image frame's image is NULL")) }
            return ImageCodec.decode(image.pointee).map {
                SensingFrame(timestampNanoseconds: c.timestamp_ns, runID: c.run_id, content: .image($0))
            }
        case SB_FRAME_AUDIO:
            guard Int(c.struct_size) >= audioFrameSize else {
                return .failure(Problem(reason: "an audio frame's struct_size \(c.struct_size) has no room for its audio"))
            }
            guard let audio = c.audio else { return .failure(Problem(reason: "an audio frame's audio is NULL")) }
            return AudioCodec.decode(audio.pointee).map {
                SensingFrame(timestampNanoseconds: c.timestamp_ns, runID: c.run_id, content: .audio($0))
            }
        default:
            return .failure(Problem(reason: "frame kind \(c.kind) is not SB_FRAME_DEPTH, SB_FRAME_RECORDS, SB_FRAME_IMAGE or SB_FRAME_AUDIO"))
        }
    }

    /// Every 1.0 field of `sb_frame` ends at `record_count`; 1.4 appended `image`.
    public static let version10FrameSize = MemoryLayout<sb_frame>.offset(of: \sb_frame.image)!
    /// The smallest frame that can carry an image (1.4).
    public static let imageFrameSize = MemoryLayout<sb_frame>.offset(of: \sb_frame.audio)!
    /// The smallest frame that can carry audio (1.6).
    public static let audioFrameSize = MemoryLayout<sb_frame>.size

    /// The frame a host hands a source whose manifest declares ABI 1.`minor`: it ends
    /// where that minor's frame ends, as an older host's would.
    /// Rationale: a source gives only the frame kinds of the minor it declares, so one
    /// that gives images while declaring 1.0 fails here, under `plugins test`, exactly
    /// as it would on the 1.0 host its manifest promises it runs on.
    public static func frameSize(forSourceMinor minor: UInt32) -> Int {
        minor >= 6 ? audioFrameSize : minor >= 4 ? imageFrameSize : version10FrameSize
    }

    static func depthMap(_ map: sb_depth_map) -> Result<DepthMap, Problem> {
        let width = Int(map.width), height = Int(map.height), stride = Int(map.row_stride)
        guard width > 0, height > 0, width <= ABICodec.maximumDepthSide, height <= ABICodec.maximumDepthSide else {
            return .failure(Problem(reason: "a depth frame is \(width)x\(height)"))
        }
        guard stride >= width * 4 else {
            return .failure(Problem(reason: "a depth frame's row_stride \(stride) is less than width x 4"))
        }
        guard let samples = map.metres else { return .failure(Problem(reason: "a depth frame's metres is NULL")) }
        var metres = [Float](repeating: .nan, count: width * height)
        let raw = UnsafeRawPointer(samples)
        metres.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let rowStart = raw + row * stride
                for column in 0..<width {
                    out[row * width + column] = rowStart.loadUnaligned(fromByteOffset: column * 4, as: Float.self)
                }
            }
        }
        let transform = withUnsafeBytes(of: map.camera_to_world) { Array($0.bindMemory(to: Float.self)) }
        guard transform.allSatisfy(\.isFinite) else {
            return .failure(Problem(reason: "a depth frame's camera_to_world holds a value that is not finite"))
        }
        let k = map.intrinsics
        let intrinsics = (k.0 > 0 && k.1 > 0 && [k.2, k.3].allSatisfy(\.isFinite))
            ? DepthMap.Intrinsics(fx: k.0, fy: k.1, cx: k.2, cy: k.3) : nil
        return .success(DepthMap(width: width, height: height, metres: metres, cameraToWorld: transform, intrinsics: intrinsics))
    }

    /// Fills the host's frame without writing past the `struct_size` the host set: a
    /// plugin built against a later minor has a larger `sb_frame` than an older host's
    /// buffer. The host sets `struct_size`; a smaller one than the 1.0 frame is refused.
    public static func write(_ c: sb_frame, to destination: UnsafeMutablePointer<sb_frame>) {
        let room = min(Int(destination.pointee.struct_size), MemoryLayout<sb_frame>.size)
        var source = c
        source.struct_size = UInt32(room)
        withUnsafeBytes(of: &source) { bytes in
            UnsafeMutableRawPointer(destination).copyMemory(from: bytes.baseAddress!, byteCount: room)
        }
    }

    /// The C form of `frame`, its pointers valid as long as `arena` keeps its contents.
    public static func encode(_ frame: SensingFrame, into arena: CArena) -> sb_frame {
        var c = sb_frame()
        c.struct_size = UInt32(MemoryLayout<sb_frame>.size)
        c.timestamp_ns = frame.timestampNanoseconds
        c.run_id = frame.runID
        switch frame.content {
        case .depth(let map):
            c.kind = SB_FRAME_DEPTH
            c.depth.width = UInt32(map.width)
            c.depth.height = UInt32(map.height)
            c.depth.row_stride = UInt32(map.width * MemoryLayout<Float>.size)
            c.depth.metres = arena.array(map.metres)
            withUnsafeMutableBytes(of: &c.depth.camera_to_world) { raw in
                map.cameraToWorld.withUnsafeBytes { raw.copyMemory(from: $0) }
            }
            if let k = map.intrinsics { c.depth.intrinsics = (k.fx, k.fy, k.cx, k.cy) }
        case .records(let records):
            let array = CRecordArray(records)
            arena.keep(array)
            c.kind = SB_FRAME_RECORDS
            c.records = array.pointer
            c.record_count = records.count
        case .image(let image):
            c.kind = SB_FRAME_IMAGE
            c.image = ImageCodec.encode(image, into: arena)
        case .audio(let block):
            c.kind = SB_FRAME_AUDIO
            c.audio = AudioCodec.encode(block, into: arena)
        }
        return c
    }
}
