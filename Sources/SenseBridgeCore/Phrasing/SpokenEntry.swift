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
        if let result = filledByBytes(values) { return result }
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

    /// `filled` on the UTF-8 bytes, when every brace has ASCII (or nothing) on either
    /// side: then each brace byte is a brace character, as `firstIndex(of:)` finds them
    /// (no ASCII scalar joins a character to its neighbour), and the bytes between are
    /// the same text. Nil for any other template, which takes the character path.
    /// Every hedge of every moment is filled, so its cost is paid per sentence.
    private func filledByBytes(_ values: [String: String]) -> String? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            for index in bytes.indices where bytes[index] == 0x7B || bytes[index] == 0x7D {
                if index > 0, bytes[index - 1] >= 0x80 { return nil }
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
            }
            var result = ""
            var rest = 0
            while let open = bytes[rest...].firstIndex(of: 0x7B), let close = bytes[open...].firstIndex(of: 0x7D) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self)
                guard let value = values[name] else {
                    preconditionFailure("SpokenEntry slot {\(name)} has no value")
                }
                result += String(decoding: UnsafeBufferPointer(rebasing: bytes[rest..<open]), as: UTF8.self)
                result += value
                rest = close + 1
            }
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[rest...]), as: UTF8.self)
            return result
        } ?? nil
    }

    /// The fixed text before and after one slot; used to recognize a filled template.
    public func frame(around slot: String) -> (prefix: String, suffix: String)? {
        let marker = "{\(slot)}"
        guard let range = text.range(of: marker) else { return nil }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }
}
