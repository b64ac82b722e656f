/// Writes the few JSON values the output logs need, byte for byte the same on every run.
///
/// Why not JSONEncoder: it writes 1.0 as `1` and 0.1 as `0.10000000000000001` on some
/// platforms, and orders keys by hash. Logs are diffed and AHAP is read by other tools,
/// so numbers and key order are fixed here.
public enum JSONText {
    /// A JSON string literal with quotes; control characters escaped, nothing else.
    public static func string(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// A decimal number rounded to `places` digits, always with a decimal point
    /// (`1.0`, `0.15`). NaN and infinities, which JSON cannot hold, become `null`.
    public static func number(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "null" }
        let places = min(max(places, 1), 9)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        // Beyond 2^53 a Double has no fractional digits left to print; clamp so the
        // conversion to an integer below can never trap.
        let magnitude = min((abs(value) * Double(scale)).rounded(), 9.0e15)
        let scaled = Int64(magnitude)
        let whole = scaled / scale
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return "\(sign)\(whole).\(fraction)"
    }

    /// A JSON object from already-encoded values, keys in the order given.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON array from already-encoded values.
    public static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }
}
