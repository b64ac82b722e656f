import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// One perceiver instance driven through its C table.
final class RawPerceiver: RawInstance<sb_perceiver> {
    /// Perceives and copies the records out before the next call, as the memory rule requires.
    /// Takes the request object, not its pointer, so what it owns outlives the call.
    func perceive(_ request: HarnessRequest, deadline: UInt64,
                  error: ErrorSlot) -> (sb_status, Result<[PerceptionRecord], RecordCodec.Problem>) {
        withExtendedLifetime(request) {
            var result = sb_perceive_result()
            let status = call(request, deadline: deadline, error: error, result: &result)
            guard status == SB_OK else { return (status, .success([])) }
            return (status, PerceiveCodec.decodeResult(result))
        }
    }

    /// Perceives without copying records; for loops that measure the plugin's memory.
    func perceiveDiscarding(_ request: HarnessRequest, deadline: UInt64, error: ErrorSlot) -> sb_status {
        withExtendedLifetime(request) {
            var result = sb_perceive_result()
            return call(request, deadline: deadline, error: error, result: &result)
        }
    }

    private func call(_ request: HarnessRequest, deadline: UInt64, error: ErrorSlot,
                      result: inout sb_perceive_result) -> sb_status {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
        return table.perceive!(instance, request.pointer, &result, error.pointer)
    }

    /// [any-thread]
    func cancel() { table.cancel!(instance) }
}

/// A perceive request the harness owns, for a picture or a block of sound.
protocol HarnessRequest: AnyObject {
    var pointer: UnsafeMutablePointer<sb_perceive_request> { get }
}

/// A perceive request whose image fields the harness may break on purpose (a NULL
/// pixel pointer, a stride shorter than a row, an unknown format), which a well-formed
/// `CPerceiveRequest` cannot express. Owns everything it points at.
final class HarnessImageRequest: HarnessRequest {
    let pointer: UnsafeMutablePointer<sb_perceive_request>
    private let image: UnsafeMutablePointer<sb_image>
    private let pixels: UnsafeMutableRawBufferPointer
    private let locale: UnsafeMutablePointer<CChar>

    /// `image` packed, or with `padding` bytes after every row (a camera's stride).
    init(_ frame: ImageFrame, padding: Int = 0, locale: String = "en") {
        let stride = frame.bytesPerRow + padding
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, stride * frame.height), alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0xAB)  // padding a reader must skip
        frame.pixels.withUnsafeBytes { source in
            for row in 0..<frame.height {
                (buffer.baseAddress! + row * stride).copyMemory(from: source.baseAddress! + row * frame.bytesPerRow,
                                                                byteCount: frame.bytesPerRow)
            }
        }
        pixels = buffer
        image = .allocate(capacity: 1)
        image.initialize(to: sb_image(struct_size: UInt32(MemoryLayout<sb_image>.size), format: frame.format.abiValue,
                                      width: UInt32(frame.width), height: UInt32(frame.height), row_stride: UInt32(stride),
                                      pixels: pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), intrinsics: (0, 0, 0, 0)))
        self.locale = strdup(locale)!
        pointer = .allocate(capacity: 1)
        var request = sb_perceive_request()
        request.struct_size = UInt32(MemoryLayout<sb_perceive_request>.size)
        request.image = UnsafePointer(image)
        request.timestamp_ns = 1_000_000
        request.locale = UnsafePointer(self.locale)
        request.deadline_ns = .max
        pointer.initialize(to: request)
    }

    /// Breaks the image the way `change` says; the request keeps owning the buffer.
    func breaking(_ change: (inout sb_image) -> Void) -> Self {
        change(&image.pointee)
        return self
    }

    deinit {
        pointer.deallocate()
        image.deallocate()
        pixels.deallocate()
        free(locale)
    }
}
