import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// `sensebridge listen`: what a microphone or an audio file lets SenseBridge hear, said
/// through a profile; safety sounds as urgent alerts.
enum ListenCommand {
    static let spec = CommandSpec(
        path: ["listen"],
        abstract: "Listen to a microphone or an audio file: alarms and sirens as urgent alerts, other sounds described through a profile.",
        discussion: """
        The profile's sound perceivers (the sound classifier and the alarm-pattern detector by default) \
        hear the same audio; per sound the most confident of their records is kept. A smoke, fire or \
        carbon-monoxide alarm or a siren is an urgent alert with its own haptic cue, repeated while it goes \
        on; every other sound is described, hedged by its confidence, when it is news (not heard in the last \
        5 s), never again only because its hedge moved. Sentences and alerts are printed on stdout, one per line; notes and where \
        each output went on stderr.

        By default one capture of \(Int(defaultSeconds)) seconds (--seconds) from the default microphone \
        (PulseAudio or PipeWire; --microphone names another), said once at its end; an alarm is alerted as \
        soon as it is heard. --continuous listens until Ctrl-C (SIGINT) or SIGTERM, saying "Listening" at the \
        start and at the end, each line prefixed with its time; exit 130 or 143 as shells expect. A file is \
        analysed whole, each line prefixed with its time in the file. A microphone that disappears is said \
        once ("Listening stopped: …") and listening ends with exit 69. The sensebridge-listen user service \
        runs --continuous and restarts it on failure; after such a restart the person is told once.

        Audio stays in memory: it is never written, logged or sent. The microphone is open only while \
        listening.
        """,
        arguments: [("[<file>]", "An audio file to analyse whole; with --microphone, the microphone to listen to (pulse:NAME or alsa:DEVICE; default: the default microphone).")],
        options: [.flag("--microphone", "Listen to a microphone (the default when no file is given)."),
                  .value("--seconds", "n", "A microphone: seconds of one capture (default: \(Int(defaultSeconds)); 1 to 600)."),
                  .flag("--continuous", "A microphone: listen until stopped instead of one capture.")]
            + OutputOptions.options
            + [.flag("--no-render", "Only print what is heard; create no render target."),
               .flag("--json", "Print JSON Lines instead: one object per moment in which something was heard, alerted or failed (time, records, alerts, sentences); a capture's one object even when nothing was.")],
        run: run)

    /// Five seconds: long enough for a whole temporal-three alarm pattern (4 s) and a
    /// doorbell, short enough to wait for, as the seeds' Sounds screen.
    static let defaultSeconds = 5.0

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let command = "listen"
        let (input, mode) = try inputAndMode(arguments, command: command)
        let profile = try OutputOptions.profile(arguments, context: context)
        let locale = try OutputOptions.locale(arguments, profile: profile, command: command)
        let detail = SpokenDetail(rawValue: profile.detail) ?? .standard
        let assembly: PipelineAssembly
        do {
            assembly = try context.host.descriptionPipeline(
                composer: profile.composer, fallback: profile.fallbackComposer, locale: locale, detail: detail,
                purpose: mode == .continuous ? .handsFree : .describe,
                network: NetworkSetup.composition(composerID: profile.composer.id, context: context))
        } catch let failure as ComposerUnavailable {
            throw CLIError(failure)
        }
        assembly.notices.forEach { Console.err("sensebridge: \($0)") }
        guard let pipeline = assembly.pipeline else { throw CLIError(message: "No composer is available.", code: .unavailable) }
        // The perceivers first: a profile that cannot hear is said before the microphone opens.
        let (perceivers, format) = try SessionPartErrors.map(command: command) { try context.host.soundPerceivers(profile.perceivers) }
        let source = try SessionPartErrors.map(command: command) { try context.host.audioSource(input, format: format) }
        var configuration = SoundListening.Configuration()
        configuration.locale = locale
        configuration.mode = mode
        let marker = ListeningMarker.standard(context.environment)
        if mode == .continuous {
            do {
                configuration.resumedAfterUncleanEnd = try marker.begin()
            } catch {
                // Listening matters more than knowing of a restart: said, and it goes on.
                Console.err("sensebridge: warning: \(error); a restart after this listening will not be told.")
            }
        }

        let json = arguments.has("--json")
        let runtime = arguments.has("--no-render")
            ? nil : try OutputOptions.runtime(profile, locale: locale, output: OutputOptions.outputDirectory(arguments, context: context), context: context)
        let fanOut = runtime?.fanOut ?? ProfileFanOut(targets: [], locale: locale, log: context.host.log, textFallback: { _ in })
        fanOut.observeAnnouncements { message, _ in Console.err("note: \(message.text)") }
        let timed = !isCapture(mode)
        let session = SoundListening(source: source, perceivers: perceivers, pipeline: pipeline, fanOut: fanOut,
                                     configuration: configuration, log: context.host.log,
                                     sourceProblem: { Console.err("sensebridge: the audio source failed: \($0)") },
                                     heard: { print($0, timed: timed, json: json) },
                                     observer: { delivery in
            if delivery.message.signal == .status { Console.err("note: \(delivery.message.text)") }
        })
        let stopSignals = WalkStopSignals { session.stop() }
        defer { stopSignals.cancel() }

        let summary: SoundListening.Summary
        do {
            summary = try session.run()
        } catch {
            _ = fanOut.shutdown()
            if case .file(let path) = input { throw CLIError(message: "\(path) could not be read: \(error)", code: .dataError) }
            throw CLIError(message: "The microphone could not be opened: \(error)", code: .unavailable)
        }
        let delivered = fanOut.drain(timeout: 120)
        if let runtime {
            Console.err("Rendered through profile '\(profile.name)':")
            OutputOptions.reportDestinations(runtime)
        }
        _ = fanOut.shutdown()
        if let code = stopSignals.exitCode {
            if mode == .continuous && summary.lost == nil { marker.end() }
            return code
        }
        // A lost microphone keeps the marker: the service restarts listening and says so.
        if summary.lost != nil { return .unavailable }
        if summary.fileFailed { return summary.blocks == 0 ? .dataError : .ioError }
        // Damaged stretches were skipped and the rest heard: the data was bad, not the disk.
        if summary.damagedStretches > 0 { return .dataError }
        if summary.blocksWithFailedPerceivers > 0 { return .unavailable }
        return delivered ? .ok : .ioError
    }

    static func isCapture(_ mode: SoundListening.Mode) -> Bool {
        if case .capture = mode { return true }
        return false
    }

    /// A file, or a microphone with a capture's seconds or --continuous; never both.
    static func inputAndMode(_ arguments: Arguments, command: String) throws -> (PluginHost.ListeningInput, SoundListening.Mode) {
        guard arguments.positionals.count <= 1 else {
            throw CLIError.usage("Expected one audio file or microphone; got \(arguments.positionals.count).", command: command)
        }
        let continuous = arguments.has("--continuous"), secondsText = arguments.value("--seconds")
        if continuous && secondsText != nil {
            throw CLIError.usage("Give --seconds for one capture or --continuous, not both.", command: command)
        }
        if !arguments.has("--microphone"), let path = arguments.positionals.first {
            for (flag, given) in [("--seconds", secondsText != nil), ("--continuous", continuous)] where given {
                throw CLIError.usage("A file is analysed whole; \(flag) is for a microphone.", command: command)
            }
            try InputFile.check(path, option: "The audio file", command: command)
            return (.file(path), .file)
        }
        let input = PluginHost.ListeningInput.microphone(arguments.positionals.first)
        if continuous { return (input, .continuous) }
        guard let secondsText else { return (input, .capture(seconds: defaultSeconds)) }
        guard let seconds = Double(secondsText), seconds.isFinite, seconds >= 1, seconds <= 600 else {
            throw CLIError.usage("--seconds must be a number of seconds from 1 to 600, not '\(secondsText)'.", command: command)
        }
        return (input, .capture(seconds: seconds))
    }

    /// One moment on stdout: its alerts and sentences said, prefixed with its time when
    /// `timed`, or one JSON line.
    static func print(_ moment: SoundListening.Moment, timed: Bool, json: Bool) {
        moment.perceiverProblems.forEach { Console.err("sensebridge: a sound perceiver failed: \($0)") }
        if json {
            Console.jsonLine(jsonObject(moment))
            return
        }
        let prefix = timed ? "[\(PictureDescribing.clock(moment.time))] " : ""
        moment.alerts.forEach { Console.out(prefix + $0) }
        if moment.said { moment.outcome?.sentences.forEach { Console.out(prefix + $0) } }
    }

    /// Every key always there, null when it has no value (docs/FORMATS.md).
    static func jsonObject(_ moment: SoundListening.Moment) -> [String: Any] {
        let outcome = moment.outcome
        var object: [String: Any] = [
            "type": "sounds", "time": WalkCommand.rounded(moment.time), "said": moment.said,
            "records": moment.records.map { ["label": $0.label, "confidence": $0.confidence] as [String: Any] },
            "alerts": moment.alerts, "sentences": outcome?.sentences ?? [],
            "nothingRecognized": outcome?.recognizedNothing ?? false,
            "failedPerceivers": moment.failedStreams.map(\.name),
            "refusedComposerPhrases": outcome?.narration.report.composerFailures.map(DescribeCommand.refusalJSON) ?? [],
        ]
        object["composerFailure"] = outcome?.composerFailure.map { ["reason": $0.reason] } ?? NSNull()
        return object
    }
}
