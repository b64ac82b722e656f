import CLibAV
import SenseBridgeCore

/// Converts a decoded picture, whatever its pixel format (YUV from a camera or a video,
/// palette or 16-bit from an image), to the one format the config asks for, with packed
/// rows: the ABI carries gray8 and rgb24 only, so a perceiver never guesses at a format,
/// and the conversion is done once, here.
///
/// The size is kept. libswscale writes into a scratch plane with rows padded to 64 bytes
/// (its vector code is only safe and fast on aligned rows), kept between pictures of one
/// size, and the rows are then copied out packed.
final class PictureConverter {
    let format: ImageFrame.PixelFormat
    private var context: OpaquePointer?
    private var scratch: UnsafeMutableRawPointer?
    private var scratchBytes = 0

    struct Unconvertible: Error, CustomStringConvertible {
        var description: String
    }

    init(format: ImageFrame.PixelFormat) {
        self.format = format
    }

    deinit {
        sws_freeContext(context)
        free(scratch)
    }

    private var target: AVPixelFormat {
        switch format {
        case .gray8: return AV_PIX_FMT_GRAY8
        case .rgb24: return AV_PIX_FMT_RGB24
        }
    }

    func convert(_ picture: UnsafePointer<AVFrame>) throws -> ImageFrame {
        let width = Int(picture.pointee.width), height = Int(picture.pointee.height)
        guard width > 0, height > 0 else { throw Unconvertible(description: "the decoded picture is \(width)×\(height)") }
        let source = Self.rangeAware(AVPixelFormat(rawValue: picture.pointee.format), picture.pointee.color_range)
        guard sws_isSupportedInput(source) > 0 else {
            let name = av_get_pix_fmt_name(source).map { String(cString: $0) } ?? "number \(source.rawValue)"
            throw Unconvertible(description: "its pixel format \(name) cannot be converted by libswscale")
        }
        context = sws_getCachedContext(context, Int32(width), Int32(height), source, Int32(width), Int32(height), target,
                                       SWS_BILINEAR | SWS_ACCURATE_RND, nil, nil, nil)
        guard let context else { throw Unconvertible(description: "libswscale cannot convert \(width)×\(height) pictures") }
        let rowBytes = width * format.bytesPerPixel
        let stride = (rowBytes + 63) / 64 * 64
        // One spare row: a vector loop may round the last row up to its register width.
        let needed = stride * (height + 1)
        if needed > scratchBytes {
            free(scratch)
            scratch = nil
            scratchBytes = 0
            var allocated: UnsafeMutableRawPointer?
            guard posix_memalign(&allocated, 64, needed) == 0, let allocated else {
                throw Unconvertible(description: "\(needed) bytes for a \(width)×\(height) picture could not be allocated")
            }
            scratch = allocated
            scratchBytes = needed
        }
        let plane = scratch!.assumingMemoryBound(to: UInt8.self)
        let written = sb_sws_scale_frame(context, picture, plane, Int32(stride))
        guard written == Int32(height) else {
            throw Unconvertible(description: "libswscale converted \(written) of \(height) rows")
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            for row in 0..<height {
                (buffer.baseAddress! + row * rowBytes).update(from: plane + row * stride, count: rowBytes)
            }
            count = rowBytes * height
        }
        return ImageFrame(format: format, width: width, height: height, pixels: pixels)
    }

    /// A YUV picture marked full range (as some decoders mark JPEG-like video) as the
    /// full-range format libswscale reads as such; the plain format would be taken as
    /// limited range and its blacks and whites clipped, which costs OCR contrast.
    static func rangeAware(_ format: AVPixelFormat, _ range: AVColorRange) -> AVPixelFormat {
        guard range == AVCOL_RANGE_JPEG else { return format }
        switch format {
        case AV_PIX_FMT_YUV420P: return AV_PIX_FMT_YUVJ420P
        case AV_PIX_FMT_YUV422P: return AV_PIX_FMT_YUVJ422P
        case AV_PIX_FMT_YUV444P: return AV_PIX_FMT_YUVJ444P
        case AV_PIX_FMT_YUV440P: return AV_PIX_FMT_YUVJ440P
        case AV_PIX_FMT_YUV411P: return AV_PIX_FMT_YUVJ411P
        default: return format
        }
    }
}
