import Foundation
import SenseBridgeProcess
import SenseBridgeCore
import SenseBridgeHost

/// `sensebridge describe`: one moment described, as a person would hear it: what a
/// picture, a folder of pictures, a video or a camera shows, or a records file.
enum DescribeCommand {
    static let spec = CommandSpec(
        path: ["describe"],
        abstract: "Describe what a picture, a folder of pictures, a video or a camera shows, or a records file: print the hedged sentences and render them through a profile.",
        discussion: """
        The profile's perceivers (objects and text by default) look at each picture; the composer proposes \
        subject phrases; the host validates every one, hedges it from the weakest confidence it covers, and \
        replaces anything it refuses with the fallback composer's words. At --detail detailed the host also \
        says where in the view each thing is. The spoken sentences are printed on stdout, one per line; \
        where each output went is printed on stderr. When no record clears the confidence floor, "Nothing \
        was recognized clearly enough to name." is said (in the profile's language): a fact about the \
        detector, never a claim that nothing is there.

        An image is described once; a folder, image by image in name order, each line on stdout prefixed \
        with the picture's number; a video, its first frame and then a frame every --interval seconds of \
        video (default \(Int(defaultVideoInterval))), a description the same as the one before not repeated, \
        each line prefixed with its time; a camera (--camera), one capture, the first frame after its \
        exposure has settled. What a camera saw stays in memory: no picture is written anywhere.
        """,
        arguments: [("[<path>]", "An image (png, jpg…), a folder of images, or a video file.")],
        options: [.value("--camera", "device", "Describe one capture from a V4L2 camera (for example /dev/video0)."),
                  .value("--records", "file", "Describe a records file instead (JSON Lines, docs/FORMATS.md); '-' reads standard input."),
                  .value("--interval", "seconds", "A video: seconds of video between descriptions (default: \(Int(defaultVideoInterval)))."),
                  .value("--detail", "level", "How many things are named: brief, standard or detailed (default: the profile's)."),
                  .value("--composer", "id", "Use this composer instead of the profile's.")]
            + OutputOptions.options
            + [.flag("--no-render", "Only print the sentences; create no render target."),
               .flag("--json", "Print the sentences, the records and the host's report as JSON: each refused phrase with its reason code (docs/WRITING_PLUGINS.md); one line per picture for pictures.")],
        run: run)

    /// Five seconds of video between descriptions: a scene changes on that scale, and a
    /// description takes about as long to hear.
    static let defaultVideoInterval = 5.0

    /// What was asked to be described.
    enum Input {
        case records(String)
        case pictures(PluginHost.PictureInput)
    }

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let command = "describe"
        let input = try input(arguments, command: command)
        // A bad records file is named before anything starts, as it always was.
        var records: [PerceptionRecord]?
        if case .records(let path) = input { records = try readRecords(path) }
        let profile = try OutputOptions.profile(arguments, context: context)
        let locale = try OutputOptions.locale(arguments, profile: profile, command: command)
        let detailText = arguments.value("--detail") ?? profile.detail
        guard let detail = SpokenDetail(rawValue: detailText) else {
            throw CLIError.usage("--detail must be brief, standard or detailed, not '\(detailText)'.", command: command)
        }
        let interval = try videoInterval(arguments, command: command)
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
        switch input {
        case .records:
            return try describeRecords(records ?? [], pipeline: pipeline, composerID: composerID, profile: profile,
                                       locale: locale, detail: detail, arguments, context)
        case .pictures(let pictures):
            return try PictureDescribing.run(pictures, pipeline: pipeline, profile: profile, locale: locale,
                                             videoInterval: interval, arguments, context)
        }
    }

    /// Exactly one of a path, --camera and --records.
    static func input(_ arguments: Arguments, command: String) throws -> Input {
        let camera = arguments.value("--camera"), records = arguments.value("--records")
        guard arguments.positionals.count <= 1 else {
            throw CLIError.usage("Expected one picture, folder or video; got \(arguments.positionals.count).", command: command)
        }
        switch (arguments.positionals.first, camera, records) {
        case (let path?, nil, nil):
            try InputFile.check(path, directoryAllowed: true, option: "The picture, folder or video", command: command)
            return .pictures(.path(path))
        case (nil, let device?, nil):
            return .pictures(.camera(device))
        case (nil, nil, let path?):
            return .records(path)
        case (nil, nil, nil):
            throw CLIError.usage("Expected a picture, a folder or a video to describe, --camera DEVICE, or --records FILE.", command: command)
        default:
            throw CLIError.usage("Give one of a path, --camera and --records, not several.", command: command)
        }
    }

    static func videoInterval(_ arguments: Arguments, command: String) throws -> Double {
        guard let text = arguments.value("--interval") else { return defaultVideoInterval }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.1, seconds <= 3600 else {
            throw CLIError.usage("--interval must be a number of seconds from 0.1 to 3600, not '\(text)'.", command: command)
        }
        return seconds
    }

    /// A records file described once, as it always was.
    static func describeRecords(_ records: [PerceptionRecord], pipeline: DescriptionPipeline, composerID: String, profile: OutputProfile,
                                locale: SpokenLocale, detail: SpokenDetail, _ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let announcements = pipeline.sessionStart()
        // A safety sound is an alert, never a description (Invariant 10): said first,
        // urgent, with its own cue. With nothing else in the file, nothing else is said:
        // "nothing was recognized" beside a smoke alarm would contradict it.
        let (safety, others) = SoundAlerts.separate(records)
        var safetySounds = SoundAlerts(locale: locale)
        let alerts = safetySounds.heard(safety, until: 0)
        let outcome = pipeline.describe(others)
        let sentences = alerts.isEmpty || !others.isEmpty ? outcome.sentences : []
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
                "alerts": alerts.map(\.text), "sentences": sentences,
                "nothingRecognized": sentences.isEmpty ? false : outcome.recognizedNothing, "composer": composerID, "locale": locale.rawValue, "detail": detail.rawValue,
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
            (alerts.map(\.text) + sentences).forEach { Console.out($0) }
        }
        guard !arguments.has("--no-render") else { return .ok }
        let output = OutputOptions.outputDirectory(arguments, context: context)
        let runtime = try OutputOptions.runtime(profile, locale: locale, output: output, context: context)
        // A network state the person cannot see is said before the description, once.
        for announcement in said {
            runtime.fanOut.deliver(announcement.message(locale: locale, sessionTime: 0, sequence: runtime.fanOut.nextSequence()))
        }
        for alert in alerts {
            var message = alert
            message.sequence = runtime.fanOut.nextSequence()
            runtime.fanOut.deliver(message)
        }
        for (index, sentence) in sentences.enumerated() {
            runtime.fanOut.deliver(OutputMessage(signal: .description, text: sentence, locale: locale,
                                                 sessionTime: Double(alerts.count + index) * 0.001, sequence: runtime.fanOut.nextSequence()))
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
