import Foundation

/// An AHAP checker written from Apple's format description ("Representing haptic
/// patterns in AHAP files"), independent of the encoder: it parses the JSON text and
/// knows nothing of HapticPattern. Returns every rule broken, empty when valid.
/// Shared by the core's pattern tests and the haptic-log plugin's tests.
public enum AHAPRules {
    public static let eventTypes: Set<String> = ["HapticTransient", "HapticContinuous", "AudioContinuous", "AudioCustom"]
    public static let hapticParameters: Set<String> = ["HapticIntensity", "HapticSharpness", "AttackTime", "DecayTime", "ReleaseTime", "Sustain"]
    public static let maximumContinuousDuration = 30.0

    public static func violations(_ text: String) -> [String] {
        guard let data = text.data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var problems: [String] = []
        let unknown = Set(root.keys).subtracting(["Version", "Metadata", "Pattern"])
        if !unknown.isEmpty { problems.append("unknown top-level keys \(unknown.sorted())") }
        if number(root["Version"]) != 1.0 { problems.append("Version must be 1.0") }
        guard let pattern = root["Pattern"] as? [Any], !pattern.isEmpty else {
            return problems + ["Pattern must be a non-empty array"]
        }
        var previousTime = -Double.infinity
        for (index, element) in pattern.enumerated() {
            guard let entry = element as? [String: Any], entry.count == 1, let event = entry["Event"] as? [String: Any] else {
                problems.append("Pattern[\(index)] must be {\"Event\": {...}}")
                continue
            }
            let keys = Set(event.keys)
            let allowed: Set<String> = ["Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath"]
            if !keys.isSubset(of: allowed) { problems.append("Pattern[\(index)] unknown keys \(keys.subtracting(allowed).sorted())") }
            guard let time = number(event["Time"]) else {
                problems.append("Pattern[\(index)] Time missing or not a number")
                continue
            }
            if time < 0 { problems.append("Pattern[\(index)] Time \(time) < 0") }
            if time < previousTime { problems.append("Pattern[\(index)] not sorted by Time") }
            previousTime = time
            guard let type = event["EventType"] as? String, eventTypes.contains(type) else {
                problems.append("Pattern[\(index)] EventType invalid")
                continue
            }
            switch type {
            case "HapticContinuous":
                guard let duration = number(event["EventDuration"]) else {
                    problems.append("Pattern[\(index)] continuous event without EventDuration")
                    break
                }
                if !(duration > 0 && duration <= maximumContinuousDuration) {
                    problems.append("Pattern[\(index)] EventDuration \(duration) outside (0, 30]")
                }
            case "HapticTransient":
                if event["EventDuration"] != nil { problems.append("Pattern[\(index)] transient event with EventDuration") }
            default:
                problems.append("Pattern[\(index)] audio event in a haptic-only pattern")
            }
            guard let parameters = event["EventParameters"] as? [Any] else {
                problems.append("Pattern[\(index)] EventParameters missing")
                continue
            }
            var seen: Set<String> = []
            for parameter in parameters {
                guard let object = parameter as? [String: Any], object.count == 2,
                      let id = object["ParameterID"] as? String, let value = number(object["ParameterValue"]) else {
                    problems.append("Pattern[\(index)] malformed parameter")
                    continue
                }
                if !hapticParameters.contains(id) { problems.append("Pattern[\(index)] unknown parameter \(id)") }
                if !seen.insert(id).inserted { problems.append("Pattern[\(index)] duplicate parameter \(id)") }
                if !(0...1).contains(value) { problems.append("Pattern[\(index)] \(id) = \(value) outside 0…1") }
            }
        }
        return problems
    }

    /// JSON numbers only (not booleans, not strings). Foundation bridges 0 and 1 to
    /// Bool, so a JSON boolean is told apart by its type code ("c"), not by `is Bool`.
    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }
}
