import Foundation

/// Compact JSON text for a `JSONValue`, exactly as JSONSerialization writes it with
/// sorted keys and unescaped slashes, without bridging every value through NSNumber and
/// NSDictionary first: each plugin's create config crosses as this text, so it is on the
/// path of every command that loads a plugin. `JSONValueTextTests` holds it to
/// JSONSerialization's output.
enum JSONValueText {
    /// nil when a number is not finite: JSONSerialization refuses the whole value then.
    static func text(_ value: JSONValue) -> String? {
        var out = ""
        return write(value, into: &out) ? out : nil
    }

    private static func write(_ value: JSONValue, into out: inout String) -> Bool {
        switch value {
        case .null, .unrepresentable: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number):
            guard number.isFinite else { return false }
            out += numberText(number)
        case .string(let string): writeString(string, into: &out)
        case .array(let values):
            out += "["
            for (index, element) in values.enumerated() {
                if index > 0 { out += "," }
                guard write(element, into: &out) else { return false }
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in sortedKeys(members).enumerated() {
                if index > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                guard write(members[key]!, into: &out) else { return false }
            }
            out += "}"
        }
        return true
    }

    /// Whole numbers below 10^15 as integers (as `JSONValue.any` hands them over), every
    /// other number as Swift prints a Double, without a trailing ".0".
    private static func numberText(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        let text = number.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// JSONSerialization's order: numeric runs compared as numbers, case ignored, and
    /// case variants then in a fixed order.
    private static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
        guard members.count > 1 else { return Array(members.keys) }
        return members.keys.sorted { a, b in
            a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
                      locale: NSLocale.system) == .orderedAscending
        }
    }

    private static func writeString(_ string: String, into out: inout String) {
        out += JSONText.string(string)
    }
}
