import Foundation
import SenseBridgeCore

/// Reads the machine's thermal level from Linux's thermal zones: each
/// `thermal_zone*/temp` under `root`, classified against that zone's own
/// `trip_point_*_type` / `trip_point_*_temp` by `ThermalZoneReading` (Core decides what
/// the numbers mean; this only reads files).
///
/// Meant to be polled about once a second from the awareness loop, so a poll reads only
/// each zone's `temp`. The zone list and trip points are read on the first poll and
/// again every `rediscoverEvery` polls, not on every call: listing directories and
/// reading every trip file each second would cost more than the temperatures, and zones
/// and trips change only when a driver loads or a daemon such as thermald rewrites a
/// trip, which a minute's delay does not matter for.
///
/// A zone whose `temp` cannot be read or parsed is skipped (a Wi-Fi card's zone reads
/// ENODATA while the interface is down); when no zone can be read the level is nil,
/// unknown, never nominal (Invariant 2), and `ThermalBackoff` holds its pace.
///
/// Some zones evaluate firmware on read (ACPI), which can take milliseconds; the caller
/// decides whether that may run on the thread that keeps the depth cadence (Invariant 5).
public struct SysfsThermalMonitor: Sendable {
    public static let defaultRoot = "/sys/class/thermal"
    /// A minute of polls at once a second.
    public static let defaultRediscoverEvery = 60

    /// One zone as discovered: where its temperature is, and its trip points then.
    struct Zone: Sendable {
        var temperaturePath: String
        var tripPoints: [ThermalZoneReading.TripPoint]
    }

    /// The directory holding `thermal_zone*`; tests point it at a temporary tree.
    public let root: String
    public let rediscoverEvery: Int
    private var zones: [Zone] = []
    /// Polls since the zones were last discovered; nil before the first discovery.
    private var pollsSinceDiscovery: Int?

    public init(root: String = SysfsThermalMonitor.defaultRoot, rediscoverEvery: Int = SysfsThermalMonitor.defaultRediscoverEvery) {
        self.root = root
        self.rediscoverEvery = max(1, rediscoverEvery)
    }

    /// The machine's level now: its hottest readable zone's. Nil when no zone could be read.
    public mutating func level() -> ThermalLevel? {
        ThermalZoneReading.machineLevel(readZones())
    }

    /// This poll's readable zones, in zone order.
    public mutating func readZones() -> [ThermalZoneReading] {
        if let polls = pollsSinceDiscovery, polls < rediscoverEvery {
            pollsSinceDiscovery = polls + 1
        } else {
            zones = Self.discover(root)
            pollsSinceDiscovery = 1
        }
        return zones.compactMap { zone in
            Self.readInteger(zone.temperaturePath).map { ThermalZoneReading(millidegrees: $0, tripPoints: zone.tripPoints) }
        }
    }

    /// Every `thermal_zone*` entry under `root`, in numeric order, with its trip points;
    /// empty when `root` cannot be listed.
    static func discover(_ root: String) -> [Zone] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("thermal_zone"), let index = Int(name.dropFirst("thermal_zone".count)) else { return nil }
            return (index, name)
        }
        .sorted { $0.0 < $1.0 }
        .map { _, name in
            let directory = root + "/" + name
            return Zone(temperaturePath: directory + "/temp", tripPoints: tripPoints(in: directory))
        }
    }

    /// A zone's trip points: each `trip_point_N_type` whose type is known and whose
    /// `trip_point_N_temp` reads as an integer; any other is left out, not guessed.
    static func tripPoints(in directory: String) -> [ThermalZoneReading.TripPoint] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (Int, ThermalZoneReading.TripPoint)? in
            guard name.hasPrefix("trip_point_"), name.hasSuffix("_type"),
                  let index = Int(name.dropFirst("trip_point_".count).dropLast("_type".count)),
                  let type = readText(directory + "/" + name),
                  let millidegrees = readInteger(directory + "/trip_point_\(index)_temp"),
                  let trip = ThermalZoneReading.TripPoint(type: type, millidegrees: millidegrees) else { return nil }
            return (index, trip)
        }
        .sorted { $0.0 < $1.0 }
        .map(\.1)
    }

    /// A sysfs integer ("48000\n"), nil when unreadable or not an integer.
    static func readInteger(_ path: String) -> Int? {
        readText(path).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A small file's text with one open and one read: sysfs attributes are under a page,
    /// and a driver that cannot answer fails the read (ENODATA, EIO), which is nil here.
    static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
