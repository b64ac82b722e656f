import CSenseBridgeABI

/// The host's clock and privacy-safe event log, as a plugin instance sees them.
///
/// Borrowed from the host for the instance's lifetime; a plugin must not keep it
/// past `deinit`.
/// Unchecked Sendable: `table` is never written, and sensebridge.h makes both its functions [any-thread].
public struct HostServices: @unchecked Sendable {
    /// A value logged with an event. There is no unlabelled case on purpose: every
    /// value states whether it may be shown, so a reviewer can see the decision.
    public enum LogValue: Sendable {
        case `public`(String)
        case `private`(String)
    }

    public enum Level: UInt32, Sendable {
        case debug = 0, info, warning, error
    }

    let table: UnsafePointer<sb_host_services>?

    public init(_ table: UnsafePointer<sb_host_services>?) {
        self.table = table
    }

    /// The host's monotonic clock in nanoseconds; compare with request deadlines.
    public func monotonicNanoseconds() -> UInt64 {
        guard let table, let clock = table.pointee.monotonic_ns else { return fallbackClock() }
        return clock(table)
    }

    /// The plugin ABI the host implements, or nil when its table is too short to say:
    /// a 1.0 host (or a test driver built against 1.0) passes the table without these
    /// fields, and a plugin must not read past `struct_size`.
    public var hostABIVersion: (major: UInt32, minor: UInt32)? {
        guard let table,
              let offset = MemoryLayout<sb_host_services>.offset(of: \sb_host_services.abi_minor),
              Int(table.pointee.struct_size) >= offset + MemoryLayout<UInt32>.size else { return nil }
        return (table.pointee.abi_major, table.pointee.abi_minor)
    }

    /// Logs an event identifier (never user content) with labelled values.
    public func log(_ level: Level, _ event: String, _ fields: [(String, LogValue)] = []) {
        guard let table, let log = table.pointee.log_event else { return }
        var cStrings: [UnsafeMutablePointer<CChar>] = []
        defer { cStrings.forEach { free($0) } }
        func keep(_ string: String) -> UnsafePointer<CChar> {
            let copy = strdup(string)!
            cStrings.append(copy)
            return UnsafePointer(copy)
        }
        let cFields = fields.map { name, value -> sb_log_field in
            switch value {
            case .public(let text): return sb_log_field(name: keep(name), value: keep(text), privacy: SB_PRIVACY_PUBLIC)
            case .private(let text): return sb_log_field(name: keep(name), value: keep(text), privacy: SB_PRIVACY_PRIVATE)
            }
        }
        event.withCString { eventName in
            cFields.withUnsafeBufferPointer { buffer in
                log(table, level.rawValue, eventName, buffer.baseAddress, buffer.count)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

private func fallbackClock() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
