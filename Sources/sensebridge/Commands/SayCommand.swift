import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// `sensebridge say TEXT`: one message through a profile, to try a profile or from a script.
enum SayCommand {
    /// Messages with words; a cue without words (the awareness pulse) has no text to say.
    static let signals: [String: OutputSignal] = Dictionary(uniqueKeysWithValues: OutputSignal.allCases
        .filter { OutputCue(signal: $0)?.carriesWords != false }.map { ($0.name, $0) })

    static let spec = CommandSpec(
        path: ["say"],
        abstract: "Render one message through a profile's render targets.",
        discussion: "The text is rendered as given (use '-' to read it from stdin). Useful to try a profile, and for scripts.",
        arguments: [("<text>", "What to say; '-' reads standard input.")],
        options: [.value("--signal", "kind", "What the message is for: \(signals.keys.sorted().joined(separator: ", ")) (default: status)."),
                  .flag("--urgent", "Interrupt whatever is being rendered, as an obstacle alert does.")] + OutputOptions.options,
        run: run)

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        guard arguments.positionals.count == 1 else {
            throw CLIError.usage("Expected exactly one text to say (quote it).", command: "say")
        }
        var text = arguments.positionals[0]
        if text == "-" {
            guard let input = String(data: InputFile.standardInput(), encoding: .utf8) else {
                throw CLIError(message: "Standard input is not valid UTF-8; nothing was said.", code: .dataError)
            }
            text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Rendered, an empty message is silence that exits 0: a script that lost its text
        // on the way (an unset variable, an empty file) would believe it was said.
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw CLIError.usage(arguments.positionals[0] == "-" ? "Standard input held no text; there is nothing to say."
                                                                 : "The text is empty; there is nothing to say. Give the words to say, quoted.",
                                 command: "say")
        }
        let signalName = arguments.value("--signal") ?? "status"
        guard let signal = signals[signalName] else {
            throw CLIError.usage("--signal must be one of \(signals.keys.sorted().joined(separator: ", ")), not '\(signalName)'.", command: "say")
        }
        let profile = try OutputOptions.profile(arguments, context: context)
        let locale = try OutputOptions.locale(arguments, profile: profile, command: "say")
        let runtime = try OutputOptions.runtime(profile, locale: locale, output: OutputOptions.outputDirectory(arguments, context: context),
                                                context: context)
        runtime.fanOut.deliver(OutputMessage(signal: signal, text: text, locale: locale, isUrgent: arguments.has("--urgent"),
                                             sessionTime: 0, sequence: runtime.fanOut.nextSequence()))
        let delivered = runtime.fanOut.drain(timeout: 120)
        Console.err("Rendered through profile '\(profile.name)':")
        OutputOptions.reportDestinations(runtime)
        _ = runtime.fanOut.shutdown()
        return delivered ? .ok : .ioError
    }
}
