import Foundation
import SenseBridgeCore

/// `RecordsFile.parse` as it was before JSONParser, kept verbatim for the bench only, so
/// "×N faster than before" is measured in the same run rather than remembered: each
/// line split off as Data, validated and trimmed as a String (NSString trimming), then
/// decoded by a new JSONDecoder into JSONValue through its Decodable guesses.
enum FormerRecordsFile {
    static let fields: Set<String> = ["kind", "label", "confidence", "box", "distanceMetres"]
    static let boxFields = ["x", "y", "width", "height"]
    /// Rounding slack for x + width ≤ 1 when boxes were written from floats.
    static let edgeTolerance = 1e-9

    /// The records in `data`; `name` is used in error messages only.
    static func parse(_ data: Data, name: String) throws -> [PerceptionRecord] {
        var records: [PerceptionRecord] = []
        var lineNumber = 0
        for var bytes in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            guard let line = String(validating: bytes, as: UTF8.self) else {
                throw RecordsFileError(name: name, line: lineNumber, reason: "is not valid UTF-8")
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                records.append(try record(from: trimmed))
            } catch let problem as LineProblem {
                throw RecordsFileError(name: name, line: lineNumber, reason: problem.reason)
            }
        }
        return records
    }

    struct LineProblem: Error {
        let reason: String
    }

    static func record(from line: String) throws -> PerceptionRecord {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            throw LineProblem(reason: "is not valid JSON")
        }
        return try record(from: value)
    }

    /// One record from an already decoded value; recordings embed records this way,
    /// so a record means the same thing in every file that carries one.
    static func record(from value: JSONValue) throws -> PerceptionRecord {
        guard case let .object(object) = value else {
            throw LineProblem(reason: "must be a JSON object, found \(value.typeName)")
        }
        if let unknown = object.keys.filter({ !fields.contains($0) }).sorted().first {
            throw LineProblem(reason: "unknown field \"\(unknown)\"")
        }
        let kindName = try string(object, "kind")
        guard let kind = kindName.flatMap(PerceptionRecord.Kind.init(rawValue:)) else {
            guard let kindName else { throw LineProblem(reason: "missing field \"kind\"") }
            throw LineProblem(reason: "unknown kind \"\(kindName)\" (expected object, text, sound or depth)")
        }
        let isDepth = kind == .depth
        let label = try string(object, "label") ?? (isDepth ? "" : missing("label"))
        if !isDepth, label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw LineProblem(reason: "\"label\" must not be empty")
        }
        let confidence = try number(object, "confidence") ?? (isDepth ? 1 : missing("confidence"))
        guard (0...1).contains(confidence) else {
            throw LineProblem(reason: "confidence \(format(confidence)) is outside 0…1")
        }
        let box = try self.box(object["box"], kind: kind)
        let distance = try number(object, "distanceMetres")
        if isDepth {
            guard let distance else { return try missing("distanceMetres") }
            guard distance >= 0 else {
                throw LineProblem(reason: "distanceMetres \(format(distance)) must be 0 or more")
            }
        } else if distance != nil {
            throw LineProblem(reason: "\"distanceMetres\" is only allowed for depth records")
        }
        return PerceptionRecord(kind: kind, label: label, confidence: confidence, box: box, distanceMetres: distance)
    }

    static func box(_ value: JSONValue?, kind: PerceptionRecord.Kind) throws -> NormalizedBox? {
        guard let value else { return nil }
        guard kind == .object || kind == .text else {
            throw LineProblem(reason: "\"box\" is not allowed for \(kind.rawValue) records")
        }
        guard case let .object(object) = value else {
            throw LineProblem(reason: "\"box\" must be an object with x, y, width and height")
        }
        if let unknown = object.keys.filter({ !boxFields.contains($0) }).sorted().first {
            throw LineProblem(reason: "unknown box field \"\(unknown)\"")
        }
        var values: [String: Double] = [:]
        for field in boxFields {
            guard let number = try number(object, field, prefix: "box ") else {
                throw LineProblem(reason: "missing box field \"\(field)\"")
            }
            guard (0...1).contains(number) else {
                throw LineProblem(reason: "box \(field) \(format(number)) is outside 0…1")
            }
            values[field] = number
        }
        let (x, y, width, height) = (values["x"]!, values["y"]!, values["width"]!, values["height"]!)
        for (field, size) in [("width", width), ("height", height)] where size <= 0 {
            throw LineProblem(reason: "box \(field) \(format(size)) must be greater than 0")
        }
        if x + width > 1 + edgeTolerance {
            throw LineProblem(reason: "box extends past the right edge (x + width = \(format(x + width)))")
        }
        if y + height > 1 + edgeTolerance {
            throw LineProblem(reason: "box extends past the bottom edge (y + height = \(format(y + height)))")
        }
        return NormalizedBox(x: x, y: y, width: width, height: height)
    }

    static func string(_ object: [String: JSONValue], _ field: String) throws -> String? {
        switch object[field] {
        case nil: return nil
        case let .string(value)?: return value
        case let other?: throw LineProblem(reason: "\"\(field)\" must be a string, found \(other.typeName)")
        }
    }

    static func number(_ object: [String: JSONValue], _ field: String, prefix: String = "") throws -> Double? {
        switch object[field] {
        case nil: return nil
        case let .number(value)? where value.isFinite: return value
        case .number?, .unrepresentable?:
            throw LineProblem(reason: "\(prefix)\(field) is not a finite number")
        case let other?:
            throw LineProblem(reason: "\(prefix)\(field) must be a number, found \(other.typeName)")
        }
    }

    static func missing<T>(_ field: String) throws -> T {
        throw LineProblem(reason: "missing field \"\(field)\"")
    }

    /// 1.7 → "1.7", -1.0 → "-1": the number as the person wrote it, near enough.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
