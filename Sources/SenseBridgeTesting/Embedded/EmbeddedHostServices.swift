import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgePluginKit

/// The clock and event log an embedded plugin sees, both in the test's hands.
///
/// The clock is manual by default, so a composer comparing its deadline with the
/// host's clock behaves the same on a loaded CI machine as on a quiet laptop; a
/// test that wants time to pass says so with `advance`.
/// Unchecked Sendable: `lock` guards `manualNow` and `logged`; `table` is filled in init, then only read.
public final class EmbeddedHostServices: @unchecked Sendable {
    public enum Clock: Sendable {
        /// Starts at `start` nanoseconds and moves only when the test advances it.
        case manual(start: UInt64)
        /// The real monotonic clock.
        case system
    }

    /// One event a plugin logged, with each value's privacy label as given.
    public struct LoggedEvent: Sendable, Equatable {
        public enum Privacy: Sendable, Equatable { case `public`, `private`, unlabelled }
        public struct Field: Sendable, Equatable {
            public var name: String
            public var value: String
            public var privacy: Privacy
        }
        public var level: HostServices.Level
        public var event: String
        public var fields: [Field]
    }

    private let table: UnsafeMutablePointer<sb_host_services>
    /// What `config_entries` points at, for as long as the table lives.
    private let entries: CConfigEntries
    private let lock = NSLock()
    private var manualNow: UInt64?
    private var logged: [LoggedEvent] = []

    /// `abiMinor` is the host version the plugin is told, and `struct_size` ends where
    /// that version's table ends. Fields past it hold nonsense a test can catch in a
    /// plugin that reads them without checking `struct_size`: 0 acts as a 1.0 host (the
    /// version fields are `UInt32.max`), 1 as a 1.1 host (no entry array, a count of
    /// `Int.max`).
    ///
    /// `config` is the config the plugin is created with; from 1.2 the table carries it
    /// as key/value entries, exactly as the host's does. The embedded hosts pass theirs.
    public init(clock: Clock = .manual(start: 1_000_000_000), abiMinor: UInt32 = SB_ABI_MINOR,
                config: PluginConfig = PluginConfig("{}")) {
        precondition(abiMinor <= SB_ABI_MINOR, "EmbeddedHostServices cannot act as a host newer than its header")
        if case .manual(let start) = clock { manualNow = start }
        let actsAs10 = abiMinor == 0, actsAs11 = abiMinor == 1
        let size = actsAs10 ? MemoryLayout<sb_host_services>.offset(of: \sb_host_services.abi_major)!
            : actsAs11 ? MemoryLayout<sb_host_services>.offset(of: \sb_host_services.config_entries)!
            : MemoryLayout<sb_host_services>.size
        // PluginConfig reads empty JSON as "{}", and so do the entries.
        entries = CConfigEntries(json: config.json.isEmpty ? "{}" : String(decoding: config.json, as: UTF8.self))
        let hasEntries = !actsAs10 && !actsAs11
        table = .allocate(capacity: 1)
        table.initialize(to: sb_host_services(
            struct_size: UInt32(size), host_data: nil,
            monotonic_ns: { host in EmbeddedHostServices.from(host)?.now ?? 0 },
            log_event: { host, level, event, fields, count in
                EmbeddedHostServices.from(host)?.record(level, event, fields, count)
            },
            abi_major: actsAs10 ? .max : SB_ABI_MAJOR, abi_minor: actsAs10 ? .max : abiMinor,
            config_entries: hasEntries ? entries.pointer : nil, config_entry_count: hasEntries ? entries.count : .max))
        table.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    /// What a plugin's `init(host:config:)` receives.
    public var hostServices: HostServices { HostServices(UnsafePointer(table)) }

    public var now: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        if let manualNow { return manualNow }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Moves the manual clock forward; a precondition failure on the system clock,
    /// which no test can move.
    public func advance(nanoseconds: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        precondition(manualNow != nil, "EmbeddedHostServices.advance needs the manual clock")
        manualNow! += nanoseconds
    }

    public func advance(seconds: Double) { advance(nanoseconds: UInt64(seconds * 1e9)) }

    /// The config entries the plugin is given, read back from the table as a plugin
    /// would: nil when `struct_size` ends before them, or when the config could not be
    /// flattened (the header's NULL).
    public var configEntries: [(key: String, value: String)]? {
        let end = MemoryLayout<sb_host_services>.offset(of: \sb_host_services.config_entry_count)! + MemoryLayout<Int>.size
        guard Int(table.pointee.struct_size) >= end else { return nil }
        return ConfigEntryCodec.decode(table.pointee.config_entries, count: table.pointee.config_entry_count)?
            .map { (key: $0.key, value: $0.value) }
    }

    public var events: [LoggedEvent] {
        lock.lock()
        defer { lock.unlock() }
        return logged
    }

    private static func from(_ host: UnsafePointer<sb_host_services>?) -> EmbeddedHostServices? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<EmbeddedHostServices>.fromOpaque(data).takeUnretainedValue()
    }

    private func record(_ level: sb_log_level, _ event: UnsafePointer<CChar>?, _ fields: UnsafePointer<sb_log_field>?, _ count: Int) {
        let name = event.flatMap { String(validatingCString: $0) } ?? "<invalid event name>"
        var converted: [LoggedEvent.Field] = []
        for index in 0..<(fields == nil ? 0 : count) {
            let field = fields![index]
            let privacy: LoggedEvent.Privacy = field.privacy == SB_PRIVACY_PUBLIC ? .public
                : field.privacy == SB_PRIVACY_PRIVATE ? .private : .unlabelled
            converted.append(LoggedEvent.Field(name: field.name.flatMap { String(validatingCString: $0) } ?? "",
                                               value: field.value.flatMap { String(validatingCString: $0) } ?? "",
                                               privacy: privacy))
        }
        lock.lock()
        logged.append(LoggedEvent(level: HostServices.Level(rawValue: min(level, SB_LOG_ERROR)) ?? .error, event: name, fields: converted))
        lock.unlock()
    }
}
