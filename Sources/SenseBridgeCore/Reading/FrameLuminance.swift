/// The pixel layouts a perceiver receives: the one `ImageFrame` and the C ABI use.
public typealias PixelFormat = ImageFrame.PixelFormat

/// Whether a frame has enough light to read text in: dim, adequate, or unmeasured.
///
/// Three cases, not a Bool: a frame that cannot be measured (empty, too short for its
/// stated size, an impossible stride) is not a dark frame. Treating it as one would say
/// "too dark to read" forever on any source whose frames arrive malformed, a claim about
/// the room built from a fault in the pipe (Invariant 2).
public enum FrameLuminance: Hashable, Sendable {
    case dim
    case adequate
    case unmeasured

    /// Mean luma (0–255) below which a frame may be dim: text on paper under a lamp
    /// sits well above it; a room lit only by a screen or a street outside sits below.
    public static let dimMeanLuma = 40.0

    /// A frame is dim only if fewer than this share of samples reach `brightLuma`.
    /// White text on a dark screen has a low mean but bright strokes, and it is readable:
    /// telling someone reading a dark-mode screen that it is too dark would be false.
    public static let brightShare = 0.02
    public static let brightLuma = 128

    /// At most this many samples across and down: 64 × 48 points judge the light of a
    /// 1920 × 1080 frame as well as two million do, for a cost that does not grow with
    /// the camera.
    static let gridColumns = 64
    static let gridRows = 48

    /// Measures one frame.
    ///
    /// - Parameters:
    ///   - pixels: the frame's bytes, row after row.
    ///   - width, height: in pixels.
    ///   - stride: bytes from the start of one row to the next; at least
    ///     `width × bytesPerPixel` (rows may be padded).
    public static func measure(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
                               format: PixelFormat) -> FrameLuminance {
        guard let sample = sampleLuma(pixels, width: width, height: height, stride: stride, format: format) else {
            return .unmeasured
        }
        let isDim = sample.mean < dimMeanLuma && Double(sample.brightCount) < brightShare * Double(sample.count)
        return isDim ? .dim : .adequate
    }

    /// `measure` over an image as a source or the codec hands it over (packed rows).
    public static func measure(_ image: ImageFrame) -> FrameLuminance {
        measure(image.pixels, width: image.width, height: image.height, stride: image.bytesPerRow, format: image.format)
    }

    /// `measure` over an array of bytes.
    public static func measure(_ pixels: [UInt8], width: Int, height: Int, stride: Int,
                               format: PixelFormat) -> FrameLuminance {
        pixels.withUnsafeBytes { measure($0, width: width, height: height, stride: stride, format: format) }
    }

    /// The mean luma (0–255) of the sampled grid, for following a camera's exposure as
    /// it settles (`ExposureSettling`); nil when the frame cannot be measured.
    public static func meanLuma(_ image: ImageFrame) -> Double? {
        image.pixels.withUnsafeBytes { pixels in
            sampleLuma(pixels, width: image.width, height: image.height, stride: image.bytesPerRow, format: image.format)?.mean
        }
    }

    /// The mean luma of the sampled grid and how many samples are bright; nil when the
    /// layout does not fit the bytes.
    static func sampleLuma(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
                           format: PixelFormat) -> (mean: Double, brightCount: Int, count: Int)? {
        let pixelBytes = format.bytesPerPixel
        guard width > 0, height > 0,
              case let (rowBytes, overflow) = width.multipliedReportingOverflow(by: pixelBytes), !overflow,
              stride >= rowBytes,
              case let (lastRowStart, overflowRows) = stride.multipliedReportingOverflow(by: height - 1), !overflowRows,
              case let (needed, overflowTotal) = lastRowStart.addingReportingOverflow(rowBytes), !overflowTotal,
              pixels.count >= needed else { return nil }
        let columns = min(width, gridColumns)
        let rows = min(height, gridRows)
        var total = 0
        var bright = 0
        for row in 0..<rows {
            // The centre of each grid cell, so the samples are spread evenly and no edge
            // row or column (often a sensor's darkest) is weighed twice.
            let y = (2 * row + 1) * height / (2 * rows)
            for column in 0..<columns {
                let x = (2 * column + 1) * width / (2 * columns)
                let offset = y * stride + x * pixelBytes
                let luma: Int
                switch format {
                case .gray8:
                    luma = Int(pixels[offset])
                case .rgb24:
                    // BT.601 weights in 256ths: green carries most of what the
                    // eye (and a recognizer's contrast) takes as brightness.
                    luma = (77 * Int(pixels[offset]) + 150 * Int(pixels[offset + 1]) + 29 * Int(pixels[offset + 2])) >> 8
                }
                total += luma
                if luma >= brightLuma { bright += 1 }
            }
        }
        let count = rows * columns
        return (Double(total) / Double(count), bright, count)
    }
}
