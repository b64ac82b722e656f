/// Points of an image turned clockwise by quarter turns (leptonica's `pixRotateOrth`).
enum QuarterTurn {
    /// The point of the original `width`×`height` image that lands on (x, y) once it is
    /// turned clockwise `quarterTurns` times.
    static func original(x: Int, y: Int, quarterTurns: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch quarterTurns & 3 {
        case 1: return (y, height - 1 - x)
        case 2: return (width - 1 - x, height - 1 - y)
        case 3: return (width - 1 - y, x)
        default: return (x, y)
        }
    }
}
