import Foundation
import SenseBridgeCore

/// `sensebridge vocabulary`: the labels the host has reviewed names for, by stream.
///
/// A perceiver's record is said by its label, and only a label in the host's reviewed
/// vocabulary (`SpokenVocabulary`) is said in the person's language; any other is said in
/// English in every language. The list was readable only in the Swift source, which an
/// installed copy does not have, so a plugin author chose labels blind. It reads the
/// tables alone: no plugin is found or loaded.
enum VocabularyCommand {
    static let spec = CommandSpec(
        path: ["vocabulary"],
        abstract: "List the record labels the host names in every language, by stream.",
        discussion: """
        A perceiver's record is said by its label. For each identifier listed here, and for the other \
        spellings beside it, the host has a reviewed name in en, es and vi. \(otherLabels) A safety sound is \
        said as an urgent alert, never in a description. Text records are read as written and depth records \
        are distances: neither is named from this list.
        """,
        options: [.value("--locale", "en|es|vi", "Show the names in this language only (default: en, es and vi)."),
                  .flag("--json", "Print the list as JSON.")],
        runsPluginCode: false,
        run: run)

    /// What the host does with a label it has no reviewed name for (`SpokenVocabulary.subject`,
    /// and `LabelListComposition`, which leaves unsaid a name the validator refuses).
    static let otherLabels = """
        Any other label is said as its own words in English with "a" or "an", in every language \
        ("darkness" is "a darkness" in a Spanish sentence too), and is left unsaid when those words are \
        ones the host never says (a direction, a distance, a danger).
        """

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("'vocabulary' takes no arguments; it lists every label the host names.", command: "vocabulary")
        }
        let locales = try arguments.value("--locale").map { [try OutputOptions.locale($0, command: "vocabulary")] }
            ?? SpokenLocale.allCases
        if arguments.has("--json") {
            Console.json(json(locales: locales))
        } else {
            Console.out(text(locales: locales))
        }
        return .ok
    }

    /// The reviewed entries of a stream, by identifier.
    static func entries(in stream: PerceptionStream) -> [VocabularyEntry] {
        SpokenVocabulary.entries.filter { $0.stream == stream }.sorted { $0.identifier < $1.identifier }
    }

    /// The streams that have a vocabulary, in the order they are spoken (sight, sound).
    static var streams: [PerceptionStream] {
        PerceptionStream.allCases.filter { !entries(in: $0).isEmpty }
    }

    /// The record kind a plugin writes for a stream's labels.
    static func recordKind(_ stream: PerceptionStream) -> PerceptionRecord.Kind {
        switch stream {
        case .sight: return .object
        case .sound: return .sound
        case .text: return .text
        }
    }

    /// docs/FORMATS.md, "`vocabulary --json`".
    static func json(locales: [SpokenLocale]) -> [String: Any] {
        [
            "locales": locales.map(\.rawValue),
            "identifiers": streams.flatMap { stream in
                entries(in: stream).map { entry -> [String: Any] in
                    ["identifier": entry.identifier, "stream": stream.name, "kind": recordKind(stream).rawValue,
                     "names": Dictionary(uniqueKeysWithValues: locales.map { ($0.rawValue, entry.phrase($0)) }),
                     "safety": SoundAlerts.isSafetySound(entry.identifier),
                     "otherSpellings": SpokenVocabulary.otherSpellings(of: entry.identifier)]
                }
            },
        ]
    }

    static func text(locales: [SpokenLocale]) -> String {
        let sections = streams.map { stream in
            let entries = entries(in: stream)
            // Only sounds are ever safety sounds; a column of "no" under sight says nothing.
            let showsSafety = entries.contains { SoundAlerts.isSafetySound($0.identifier) }
            let header = ["IDENTIFIER"] + (showsSafety ? ["SAFETY"] : []) + locales.map { $0.rawValue.uppercased() } + ["OTHER SPELLINGS"]
            let rows = entries.map { entry in
                let others = SpokenVocabulary.otherSpellings(of: entry.identifier)
                return [entry.identifier] + (showsSafety ? [SoundAlerts.isSafetySound(entry.identifier) ? "yes" : "no"] : [])
                    + locales.map { entry.phrase($0) } + [others.isEmpty ? "-" : others.joined(separator: ", ")]
            }
            let title = "\(stream.name.uppercased()): records of kind \"\(recordKind(stream).rawValue)\", \(entries.count) identifiers"
                + (showsSafety ? "; a safety sound is said as an urgent alert" : "")
            return title + "\n" + TextTable.render(header: header, rows: rows)
        }
        let closing = otherLabels + " Text records are read as written; depth records are distances. "
            + "A state such as \"it is dark\" has no record kind."
        return (sections + [closing]).joined(separator: "\n\n")
    }
}
