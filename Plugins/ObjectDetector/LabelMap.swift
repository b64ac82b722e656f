import Foundation
import SenseBridgePluginKit

/// Which SenseBridge identifier each of a model's class ids is reported as, and where the
/// model is known to be weak, the confidence a class must reach before it is reported at
/// all, with the reason as data.
///
/// A class the map does not name is never reported: the host could only say an id, and a
/// model's own label ("mouse") can mean something the person would mistake ("tv" for a
/// tv stand). So the map is the one place where a model's numbers become words.
struct LabelMap: Equatable {
    struct Entry: Equatable {
        var identifier: String
        /// Above the plugin's `minimumConfidence` where the model is known to be weak.
        var minimumConfidence: Double?
        /// Why the floor is there: the evidence, so it can be revisited with a new model.
        var reason: String?
    }

    var entries: [Int: Entry]

    /// The confidence a detection of `classID` needs, given the plugin's own minimum; nil
    /// for a class the map does not name.
    func threshold(for classID: Int, minimumConfidence: Double) -> Double? {
        guard let entry = entries[classID] else { return nil }
        return max(minimumConfidence, entry.minimumConfidence ?? 0)
    }

    /// A label map file (docs/OBJECT_DETECTOR.md):
    /// `{"schema": "sensebridge.label-map/1", "classes": [{"id": 1, "identifier": "person"},
    ///   {"id": 74, "identifier": "computer_mouse", "minimumConfidence": 0.6, "reason": "…"}]}`.
    /// A mistake names the file and the entry, and fails loading.
    static func read(_ url: URL) throws -> LabelMap {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PluginError.invalidConfig("The label map \(url.path) cannot be read: it does not exist or is not readable. Set 'labels' to a label map file, or to \"\" for the built-in COCO map.")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw PluginError.invalidConfig("The label map \(url.path) is not a label map: \(Self.describe(error)). See docs/OBJECT_DETECTOR.md for its format.")
        }
        guard file.schema == Self.schema else {
            throw PluginError.invalidConfig("The label map \(url.path) has schema '\(file.schema)'; expected '\(Self.schema)'.")
        }
        var entries: [Int: Entry] = [:]
        for (index, item) in file.classes.enumerated() {
            let place = "\(url.path): classes[\(index)]"
            guard Self.isIdentifier(item.identifier) else {
                throw PluginError.invalidConfig("\(place): identifier '\(item.identifier)' must be lowercase letters, digits and underscores, such as computer_mouse.")
            }
            guard entries[item.id] == nil else {
                throw PluginError.invalidConfig("\(place): class id \(item.id) is mapped twice.")
            }
            if let floor = item.minimumConfidence {
                guard (0...1).contains(floor) else {
                    throw PluginError.invalidConfig("\(place): minimumConfidence must be 0 to 1; it is \(floor).")
                }
                guard let reason = item.reason, !reason.isEmpty else {
                    throw PluginError.invalidConfig("\(place): a minimumConfidence needs a reason saying what evidence it rests on.")
                }
            }
            entries[item.id] = Entry(identifier: item.identifier, minimumConfidence: item.minimumConfidence, reason: item.reason)
        }
        guard !entries.isEmpty else {
            throw PluginError.invalidConfig("The label map \(url.path) maps no class: the detector could never report anything.")
        }
        return LabelMap(entries: entries)
    }

    static let schema = "sensebridge.label-map/1"

    private struct File: Decodable {
        var schema: String
        var classes: [Item]
    }

    private struct Item: Decodable {
        var id: Int
        var identifier: String
        var minimumConfidence: Double?
        var reason: String?
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// `classes[0].identifier`, as a person finds it in the file.
    private static func path(_ keys: [CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "'\(path(context.codingPath + [key]))' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'\(path(context.codingPath))' has the wrong type"
        case DecodingError.dataCorrupted:
            return "it is not valid JSON"
        default:
            return "\(error)"
        }
    }
}
