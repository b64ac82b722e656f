import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec

/// The `sb_host_services` table handed to every plugin instance, kept alive as long
/// as the instance. Plugin events are prefixed with the plugin id so a log shows
/// which library spoke.
///
/// One table per config: it carries that config's key/value entries (ABI 1.2), made
/// from the very text create is given, so the two can never disagree.
package final class HostServicesTable {
    package let pointer: UnsafeMutablePointer<sb_host_services>
    private let context: Unmanaged<Context>
    /// The entries `pointer` points at; they live exactly as long as the table.
    package let configEntries: CConfigEntries

    final class Context {
        let pluginID: String
        let log: HostLog
        init(pluginID: String, log: HostLog) {
            self.pluginID = pluginID
            self.log = log
        }
    }

    /// `configJSON`: the config create will be given, verbatim.
    package init(pluginID: String, log: HostLog = .shared, configJSON: String) {
        context = Unmanaged.passRetained(Context(pluginID: pluginID, log: log))
        configEntries = CConfigEntries(json: configJSON)
        if let problem = configEntries.problem, problem != .notAnObject {
            // The host's own configs are always objects; a key with a "." is the one way
            // a profile gets here. A plugin that reads the entries will refuse to start,
            // and this says which key to fix (keys are setting names, not user content).
            log.event(.warning, "plugin.config-not-flattened", [.public("plugin", pluginID), .public("reason", problem.description)])
        }
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: sb_host_services(
            struct_size: UInt32(MemoryLayout<sb_host_services>.size),
            host_data: context.toOpaque(),
            monotonic_ns: { _ in MonotonicClock.nanoseconds() },
            log_event: { host, level, event, fields, count in
                HostServicesTable.forward(host, level, event, fields, count)
            },
            abi_major: HostABI.major, abi_minor: HostABI.minor,
            config_entries: configEntries.pointer, config_entry_count: configEntries.count))
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        context.release()
    }

    static func forward(_ host: UnsafePointer<sb_host_services>?, _ level: sb_log_level, _ event: UnsafePointer<CChar>?,
                        _ fields: UnsafePointer<sb_log_field>?, _ count: Int) {
        guard let host, let data = host.pointee.host_data else { return }
        let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
        let name = event.flatMap { String(validatingCString: $0) } ?? "invalid-event-name"
        var converted: [HostLog.Field] = []
        if let fields {
            for index in 0..<min(count, 64) {
                let field = fields[index]
                let key = field.name.flatMap { String(validatingCString: $0) } ?? "field"
                let value = field.value.flatMap { String(validatingCString: $0) } ?? ""
                let privacy: HostLog.Privacy = field.privacy == SB_PRIVACY_PUBLIC ? .public
                    : field.privacy == SB_PRIVACY_PRIVATE ? .private : .unlabelled
                converted.append(HostLog.Field(name: key, value: value, privacy: privacy))
            }
        }
        let hostLevel = HostLog.Level(rawValue: Int(min(level, SB_LOG_ERROR))) ?? .error
        context.log.event(hostLevel, "plugin.\(name)", [.public("plugin", context.pluginID)] + converted)
    }
}

public enum MonotonicClock {
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
