import CSenseBridgeABI
import SenseBridgeCore

/// `sb_image` <-> `ImageFrame`.
///
/// A source's stride and a perceiver's packed rows meet here: the C side may pad its
/// rows (V4L2 buffers often do), the Swift side never does, so a perceiver written in
/// Swift never handles a stride and one written in C always gets one it can trust.
public enum ImageCodec {
    /// Copies the picture out of borrowed or plugin-owned memory. Refuses what no reader
    /// could use, naming the shape, never a pixel.
    public static func decode(_ c: sb_image) -> Result<ImageFrame, FrameCodec.Problem> {
        guard c.struct_size >= UInt32(MemoryLayout<sb_image>.size) else {
            return .failure(.init(reason: "an image's struct_size \(c.struct_size) is smaller than the 1.4 sb_image"))
        }
        guard let format = ImageFrame.PixelFormat(abiValue: c.format) else {
            return .failure(.init(reason: "an image's format \(c.format) is not SB_PIXEL_GRAY8 or SB_PIXEL_RGB24"))
        }
        let width = Int(c.width), height = Int(c.height), stride = Int(c.row_stride)
        guard width > 0, height > 0, width <= ABICodec.maximumImageSide, height <= ABICodec.maximumImageSide,
              width * height <= ABICodec.maximumImagePixels else {
            return .failure(.init(reason: "an image is \(width)x\(height)"))
        }
        let rowBytes = width * format.bytesPerPixel
        guard stride >= rowBytes else {
            return .failure(.init(reason: "an image's row_stride \(stride) is less than its \(rowBytes)-byte rows"))
        }
        guard let source = c.pixels else { return .failure(.init(reason: "an image's pixels is NULL")) }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<height {
                (out.baseAddress! + row * rowBytes).copyMemory(from: source + row * stride, byteCount: rowBytes)
            }
        }
        let k = c.intrinsics
        let intrinsics = (k.0 > 0 && k.1 > 0 && k.0.isFinite && k.1.isFinite && k.2.isFinite && k.3.isFinite)
            ? ImageFrame.Intrinsics(fx: k.0, fy: k.1, cx: k.2, cy: k.3) : nil
        return .success(ImageFrame(format: format, width: width, height: height, pixels: pixels, intrinsics: intrinsics))
    }

    /// The C form of `image`, its pixels valid as long as `arena` keeps its contents.
    public static func encode(_ image: ImageFrame, into arena: CArena) -> UnsafePointer<sb_image> {
        var c = sb_image()
        c.struct_size = UInt32(MemoryLayout<sb_image>.size)
        c.format = image.format.abiValue
        c.width = UInt32(image.width)
        c.height = UInt32(image.height)
        c.row_stride = UInt32(image.bytesPerRow)
        c.pixels = arena.array(image.pixels)
        if let k = image.intrinsics { c.intrinsics = (k.fx, k.fy, k.cx, k.cy) }
        return arena.array([c])!
    }
}
