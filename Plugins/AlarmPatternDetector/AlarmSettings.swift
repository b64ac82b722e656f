import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// The alarm-pattern detector's config, checked when it is created: a wrong value is an
/// error naming its key, never a silent fallback to bands or a margin the person did not pick.
enum AlarmSettings {
    static let keys: Set<String> = ["bands", "minimumMarginDecibels"]

    private struct Raw: Decodable {
        var bands: [String]?
        var minimumMarginDecibels: Double?
    }

    static func read(_ config: PluginConfig) throws -> AlarmListener.Settings {
        try config.requireOnly(keys)
        let raw = try config.decode(Raw.self)
        let known = AlarmBand.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        var bands: [AlarmBand.Kind] = []
        for name in raw.bands ?? AlarmBand.Kind.allCases.map(\.rawValue) {
            guard let band = AlarmBand.Kind(rawValue: name) else {
                throw PluginError.invalidConfig("Config key 'bands' holds \"\(name)\"; each band is one of \(known).")
            }
            if !bands.contains(band) { bands.append(band) }
        }
        guard !bands.isEmpty else {
            throw PluginError.invalidConfig("Config key 'bands' is empty: a detector listening to no band would never hear an alarm; give one or more of \(known).")
        }
        let margin = raw.minimumMarginDecibels ?? AlarmListener.Settings.defaultMarginDecibels
        guard margin.isFinite, (3...40).contains(margin) else {
            throw PluginError.invalidConfig("Config key 'minimumMarginDecibels' must be 3 to 40 dB; it is \(margin).")
        }
        return AlarmListener.Settings(bands: bands, minimumMarginDecibels: margin)
    }
}
