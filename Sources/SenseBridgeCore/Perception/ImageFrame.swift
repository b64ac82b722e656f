/// One picture from a camera, a video or an image file, as the host and a Swift plugin
/// both see it: 8-bit gray or RGB, rows packed (the codec removes a C stride).
///
/// Only two formats, because every recognizer reads them and a source converts what
/// its device delivers (YUV, MJPEG) once: a perceiver never guesses at a format, and a
/// frame it is handed is always one it can read.
public struct ImageFrame: Equatable, Sendable {
    public enum PixelFormat: String, CaseIterable, Sendable {
        /// One byte per pixel, 0 black to 255 white.
        case gray8
        /// Three bytes per pixel: red, green, blue.
        case rgb24

        public var bytesPerPixel: Int {
            switch self {
            case .gray8: return 1
            case .rgb24: return 3
            }
        }
    }

    public typealias Intrinsics = DepthMap.Intrinsics

    public var format: PixelFormat
    public var width: Int
    public var height: Int
    /// Row-major, top row first, `width * height * format.bytesPerPixel` bytes.
    public var pixels: [UInt8]
    /// Pinhole intrinsics in pixels of this image; nil when the source did not say.
    public var intrinsics: Intrinsics?

    public init(format: PixelFormat, width: Int, height: Int, pixels: [UInt8], intrinsics: Intrinsics? = nil) {
        precondition(width >= 0 && height >= 0, "ImageFrame needs a non-negative size")
        precondition(pixels.count == width * height * format.bytesPerPixel,
                     "ImageFrame needs width * height * bytesPerPixel bytes")
        self.format = format
        self.width = width
        self.height = height
        self.pixels = pixels
        self.intrinsics = intrinsics
    }

    public var bytesPerRow: Int { width * format.bytesPerPixel }
}

extension ImageFrame {
    /// File name extensions (lower case) of still pictures: what the camera source reads
    /// from a folder, and what `sensebridge read` takes as one page rather than a video.
    /// One list, so the two never disagree on what a picture is.
    public static let pictureFileExtensions: Set<String> = ["png", "jpg", "jpeg", "pgm", "ppm", "pbm", "pnm", "bmp", "tif", "tiff", "webp", "gif"]
}
