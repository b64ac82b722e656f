import CBrlAPI
import Foundation
import SenseBridgePluginKit

/// Where and how to reach BRLTTY.
struct BrlAPIEndpoint: Sendable {
    /// BrlAPI host (":0" is the local socket /var/lib/BrlAPI/0; "127.0.0.1:1" is TCP
    /// port 4102); nil is BrlAPI's default (BRLAPI_HOST, then ":0").
    var host: String?
    /// BrlAPI auth ("none", "keyfile:/etc/brlapi.key"); nil is BrlAPI's default
    /// (BRLAPI_AUTH, then the key file).
    var auth: String?
    /// The virtual terminal to take; nil takes the root of BRLTTY's tty tree (with
    /// WINDOWPATH or XDG_VTNR prepended by BrlAPI when set), which is what a headless
    /// BRLTTY without a screen driver shows.
    var tty: Int?

    var displayName: String { host ?? ProcessInfo.processInfo.environment["BRLAPI_HOST"] ?? ":0" }
}

/// The last BrlAPI error of this thread, as a sentence fragment.
func brlapiErrorText() -> String {
    guard let error = brlapi_error_location() else { return "unknown BrlAPI error" }
    guard let text = brlapi_strerror(error) else { return "unknown BrlAPI error" }
    return String(cString: text)
}

/// BrlAPI reports a server-side error through an exception handler whose default
/// prints and aborts. A plugin must never abort its host: this one does nothing, and the
/// call that met the error returns failure, which marks the connection dead.
private let quietExceptionHandler: brlapi__exceptionHandler_t = { _, _, _, _, _ in }

/// One BrlAPI connection on its own handle (never BrlAPI's global one), in tty mode.
/// libbrlapi serialises reads and writes on one handle itself.
/// Unchecked Sendable: `handle` is closed only by `close()`, after the key thread sharing it stopped.
final class BrlAPIConnection: @unchecked Sendable {
    let handle: OpaquePointer
    let width: Int
    private var closed = false

    init(_ endpoint: BrlAPIEndpoint) throws {
        let raw = malloc(brlapi_getHandleSize())!
        let handle = OpaquePointer(raw)
        self.handle = handle
        var settings = brlapi_connectionSettings_t(auth: nil, host: nil)
        let hostCopy = endpoint.host.map { strdup($0) } ?? nil
        let authCopy = endpoint.auth.map { strdup($0) } ?? nil
        defer { free(hostCopy); free(authCopy) }
        settings.host = UnsafePointer(hostCopy)
        settings.auth = UnsafePointer(authCopy)
        let descriptor = PipeSignalGuard.run { brlapi__openConnection(handle, &settings, nil) }
        guard descriptor >= 0 else {
            let reason = brlapiErrorText()
            free(raw)
            throw PluginError(.unavailable, "BRLTTY is not reachable through BrlAPI at \(endpoint.displayName): \(reason).")
        }
        _ = brlapi__setExceptionHandler(handle, quietExceptionHandler)
        var x: UInt32 = 0, y: UInt32 = 0
        let sized = PipeSignalGuard.run { brlapi__getDisplaySize(handle, &x, &y) }
        guard sized >= 0 else {
            let reason = brlapiErrorText()
            Self.release(handle)
            throw PluginError(.unavailable, "BRLTTY at \(endpoint.displayName) did not say its display size: \(reason).")
        }
        // BRLTTY without a display (braille driver "no") answers 1x1 through its
        // NoBraille driver, not 0 cells; both mean there is nothing to write to.
        var driver = [CChar](repeating: 0, count: 64)
        let named = PipeSignalGuard.run { brlapi__getDriverName(handle, &driver, driver.count) }
        let driverName = named > 0 ? String(decoding: driver.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        guard x > 0, y > 0, driverName != "NoBraille" else {
            Self.release(handle)
            throw PluginError(.unavailable, "BRLTTY at \(endpoint.displayName) has no braille display (0 cells): connect one, or start BRLTTY with its driver.")
        }
        // One row: a multi-row display shows the first row's width per window.
        let width = Int(x)
        self.width = width
        let entered: Int32 = PipeSignalGuard.run {
            if let tty = endpoint.tty { return brlapi__enterTtyMode(handle, Int32(tty), nil) }
            return brlapi__enterTtyModeWithPath(handle, nil, 0, nil)
        }
        guard entered >= 0 else {
            let reason = brlapiErrorText()
            Self.release(handle)
            throw PluginError(.unavailable, "BRLTTY at \(endpoint.displayName) refused the braille display to SenseBridge (\(endpoint.tty.map { "tty \($0)" } ?? "root tty")): \(reason).")
        }
    }

    private static func release(_ handle: OpaquePointer) {
        PipeSignalGuard.run { brlapi__closeConnection(handle) }
        free(UnsafeMutableRawPointer(handle))
    }

    /// Shows one window, padded with blank cells to the display's width.
    func write(_ window: [UInt8]) -> Bool {
        var cells = Array(window.prefix(width))
        cells += [UInt8](repeating: 0, count: width - cells.count)
        return PipeSignalGuard.run { cells.withUnsafeBufferPointer { brlapi__writeDots(handle, $0.baseAddress) } } >= 0
    }

    enum KeyRead { case key(UInt64), timeout, failed }

    func readKey(timeoutMilliseconds: Int32) -> KeyRead {
        var code: brlapi_keyCode_t = 0
        let result = PipeSignalGuard.run { brlapi__readKeyWithTimeout(handle, timeoutMilliseconds, &code) }
        if result > 0 { return .key(UInt64(code)) }
        return result == 0 ? .timeout : .failed
    }

    /// Call once, with no other call on the handle in progress.
    func close() {
        guard !closed else { return }
        closed = true
        Self.release(handle)
    }
}

/// What a key means to the target.
enum PanKey: Equatable {
    case back, forward, ignored

    /// BrlAPI command keys (brlapi_keycodes.h): type CMD is bit 29, the block in bits
    /// 16-28 (0: basic commands; BRLAPI_KEY_CMD_ROUTE is block 1), the argument below.
    init(code: UInt64) {
        let typeMask: UInt64 = 0xE000_0000, typeCommand: UInt64 = 0x2000_0000
        guard code & typeMask == typeCommand else { self = .ignored; return }
        let block = (code >> 16) & 0x1FFF
        let argument = code & 0xFFFF
        guard block == 0 else { self = .ignored; return }  // routing keys and the rest
        switch argument {
        case 23, 1: self = .back      // BRLAPI_KEY_CMD_FWINLT, BRLAPI_KEY_CMD_LNUP
        case 24, 2: self = .forward   // BRLAPI_KEY_CMD_FWINRT, BRLAPI_KEY_CMD_LNDN
        default: self = .ignored
        }
    }
}
