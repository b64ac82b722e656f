import SenseBridgeABICodec
import SenseBridgeCore

/// A sensing frame on the wire. A depth map's samples, a picture's pixels and a block
/// of sound each go as one block (`WireWriter.block`): through the connection's
/// `FrameRing` when it has one, so a 256x192 depth frame is 196 KiB copied into the
/// ring and once out of it, and never through the pipe.
enum WireFrames {
    private static let depthKind: UInt8 = 1
    private static let recordsKind: UInt8 = 2
    private static let imageKind: UInt8 = 3
    private static let audioKind: UInt8 = 4

    static func write(_ frame: SensingFrame, to out: inout WireWriter) {
        out.u64(frame.timestampNanoseconds)
        out.u64(frame.runID)
        switch frame.content {
        case .depth(let map):
            out.u8(depthKind)
            out.u32(UInt32(map.width))
            out.u32(UInt32(map.height))
            for value in map.cameraToWorld { out.f32(value) }
            out.optional(map.intrinsics) { out, k in
                out.f32(k.fx); out.f32(k.fy); out.f32(k.cx); out.f32(k.cy)
            }
            out.block(map.metres)
        case .records(let records):
            out.u8(recordsKind)
            WireRecords.write(records, to: &out)
        case .image(let image):
            writeInput(.image(image), to: &out)
        case .audio(let block):
            writeInput(.audio(block), to: &out)
        }
    }

    /// A block's samples go as one block of floats, as a depth map's do.
    static func writeAudio(_ block: AudioBlock, to out: inout WireWriter) {
        out.u32(UInt32(block.sampleRate))
        out.u32(UInt32(block.channels))
        out.u64(block.firstSampleNanoseconds)
        out.u8(block.continuesPrevious ? 1 : 0)
        out.block(block.samples)
    }

    /// AudioCodec's limits, held again here: the runner shares its memory with the plugin.
    static func readAudio(_ input: inout WireReader) throws(WireError) -> AudioBlock {
        let rate = Int(try input.u32()), channels = Int(try input.u32())
        guard ABICodec.audioSampleRates.contains(rate), (1...ABICodec.maximumAudioChannels).contains(channels) else {
            throw .invalid("an audio block is \(channels) channels at \(rate) Hz")
        }
        let first = try input.u64()
        let continues = try input.u8()
        guard continues <= 1 else { throw .invalid("an audio block's continuity flag is \(continues)") }
        let samples = try input.floatBlock(limit: rate * ABICodec.maximumAudioBlockSeconds * channels)
        guard !samples.isEmpty, samples.count % channels == 0 else {
            throw .invalid("an audio block of \(channels) channels carries \(samples.count) samples")
        }
        guard samples.allSatisfy(\.isFinite) else { throw .invalid("an audio block holds a sample that is not finite") }
        return AudioBlock(sampleRate: rate, channels: channels, samples: samples, firstSampleNanoseconds: first,
                          continuesPrevious: continues == 1)
    }

    /// What a perceiver is handed: a kind byte, then the picture or the sound.
    static func writeInput(_ input: PerceptionInput, to out: inout WireWriter) {
        switch input {
        case .image(let image):
            out.u8(imageKind)
            writeImage(image, to: &out)
        case .audio(let block):
            out.u8(audioKind)
            writeAudio(block, to: &out)
        }
    }

    static func readInput(_ input: inout WireReader) throws(WireError) -> PerceptionInput {
        switch try input.u8() {
        case imageKind: return .image(try readImage(&input))
        case audioKind: return .audio(try readAudio(&input))
        case let other: throw .invalid("perceive input kind \(other) is unknown")
        }
    }

    /// An image's pixels go as one block, as a depth map's samples do.
    static func writeImage(_ image: ImageFrame, to out: inout WireWriter) {
        out.string(image.format.rawValue)
        out.u32(UInt32(image.width))
        out.u32(UInt32(image.height))
        out.optional(image.intrinsics) { out, k in
            out.f32(k.fx); out.f32(k.fy); out.f32(k.cx); out.f32(k.cy)
        }
        out.block(image.pixels)
    }

    /// ImageCodec's limits, held again here: the runner shares its memory with the plugin.
    static func readImage(_ input: inout WireReader) throws(WireError) -> ImageFrame {
        let name = try input.string(limit: 16)
        guard let format = ImageFrame.PixelFormat(rawValue: name) else { throw .invalid("image format '\(name)' is unknown") }
        let width = Int(try input.u32()), height = Int(try input.u32())
        guard width > 0, height > 0, width <= ABICodec.maximumImageSide, height <= ABICodec.maximumImageSide,
              width * height <= ABICodec.maximumImagePixels else {
            throw .invalid("an image is \(width)x\(height)")
        }
        let intrinsics = try input.optional { (input: inout WireReader) throws(WireError) in
            ImageFrame.Intrinsics(fx: try input.f32(), fy: try input.f32(), cx: try input.f32(), cy: try input.f32())
        }
        if let k = intrinsics, !(k.fx > 0 && k.fy > 0 && k.fx.isFinite && k.fy.isFinite && k.cx.isFinite && k.cy.isFinite) {
            throw .invalid("an image's intrinsics are not usable (fx and fy must be above 0, all finite)")
        }
        let expected = width * height * format.bytesPerPixel
        let pixels = try input.byteBlock(limit: expected)
        guard pixels.count == expected else { throw .invalid("a \(width)x\(height) \(name) image carries \(pixels.count) bytes") }
        return ImageFrame(format: format, width: width, height: height, pixels: pixels, intrinsics: intrinsics)
    }

    static func read(_ input: inout WireReader) throws(WireError) -> SensingFrame {
        let timestamp = try input.u64()
        let runID = try input.u64()
        switch try input.u8() {
        case depthKind:
            let width = Int(try input.u32()), height = Int(try input.u32())
            guard width > 0, height > 0, width <= ABICodec.maximumDepthSide, height <= ABICodec.maximumDepthSide else {
                throw .invalid("a depth frame is \(width)x\(height)")
            }
            var transform: [Float] = []
            for _ in 0..<16 { transform.append(try input.f32()) }
            guard transform.allSatisfy(\.isFinite) else { throw .invalid("a depth frame's camera_to_world is not finite") }
            let intrinsics = try input.optional { (input: inout WireReader) throws(WireError) in
                DepthMap.Intrinsics(fx: try input.f32(), fy: try input.f32(), cx: try input.f32(), cy: try input.f32())
            }
            // FrameCodec's rule: intrinsics that place no sample are "unknown" in process,
            // so a runner's encoder never sends them; one that does is not the codec.
            if let k = intrinsics, !(k.fx > 0 && k.fy > 0 && k.cx.isFinite && k.cy.isFinite) {
                throw .invalid("a depth frame's intrinsics place no sample (fx and fy must be above 0, cx and cy finite)")
            }
            let metres = try input.floatBlock(limit: width * height)
            guard metres.count == width * height else {
                throw .invalid("a \(width)x\(height) depth frame carries \(metres.count) samples")
            }
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .depth(
                DepthMap(width: width, height: height, metres: metres, cameraToWorld: transform, intrinsics: intrinsics)))
        case recordsKind:
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .records(try WireRecords.read(&input)))
        case imageKind:
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .image(try readImage(&input)))
        case audioKind:
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .audio(try readAudio(&input)))
        case let other:
            throw .invalid("frame kind \(other) is unknown")
        }
    }
}
