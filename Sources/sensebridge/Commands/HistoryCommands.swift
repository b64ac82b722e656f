import Foundation
import SenseBridgeHost

/// `sensebridge history on|off|list|show|clear`: the documents `read` read, kept only
/// when the person asked for it (`ReadingHistory`).
enum HistoryCommands {
    static let group = CommandGroup(name: "history", abstract: "Keep, list and delete what 'read' read (off unless you turn it on).",
                                    subcommands: [on, off, list, show, clear])

    static let location = "$XDG_STATE_HOME/sensebridge/reading-history.json"

    static let on = CommandSpec(
        path: ["history", "on"],
        abstract: "Start keeping what 'read' reads: at most \(ReadingHistory.capacity) documents, oldest dropped first.",
        discussion: "Creates \(location), readable only by you (0600). It is kept apart from settings, so copying your settings to another machine does not copy what you read.",
        run: { _, context in
            let history = ReadingHistory.standard(context.environment)
            try perform { try history.turnOn() }
            Console.out("Reading history is on: \(history.fileURL.path). 'sensebridge history off' deletes it.")
            return .ok
        })

    static let off = CommandSpec(
        path: ["history", "off"],
        abstract: "Stop keeping what 'read' reads, and delete every document kept.",
        discussion: "Deletes \(location); nothing is hidden or kept elsewhere.",
        run: { _, context in
            let history = ReadingHistory.standard(context.environment)
            let count = try perform { try history.documents().count }
            try perform { try history.turnOff() }
            Console.out("Reading history is off; \(count) document\(count == 1 ? "" : "s") deleted.")
            return .ok
        })

    static let list = CommandSpec(
        path: ["history", "list"],
        abstract: "List the documents kept, newest first: number, time, source and first words.",
        options: [.flag("--json", "Print JSON: {\"on\", \"documents\": [{\"number\", \"time\", \"source\", \"characters\"}]}; the text itself only with 'show'.")],
        run: { arguments, context in
            let history = ReadingHistory.standard(context.environment)
            let documents = try perform { try history.documents() }
            let numbered = Array(documents.enumerated().reversed())
            if arguments.has("--json") {
                Console.json(["on": history.isOn,
                              "documents": numbered.map { ["number": $0.offset + 1, "time": $0.element.time, "source": $0.element.source,
                                                           "characters": $0.element.text.count] }])
                return .ok
            }
            guard history.isOn else {
                Console.out("Reading history is off: nothing is kept. 'sensebridge history on' turns it on.")
                return .ok
            }
            if documents.isEmpty { Console.out("Reading history is on; no document is kept yet.") }
            for (index, document) in numbered {
                let words = document.text.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " ")
                Console.out("\(index + 1)  \(document.time)  \(document.source)  \(words)…")
            }
            return .ok
        })

    static let show = CommandSpec(
        path: ["history", "show"],
        abstract: "Print one kept document's text, by its number in 'history list'.",
        arguments: [("<number>", "The document's number; 1 is the oldest kept.")],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let number = Int(arguments.positionals[0]) else {
                throw CLIError.usage("Expected one document number (see 'sensebridge history list').", command: "history show")
            }
            let documents = try perform { try ReadingHistory.standard(context.environment).documents() }
            // Compared, not subtracted: `number - 1` trapped on Int.min.
            guard number >= 1, number <= documents.count else {
                throw CLIError(message: documents.isEmpty ? "No document is kept." : "No document \(number); the kept documents are 1 to \(documents.count).",
                               code: .noInput)
            }
            let document = documents[number - 1]
            Console.out("\(document.time)  \(document.source)\n\n\(document.text)")
            return .ok
        })

    static let clear = CommandSpec(
        path: ["history", "clear"],
        abstract: "Delete every document kept; history stays on.",
        run: { _, context in
            let history = ReadingHistory.standard(context.environment)
            let count = try perform { try history.documents().count }
            try perform { try history.clear() }
            Console.out(history.isOn ? "\(count) document\(count == 1 ? "" : "s") deleted; reading history is still on."
                                     : "Reading history is off: nothing was kept.")
            return .ok
        })

    /// A history problem as the CLI reports it: the file and the reason, exit 74.
    static func perform<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let problem as ReadingHistory.Problem {
            throw CLIError(message: problem.description, code: .ioError)
        }
    }
}
