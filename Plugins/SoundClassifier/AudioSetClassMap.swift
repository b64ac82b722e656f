import Foundation
import SenseBridgePluginKit

/// YAMNet's class map (`yamnet_class_map.csv`: `index,mid,display_name`, names with a
/// comma quoted): which output index is which AudioSet class. Read rather than built in,
/// so the curated table names classes by AudioSet's own words and a model exported with
/// another order is still mapped right.
struct AudioSetClassMap: Equatable {
    /// Output index by display name.
    private(set) var indices: [String: Int] = [:]
    private(set) var count = 0

    /// Parses the file's text; `file` names it in every error.
    init(text: String, file: String) throws {
        let lines = text.split(whereSeparator: \.isNewline)
        guard lines.first.map({ Self.fields(String($0)) == ["index", "mid", "display_name"] }) == true else {
            throw PluginError.invalidConfig("\(file), line 1: expected the header 'index,mid,display_name' of YAMNet's class map.")
        }
        for (offset, line) in lines.dropFirst().enumerated() {
            let fields = Self.fields(String(line))
            guard fields.count == 3, let index = Int(fields[0]), index == count, !fields[2].isEmpty else {
                throw PluginError.invalidConfig("\(file), line \(offset + 2): expected '\(count),<mid>,<name>' (classes numbered in order from 0).")
            }
            indices[fields[2]] = index
            count += 1
        }
    }

    /// Display names by output index.
    var names: [String] {
        var names = [String](repeating: "", count: count)
        for (name, index) in indices { names[index] = name }
        return names
    }

    static func read(_ url: URL) throws -> AudioSetClassMap {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw PluginError.invalidConfig("The sound classifier's class map \(url.path) cannot be read: \(error.localizedDescription). It is installed with the model by \(ClassifierSettings.installCommand).")
        }
        return try AudioSetClassMap(text: text, file: url.path)
    }

    /// A CSV line's fields: commas inside double quotes belong to the field, `""` is a quote.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch (character, quoted) {
            case ("\"", true):
                var lookahead = characters
                if lookahead.next() == "\"" { field.append("\""); characters = lookahead } else { quoted = false }
            case ("\"", false) where field.isEmpty: quoted = true
            case (",", false): fields.append(field); field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
