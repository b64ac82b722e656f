import Foundation
import SenseBridgeProcess
import SenseBridgeCore

/// Reads one profile file; every error names the file and the field.
public enum ProfileReader {
    public static func read(_ url: URL) throws -> OutputProfile {
        let data: Data
        do { data = try WholeFile.contents(of: url) } catch let unreadable as UnreadableFile {
            throw ProfileProblem(path: url.path, reason: "cannot be read (\(unreadable.explanation)).", severity: .unreadable)
        }
        return try parse(data, at: url)
    }

    /// A profile's bytes as if read from `url` (named in every error): the reading
    /// itself, apart from the file, so the fuzz target reaches it without a disk.
    public static func parse(_ data: Data, at url: URL) throws -> OutputProfile {
        let path = url.path
        func fail(_ reason: String) -> ProfileProblem { ProfileProblem(path: path, reason: reason) }
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(data, options: .serializationCompatible) } catch { throw fail(error.reason + ".") }
        guard let object = parsed.objectValue else { throw fail("is not a JSON object.") }
        let reader = FieldReader(object: object) { reason in
            PluginProblem(path: path, reason: reason)
        }
        do {
            guard object["schema"] == .string(OutputProfile.schemaID) else {
                throw fail("has schema \(object["schema"]?.jsonText ?? "missing"); expected \"\(OutputProfile.schemaID)\".")
            }
            let name = try reader.string("name")
            guard case .array(let list)? = object["renderTargets"] else { throw fail("field \"renderTargets\" must be an array.") }
            let outputs = try list.enumerated().map { index, entry in try output(entry, field: "renderTargets[\(index)]", fail: fail) }
            guard !outputs.isEmpty else { throw fail("field \"renderTargets\" names no target; a profile with no output would be silent.") }
            guard let composerValue = object["composer"] else { throw fail("is missing the required field \"composer\".") }
            let composer = try reference(composerValue, field: "composer", fail: fail)
            let fallback = try object["fallbackComposer"].map { try reference($0, field: "fallbackComposer", fail: fail) } ?? composer
            let perceivers = try perceiverReferences(object["perceivers"], fail: fail)
            let locale = try reader.optionalString("locale") ?? "en"
            // Their values are checked with everything else a session needs
            // (`OutputProfile.problems(in:)`), so the profile is still listed, with the reason.
            let detail = try reader.optionalString("detail") ?? "standard"
            return OutputProfile(
                name: name, displayNames: try reader.stringMap("displayName", required: false),
                summary: try reader.optionalString("summary"), outputs: outputs, composer: composer,
                fallbackComposer: fallback, perceivers: perceivers, listsPerceivers: object["perceivers"] != nil, locale: locale, detail: detail, fileURL: url)
        } catch let problem as PluginProblem {
            throw fail(problem.explanation)
        }
    }

    /// `"perceivers": [reference, …]`, or the defaults when the field is absent. An empty
    /// list is refused: a profile that perceives nothing would describe every picture as
    /// "nothing recognized", a claim about the detector that no detector made.
    private static func perceiverReferences(_ value: JSONValue?, fail: (String) -> ProfileProblem) throws -> [OutputProfile.PluginReference] {
        guard let value else { return OutputProfile.defaultPerceivers }
        guard case .array(let entries) = value, !entries.isEmpty else {
            throw fail("field \"perceivers\" must be a non-empty array of perceivers such as [\"org.sensebridge.object-detector\"], not \(value.jsonText).")
        }
        return try entries.enumerated().map { index, entry in try reference(entry, field: "perceivers[\(index)]", fail: fail) }
    }

    /// The largest `memoryLimitMiB` taken (1 TiB): far above any plugin's need, and low
    /// enough that a typo of a few digits is refused rather than becoming no limit at all.
    static let maximumMemoryLimitMiB = 1_048_576

    /// An output is a reference (below), or {"role": "speech", "alternatives": [reference, …]}:
    /// the first alternative that starts is used.
    private static func output(_ value: JSONValue, field: String, fail: (String) -> ProfileProblem) throws -> OutputProfile.Output {
        guard case .object(let fields) = value, let listed = fields["alternatives"] else {
            return .init(alternatives: [try reference(value, field: field, fail: fail)])
        }
        // Refused rather than ignored, as everywhere in a profile: an "id" beside
        // "alternatives" would leave the reader guessing which one the person meant.
        let unknown = Set(fields.keys).subtracting(["role", "alternatives"])
        guard unknown.isEmpty else {
            throw fail("field \"\(field)\" has \"alternatives\" and also \(unknown.sorted().map { "\"\($0)\"" }.joined(separator: ", ")); an output with alternatives takes only \"role\" and \"alternatives\".")
        }
        guard case .array(let entries) = listed, !entries.isEmpty else {
            throw fail("field \"\(field).alternatives\" must be a non-empty array of render targets, not \(listed.jsonText).")
        }
        var role: String?
        if let value = fields["role"] {
            guard let text = value.stringValue, !text.isEmpty else {
                throw fail("field \"\(field).role\" must be a name such as \"speech\", not \(value.jsonText).")
            }
            role = text
        }
        let alternatives = try entries.enumerated().map { index, entry in
            try reference(entry, field: "\(field).alternatives[\(index)]", fail: fail)
        }
        return .init(role: role, alternatives: alternatives, listsAlternatives: true)
    }

    /// A reference is either "org.x.y" or {"id": "org.x.y", "config": {…}, "isolation":
    /// "process"|"in-process", "memoryLimitMiB": N, "cues": {"awareness-pulse": true}}.
    private static func reference(_ value: JSONValue, field: String, fail: (String) -> ProfileProblem) throws -> OutputProfile.PluginReference {
        switch value {
        case .string(let id):
            // An empty id names no plugin; taken, it would fail later as "not found: ''".
            guard !id.isEmpty else { throw fail("field \"\(field)\" must be a plugin id, not an empty string.") }
            return .init(id: id, config: [:])
        case .object(let fields):
            guard let id = fields["id"]?.stringValue, !id.isEmpty else { throw fail("field \"\(field).id\" must be a plugin id.") }
            let config = fields["config"] ?? .object([:])
            guard case .object(let values) = config else { throw fail("field \"\(field).config\" must be an object.") }
            var isolation: PluginIsolation?
            if let value = fields["isolation"] {
                // Refused rather than ignored: a misspelt "isolation" would otherwise run the
                // plugin some other way than the person asked, and say nothing.
                guard let text = value.stringValue, let parsed = PluginIsolation(rawValue: text) else {
                    throw fail("field \"\(field).isolation\" must be \(PluginIsolation.allowedValues), not \(value.jsonText).")
                }
                isolation = parsed
            }
            var memoryLimit: Int?
            if let value = fields["memoryLimitMiB"] {
                guard case .number(let number) = value, number.rounded() == number,
                      number >= 1, number <= Double(maximumMemoryLimitMiB) else {
                    throw fail("field \"\(field).memoryLimitMiB\" must be a whole number of MiB from 1 to \(maximumMemoryLimitMiB), not \(value.jsonText).")
                }
                memoryLimit = Int(number)
            }
            var cues: [OutputCue: Bool] = [:]
            if let value = fields["cues"] {
                // Refused rather than ignored, like "isolation": a misspelt cue would never play.
                let known = OutputCue.allCases.map(\.rawValue).joined(separator: ", ")
                guard case .object(let entries) = value else {
                    throw fail("field \"\(field).cues\" must be an object such as {\"awareness-pulse\": true}, not \(value.jsonText).")
                }
                for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
                    guard let cue = OutputCue(rawValue: name) else {
                        throw fail("field \"\(field).cues\" names \"\(name)\", which is not a cue (the cues are: \(known)).")
                    }
                    guard case .bool(let plays) = entry else {
                        throw fail("field \"\(field).cues.\(name)\" must be true or false, not \(entry.jsonText).")
                    }
                    cues[cue] = plays
                }
            }
            return .init(id: id, config: values, isolation: isolation, memoryLimitMiB: memoryLimit, cues: cues)
        default:
            throw fail("field \"\(field)\" must be a plugin id or an object with \"id\".")
        }
    }
}
