import SenseBridgeCore

/// The pictures the harness shows a perceiver. Drawn here, from nothing but
/// arithmetic, so every run of every machine shows the same bytes and no check depends
/// on a font or a file.
enum HarnessImages {
    /// A white page: nothing on it to recognize. A perceiver must answer with no
    /// records, never with one that says "blank" (the host owns what silence means).
    static func blankPage(width: Int = 640, height: Int = 480) -> ImageFrame {
        ImageFrame(format: .gray8, width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
    }

    /// Dark bars on white, laid out like lines of print, in RGB: something a text
    /// recognizer may or may not read, which every perceiver must survive.
    static func bars(width: Int = 640, height: Int = 480) -> ImageFrame {
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        let lineHeight = max(4, height / 24)
        for line in stride(from: lineHeight * 2, to: height - lineHeight * 2, by: lineHeight * 2) {
            for y in line..<min(height, line + lineHeight) {
                var x = width / 10
                var word = 0
                while x < width * 9 / 10 {
                    let length = 20 + (word * 37 + line) % 60
                    for column in x..<min(width * 9 / 10, x + length) {
                        let offset = (y * width + column) * 3
                        pixels[offset] = 20; pixels[offset + 1] = 20; pixels[offset + 2] = 20
                    }
                    x += length + 12
                    word += 1
                }
            }
        }
        return ImageFrame(format: .rgb24, width: width, height: height, pixels: pixels)
    }

    /// Deterministic noise: the worst case for a recognizer's time, and nothing a
    /// person could read.
    static func noise(width: Int = 320, height: Int = 240) -> ImageFrame {
        var state: UInt32 = 0x9E37_79B9
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        return ImageFrame(format: .gray8, width: width, height: height, pixels: pixels)
    }

    /// The standard set, each with the name a failure gives it.
    static let standard: [(name: String, image: ImageFrame)] = [
        ("a blank gray page", blankPage()),
        ("bars of print in RGB", bars()),
        ("gray noise", noise()),
        ("a 1x1 image", ImageFrame(format: .gray8, width: 1, height: 1, pixels: [0])),
    ]

    /// An image `scale` times the area of a letter page at 100 dpi, for the cancel check.
    static func large(scale: Int) -> ImageFrame {
        let side = Int((Double(scale)).squareRoot() * 1000)
        return bars(width: side, height: side * 4 / 3)
    }
}
