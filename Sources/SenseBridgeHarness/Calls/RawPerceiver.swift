import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// One perceiver instance driven through its C table.
final class RawPerceiver: RawInstance<sb_perceiver> {
    /// The manifest's: the host reads a result's page only from a 1.7 perceiver.
    let abiMinor: UInt32

    override init(_ context: CheckContext, config: String? = nil) throws {
        abiMinor = context.manifest.abiMinor
        try super.init(context, config: config)
    }

    /// Perceives and copies the records and the page out before the next call, as the
    /// memory rule requires, read as the host reads them; also the page flag bits the
    /// header does not define, which the host ignores and a plugin should never set.
    /// Takes the request object, not its pointer, so what it owns outlives the call.
    func perceive(_ request: HarnessRequest, deadline: UInt64, error: ErrorSlot)
        -> (sb_status, Result<Perception, FrameCodec.Problem>, undefinedPageFlags: UInt32) {
        withExtendedLifetime(request) {
            var result = sb_perceive_result()
            let status = call(request, deadline: deadline, error: error, result: &result)
            guard status == SB_OK else { return (status, .success(Perception(records: [])), 0) }
            let undefined = abiMinor >= PerceiveCodec.pageMinor ? result.page_flags & ~PageCodec.knownFlags : 0
            return (status, PerceiveCodec.decodeResult(result, pluginABIMinor: abiMinor), undefined)
        }
    }

    /// Perceives without copying records; for loops that measure the plugin's memory.
    func perceiveDiscarding(_ request: HarnessRequest, deadline: UInt64, error: ErrorSlot) -> sb_status {
        withExtendedLifetime(request) {
            var result = sb_perceive_result()
            return call(request, deadline: deadline, error: error, result: &result)
        }
    }

    /// Perceives as a host before 1.7 would: into a result that ends at `record_count`.
    /// Returns whether the bytes where 1.7's page fields would be were left alone, since
    /// they are not the plugin's to write (the host may keep anything there).
    func perceiveAsOlderHost(_ request: HarnessRequest, deadline: UInt64, error: ErrorSlot)
        -> (sb_status, pastTheEndUntouched: Bool) {
        withExtendedLifetime(request) {
            let size = MemoryLayout<sb_perceive_result>.size, shorter = PerceiveCodec.version14ResultSize
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<sb_perceive_result>.alignment)
            defer { buffer.deallocate() }
            buffer.initializeMemory(as: UInt8.self, repeating: 0, count: shorter)
            (buffer + shorter).initializeMemory(as: UInt8.self, repeating: 0xA5, count: size - shorter)
            let result = buffer.assumingMemoryBound(to: sb_perceive_result.self)
            error.reset()
            request.pointer.pointee.deadline_ns = deadline
            result.pointee.struct_size = UInt32(shorter)
            let status = table.perceive!(instance, request.pointer, result, error.pointer)
            let tail = UnsafeRawBufferPointer(start: buffer + shorter, count: size - shorter)
            return (status, tail.allSatisfy { $0 == 0xA5 })
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
