extension NormalizedBox {
    /// This box in the image turned clockwise by `quarterTurns` quarter turns (any
    /// integer; negative turns anticlockwise), in that image's normalized coordinates
    /// (origin top-left).
    ///
    /// A reader that turned a page upright to read it reports boxes in the turned image;
    /// framing guidance speaks of the camera's frame, so they are turned back first
    /// (`turned(clockwiseQuarterTurns: -degrees / 90)`). Quarter turns only, since those
    /// are the only turns a reader reports, and they map a box exactly onto a box.
    public func turned(clockwiseQuarterTurns: Int) -> NormalizedBox {
        switch ((clockwiseQuarterTurns % 4) + 4) % 4 {
        case 1:
            // A point (x, y) goes to (1 - y, x): the left edge becomes the top.
            return NormalizedBox(x: 1 - y - height, y: x, width: height, height: width)
        case 2:
            return NormalizedBox(x: 1 - x - width, y: 1 - y - height, width: width, height: height)
        case 3:
            // A point (x, y) goes to (y, 1 - x): the top edge becomes the left.
            return NormalizedBox(x: y, y: 1 - x - width, width: height, height: width)
        default:
            return self
        }
    }
}
