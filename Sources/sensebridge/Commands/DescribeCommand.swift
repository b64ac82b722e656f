import Foundation
import SenseBridgeProcess
import SenseBridgeCore
import SenseBridgeHost

/// `sensebridge describe --records FILE`: one moment described, as a person would hear it.
enum DescribeCommand {
    static let spec = CommandSpec(
        path: ["describe"],
        abstract: "Describe a records file once: print the hedged sentences and render them through a profile.",
        discussion: """
        The composer proposes subject phrases; the host validates every one, hedges it from the \
        weakest confidence it covers, and replaces anything it refuses with the fallback composer's words. \
        The spoken sentences are printed on stdout, one per line; where each output went is printed on stderr. \
        When no record clears the confidence floor, "Nothing was recognized clearly enough to name." is said \
        (in the profile's language): a fact about the detector, never a claim that nothing is there.
        """,
        options: [.value("--records", "file", "A records file (JSON Lines, docs/FORMATS.md); '-' reads standard input.", required: true),
                  .value("--detail", "level", "How many things are named: brief, standard or detailed (default: the profile's)."),
                  .value("--composer", "id", "Use this composer instead of the profile's.")]
            + OutputOptions.options
            + [.flag("--no-render", "Only print the sentences; create no render target."),
               .flag("--json", "Print the sentences and the host's report as JSON: each refused phrase with its reason code (docs/WRITING_PLUGINS.md).")],
        run: run)

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let command = "describe"
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("Unexpected argument '\(arguments.positionals[0])'; the records file goes after --records.", command: command)
        }
        guard let path = arguments.value("--records") else { throw CLIError.usage("--records <file> is required.", command: command) }
        let records = try readRecords(path)
        let profile = try OutputOptions.profile(arguments, context: context)
        let locale = try OutputOptions.locale(arguments, profile: profile, command: command)
        let detailText = arguments.value("--detail") ?? profile.detail
        guard let detail = SpokenDetail(rawValue: detailText) else {
            throw CLIError.usage("--detail must be brief, standard or detailed, not '\(detailText)'.", command: command)
        }
        let composerID = arguments.value("--composer") ?? profile.composer.id
        let requested = OutputProfile.PluginReference(id: composerID, config: composerID == profile.composer.id ? profile.composer.config : [:])
        let assembly: PipelineAssembly
        do {
            assembly = try context.host.descriptionPipeline(
                composer: requested, fallback: profile.fallbackComposer, locale: locale, detail: detail, purpose: .describe,
                network: NetworkSetup.composition(composerID: composerID, context: context))
        } catch let failure as ComposerUnavailable {
            throw CLIError(failure)
        }
        assembly.notices.forEach { Console.err("sensebridge: \($0)") }
        guard let pipeline = assembly.pipeline else { throw CLIError(message: "No composer is available.", code: .unavailable) }
        let announcements = pipeline.sessionStart()
        let outcome = pipeline.describe(records)
        let said = announcements + outcome.announcements
        said.forEach { Console.err("note: \($0.text)") }
        if let network = outcome.network, !network.used {
            // stderr is the person's own terminal: the plugin's sentence helps them fix the
            // setup. The log and --json carry the code only.
            Console.err("note: the network phrase was not used (\(network.reason ?? "unknown")); the on-device composer's words were said."
                        + (network.detail.map { " " + $0.sentenceStart } ?? ""))
        }
        if let failure = outcome.composerFailure {
            Console.err("sensebridge: the composer failed (\(failure.reason)), so every phrase came from the fallback: \(failure.message)")
        }
        let report = outcome.narration.report
        if arguments.has("--json") {
            var json: [String: Any] = [
                "sentences": outcome.sentences, "nothingRecognized": outcome.recognizedNothing, "composer": composerID, "locale": locale.rawValue, "detail": detail.rawValue,
                "acceptedComposerPhrases": report.acceptedComposerPhrases,
                "refusedComposerPhrases": report.composerFailures.map(refusalJSON),
                "fallbackPhrasesUsed": report.fallbackPhrasesUsed,
                "refusedFallbackPhrases": report.fallbackFailures.map(refusalJSON),
            ]
            // Every key is always there, null when it has no value (docs/FORMATS.md), as in
            // `walk --json`. A composer failure is its code only: the composer's own message
            // is on stderr (above), never on stdout, where an app could show it to the person.
            json["composerFailure"] = outcome.composerFailure.map { ["reason": $0.reason] } ?? NSNull()
            json["network"] = outcome.network.map(networkJSON) ?? NSNull()
            json["narration"] = outcome.narration.sentences.map { sentence -> [String: Any] in
                ["text": sentence.text, "stream": sentence.stream.name, "position": sentence.position?.rawValue ?? NSNull()]
            }
            Console.json(json)
        } else {
            outcome.sentences.forEach { Console.out($0) }
        }
        guard !arguments.has("--no-render") else { return .ok }
        let output = OutputOptions.outputDirectory(arguments, context: context)
        let runtime = try OutputOptions.runtime(profile, locale: locale, output: output, context: context)
        // A network state the person cannot see is said before the description, once.
        for announcement in said {
            runtime.fanOut.deliver(announcement.message(locale: locale, sessionTime: 0, sequence: runtime.fanOut.nextSequence()))
        }
        for (index, sentence) in outcome.sentences.enumerated() {
            runtime.fanOut.deliver(OutputMessage(signal: .description, text: sentence, locale: locale,
                                                 sessionTime: Double(index) * 0.001, sequence: runtime.fanOut.nextSequence()))
        }
        let delivered = runtime.fanOut.drain(timeout: 120)
        Console.err("Rendered through profile '\(profile.name)':")
        OutputOptions.reportDestinations(runtime)
        _ = runtime.fanOut.shutdown()
        return delivered ? .ok : .ioError
    }

    /// How the network took part, as --json shows it: public codes only, never the
    /// server's text (docs/PRIVACY.md lists the reason codes).
    static func networkJSON(_ network: NetworkUse) -> [String: Any] {
        var entry: [String: Any] = ["used": network.used, "refusedFormats": network.refusedFormats]
        entry["reason"] = network.reason ?? NSNull()
        entry["format"] = network.format ?? NSNull()
        return entry
    }

    /// One refused phrase as --json shows it: the stable reason code, where it was in
    /// the result, and the word that decided it (docs/WRITING_PLUGINS.md lists the codes);
    /// `phrase` and `word` are null when no one phrase or word decided it.
    static func refusalJSON(_ failure: NarrationReport.Failure) -> [String: Any] {
        ["stream": failure.stream.name, "reason": failure.reason.code,
         "phrase": failure.phraseIndex ?? NSNull(), "word": failure.word ?? NSNull()]
    }

    /// A records file, or standard input for `-`; a bad line is named by its file (or
    /// "standard input") and number.
    static func readRecords(_ path: String) throws -> [PerceptionRecord] {
        let (data, name) = try InputFile.contents(path)
        do {
            return try RecordsFile.parse(data, name: name)
        } catch let error as RecordsFileError {
            throw CLIError(message: "\(error)", code: .dataError)
        }
    }
}
