import Foundation

/// Reads a records file: JSON Lines, one `PerceptionRecord` per line (docs/FORMATS.md).
///
/// Strict on purpose. These files drive replayed walks and tests of what the user is
/// told; a silently skipped line or a clamped confidence would make a replay say
/// something the original walk did not. Every problem stops the parse with the file
/// name, the line and the reason.
public enum RecordsFile {
    static let fields: Set<String> = ["kind", "label", "confidence", "box", "distanceMetres"]
    static let boxFields = ["x", "y", "width", "height"]
    /// Rounding slack for x + width ≤ 1 when boxes were written from floats.
    static let edgeTolerance = 1e-9

    /// The records in `data`; `name` is used in error messages only.
    public static func parse(_ data: Data, name: String) throws -> [PerceptionRecord] {
        try data.withUnsafeBytes { text in
            var records: [PerceptionRecord] = []
            try JSONLines.forEachLine(in: text) { (line, number) throws(RecordsFileError) in
                switch JSONLines.content(of: line, dropsByteOrderMark: number == 1) {
                case .skip:
                    return
                case .invalidUTF8:
                    throw RecordsFileError(name: name, line: number, reason: "is not valid UTF-8")
                case .json(let json):
                    do throws(LineProblem) {
                        records.append(try record(fromJSON: json))
                    } catch {
                        throw RecordsFileError(name: name, line: number, reason: error.reason)
                    }
                }
            }
            return records
        }
    }

    struct LineProblem: Error {
        let reason: String
    }

    static func record(fromJSON text: UnsafeRawBufferPointer) throws(LineProblem) -> PerceptionRecord {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw LineProblem(reason: error.reason)
        }
        return try record(from: value)
    }

    /// One record from an already decoded value; recordings embed records this way,
    /// so a record means the same thing in every file that carries one.
    static func record(from value: JSONValue) throws(LineProblem) -> PerceptionRecord {
        guard case let .object(object) = value else {
            throw LineProblem(reason: "must be a JSON object, found \(value.typeName)")
        }
        // The first unknown key in sorted order, so the reason does not depend on hashing.
        if let unknown = object.keys.lazy.filter({ !fields.contains($0) }).min() {
            throw LineProblem(reason: "unknown field \"\(unknown)\"")
        }
        let kindName = try string(object, "kind")
        guard let kind = kindName.flatMap(PerceptionRecord.Kind.init(rawValue:)) else {
            guard let kindName else { throw LineProblem(reason: "missing field \"kind\"") }
            throw LineProblem(reason: "unknown kind \"\(kindName)\" (expected object, text, sound or depth)")
        }
        let isDepth = kind == .depth
        let label: String
        if let written = try string(object, "label") {
            label = written
        } else if isDepth {
            label = ""
        } else {
            throw missing("label")
        }
        if !isDepth, isBlank(label) {
            throw LineProblem(reason: "\"label\" must not be empty")
        }
        let confidence: Double
        if let written = try number(object, "confidence") {
            confidence = written
        } else if isDepth {
            confidence = 1
        } else {
            throw missing("confidence")
        }
        guard (0...1).contains(confidence) else {
            throw LineProblem(reason: "confidence \(format(confidence)) is outside 0…1")
        }
        let box = try self.box(object["box"], kind: kind)
        let distance = try number(object, "distanceMetres")
        if isDepth {
            guard let distance else { throw missing("distanceMetres") }
            guard distance >= 0 else {
                throw LineProblem(reason: "distanceMetres \(format(distance)) must be 0 or more")
            }
            guard distance <= PerceptionRecord.maximumDistanceMetres else {
                throw LineProblem(reason: "distanceMetres \(format(distance)) is beyond \(format(PerceptionRecord.maximumDistanceMetres)), "
                                  + "farther than any depth sensor measures")
            }
        } else if distance != nil {
            throw LineProblem(reason: "\"distanceMetres\" is only allowed for depth records")
        }
        return PerceptionRecord(kind: kind, label: label, confidence: confidence, box: box, distanceMetres: distance)
    }

    /// What `label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty` said, without
    /// building the trimmed string: every scalar is white space or a newline.
    static func isBlank(_ label: String) -> Bool {
        label.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
            return CharacterSet.whitespacesAndNewlines.contains(scalar)
        }
    }

    static func box(_ value: JSONValue?, kind: PerceptionRecord.Kind) throws(LineProblem) -> NormalizedBox? {
        guard let value else { return nil }
        guard kind == .object || kind == .text else {
            throw LineProblem(reason: "\"box\" is not allowed for \(kind.rawValue) records")
        }
        guard case let .object(object) = value else {
            throw LineProblem(reason: "\"box\" must be an object with x, y, width and height")
        }
        if let unknown = object.keys.lazy.filter({ !boxFields.contains($0) }).min() {
            throw LineProblem(reason: "unknown box field \"\(unknown)\"")
        }
        var values: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)
        for field in boxFields {
            guard let number = try number(object, field, prefix: "box ") else {
                throw LineProblem(reason: "missing box field \"\(field)\"")
            }
            guard (0...1).contains(number) else {
                throw LineProblem(reason: "box \(field) \(format(number)) is outside 0…1")
            }
            switch field {
            case "x": values.x = number
            case "y": values.y = number
            case "width": values.width = number
            default: values.height = number
            }
        }
        let (x, y, width, height) = values
        if width <= 0 { throw LineProblem(reason: "box width \(format(width)) must be greater than 0") }
        if height <= 0 { throw LineProblem(reason: "box height \(format(height)) must be greater than 0") }
        if x + width > 1 + edgeTolerance {
            throw LineProblem(reason: "box extends past the right edge (x + width = \(format(x + width)))")
        }
        if y + height > 1 + edgeTolerance {
            throw LineProblem(reason: "box extends past the bottom edge (y + height = \(format(y + height)))")
        }
        return NormalizedBox(x: x, y: y, width: width, height: height)
    }

    static func string(_ object: [String: JSONValue], _ field: String) throws(LineProblem) -> String? {
        switch object[field] {
        case nil: return nil
        case let .string(value)?: return value
        case let other?: throw LineProblem(reason: "\"\(field)\" must be a string, found \(other.typeName)")
        }
    }

    static func number(_ object: [String: JSONValue], _ field: String, prefix: String = "") throws(LineProblem) -> Double? {
        switch object[field] {
        case nil: return nil
        case let .number(value)? where value.isFinite: return value
        case .number?, .unrepresentable?:
            throw LineProblem(reason: "\(prefix)\(field) is not a finite number")
        case let other?:
            throw LineProblem(reason: "\(prefix)\(field) must be a number, found \(other.typeName)")
        }
    }

    static func missing(_ field: String) -> LineProblem {
        LineProblem(reason: "missing field \"\(field)\"")
    }

    /// 1.7 → "1.7", -1.0 → "-1": the number as the person wrote it, near enough.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
