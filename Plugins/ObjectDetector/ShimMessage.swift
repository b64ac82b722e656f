/// The buffer the shim (Sources/COpenCVDNN) writes an error message into, for one call.
final class ShimMessage {
    let size = 1024
    let buffer: UnsafeMutablePointer<CChar>

    init() {
        buffer = .allocate(capacity: size)
        buffer.initialize(repeating: 0, count: size)
    }

    deinit { buffer.deallocate() }

    var text: String { String(cString: buffer) }
}
