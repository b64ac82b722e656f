import CSenseBridgeABI
import Foundation

/// One render-target instance driven through its C table.
final class RawRenderTarget {
    private let table: sb_render_target
    private let factory: RawFactory
    let instance: UnsafeMutableRawPointer
    private var destroyed = false

    init(_ context: CheckContext, config: String? = nil) throws {
        let plugin = try context.plugin()
        factory = try RawFactory(plugin, services: context.services)
        table = plugin.interface.load(as: sb_render_target.self)
        instance = try factory.makeOrFail(config: config ?? context.defaultConfigJSON(), what: "create with \(context.configName)")
    }

    func render(_ message: MessageBuffer, error: ErrorSlot) -> sb_status {
        error.reset()
        return table.render!(instance, message.pointer, error.pointer)
    }

    /// [any-thread]: safe to call while `render` runs on another thread.
    func interrupt() { table.interrupt!(instance) }

    /// [main-thread]; the checks call it from the child's main thread.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        factory.destroy(instance)
    }
}

/// An `sb_message` and the bytes it points at, allocated once so a loop of renders
/// measures the plugin's memory, not the harness's.
final class MessageBuffer {
    let pointer: UnsafeMutablePointer<sb_message>
    private let text: UnsafeMutablePointer<UInt8>
    private let locale: UnsafeMutablePointer<CChar>
    let byteCount: Int

    init(bytes: [UInt8], signal: sb_signal = SB_SIGNAL_DESCRIPTION, flags: UInt32 = 0, locale: String = "en", sequence: UInt64 = 1) {
        byteCount = bytes.count
        // One spare NUL: a plugin that wrongly treats text as a C string still stops.
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
        text.initialize(repeating: 0, count: bytes.count + 1)
        if !bytes.isEmpty { bytes.withUnsafeBufferPointer { text.update(from: $0.baseAddress!, count: bytes.count) } }
        let localeCopy = strdup(locale)!
        let message = UnsafeMutablePointer<sb_message>.allocate(capacity: 1)
        message.initialize(to: sb_message(
            struct_size: UInt32(MemoryLayout<sb_message>.size), signal: signal, flags: flags,
            text: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), text_length: bytes.count,
            locale: UnsafePointer(localeCopy), session_time_ns: 1_000_000_000 * sequence, sequence: sequence))
        self.text = text
        self.locale = localeCopy
        pointer = message
    }

    convenience init(_ text: String, signal: sb_signal = SB_SIGNAL_DESCRIPTION, flags: UInt32 = 0, locale: String = "en", sequence: UInt64 = 1) {
        self.init(bytes: Array(text.utf8), signal: signal, flags: flags, locale: locale, sequence: sequence)
    }

    deinit {
        pointer.deallocate()
        text.deallocate()
        free(locale)
    }
}
