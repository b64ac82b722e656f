/// One spoken string in a locale's table, with a note saying where it is used.
///
/// Templates name their slots in braces (`{subject}`, `{distance}`) instead of using
/// `String(format:)`: a slot is filled once and the inserted text is never scanned
/// again, so a subject containing "{distance}" or "%@" is spoken literally.
public struct SpokenEntry: Equatable, Sendable {
    public let text: String
    /// Where the string is used; read by reviewers, never spoken.
    public let note: String

    public init(_ text: String, note: String) {
        self.text = text
        self.note = note
    }

    /// The slot names in the template, in order of appearance.
    public var slots: [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The template with every slot replaced by its value, in one pass.
    public func filled(_ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                preconditionFailure("SpokenEntry slot {\(name)} has no value")
            }
            result += rest[..<open]
            result += value
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    /// The fixed text before and after one slot; used to recognize a filled template.
    public func frame(around slot: String) -> (prefix: String, suffix: String)? {
        let marker = "{\(slot)}"
        guard let range = text.range(of: marker) else { return nil }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }
}
