import SenseBridgeCore

extension ImageFrame {
    /// The same picture in RGB, each channel the gray value: a perceiver must see the
    /// same things in a gray frame and in its RGB copy.
    public var asRGB: ImageFrame {
        precondition(format == .gray8, "asRGB converts a gray image")
        return ImageFrame(format: .rgb24, width: width, height: height, pixels: pixels.flatMap { [$0, $0, $0] })
    }
}
