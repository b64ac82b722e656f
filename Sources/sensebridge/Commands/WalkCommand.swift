import Dispatch
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// `sensebridge walk`: hands-free awareness over a recorded walk, as a person would hear it.
enum WalkCommand {
    static let sourceID = PluginHost.replaySourceID

    static let spec = CommandSpec(
        path: ["walk"],
        abstract: "Walk with hands-free awareness, on a recorded walk or a live sensor: obstacle alerts, descriptions and a summary.",
        discussion: """
        Every depth frame is reduced to the nearest obstacle with the floor rejected by gravity; an alert \
        is said when something comes within 1.5 m and cleared only when it is seen beyond 1.8 m. The \
        profile's composer describes the scene every narration interval, off the depth loop, and unchanged \
        descriptions are not repeated. Each delivered message is printed on stdout with its session time; \
        where each output went is printed on stderr. Ctrl-C (SIGINT) or SIGTERM ends the walk: "stopped" and \
        the summary are still said, then the exit status is 130 or 143 as shells expect; a second signal \
        ends it at once.

        With --json, each delivered message is one line {"type": "message", "time", "signal", "text", \
        "locale", "urgent", "targets"}: time is the session time in seconds (recording time with --fast), signal one of \
        status, alert, clear, description, summary, pulse (the alert's cue repeated at its proximity band's \
        rate while it lasts, with empty text, handed only to targets that play that cue), or safety (a smoke, \
        fire or carbon-monoxide alarm or a siren among a records frame's sounds: an alert, never described), \
        text as said, locale the language it is said in, urgent true for an alert, targets the roles \
        of the render targets it was handed to (speech, captions, braille, haptics, or output for any other \
        channel; empty when none works and it went to stderr). \
        Each description composed adds a {"type": "composition"} line and --stats a last {"type": "stats"} \
        line (docs/FORMATS.md).
        """,
        options: [.value("--camera", "device|video", "Walk with a camera (for example /dev/video0), or a video file standing in for one at its own pace: the profile's object perceivers look at the newest frame about once a second and the scene is described; a camera has no depth, so there are no obstacle alerts, which is said at the start."),
                  .value("--source", "id", "The sensing source, by plugin id (default: org.sensebridge.replay-source, which replays --recording). org.sensebridge.freenect-source walks with a Kinect (docs/SYNTHETIC_SCENES.md); 'sensebridge plugins list' shows what is installed."),
                  .value("--recording", "file", "A recording (docs/FORMATS.md; default: the staged sample corridor walk)."),
                  .flag("--fast", "Replay as fast as possible instead of at the recorded pace; session time is then the recording's own and each description is awaited, so the output is the same every run."),
                  .value("--narration-interval", "seconds", "Seconds of recorded time between descriptions (default: 6)."),
                  .flag("--json", "Print JSON Lines instead: one object per delivered message (time, signal, text, urgent, targets), and one per description composed, with the network's part (used, reason code, structured-output mode)."),
                  .flag("--stats", "At the end, print how long alerts waited from their depth frame to each render target's render call (p50, p99, max), with frame and description counts; on stderr, or as a last JSON line with --json.")]
            + OutputOptions.options,
        run: run)

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let command = "walk"
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("Unexpected argument '\(arguments.positionals[0])'; the recording goes after --recording.", command: command)
        }
        var configuration = AwarenessSession.Configuration()
        if let text = arguments.value("--narration-interval") {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 1, seconds <= 600 else {
                throw CLIError.usage("--narration-interval must be a number of seconds from 1 to 600, not '\(text)'.", command: command)
            }
            configuration.narrationInterval = seconds
        }
        let profile = try OutputOptions.profile(arguments, context: context)
        let locale = try OutputOptions.locale(arguments, profile: profile, command: command)
        configuration.locale = locale
        if arguments.has("--fast") {
            // No real time to keep: the recording's own clock, and every description awaited.
            configuration.waitsForComposition = true
            configuration.clock = .recording
        }
        // Thermal backoff reads Linux's thermal zones (SENSEBRIDGE_THERMAL_ROOT replaces
        // /sys/class/thermal, for tests and for a device whose zones live elsewhere).
        let monitor = SysfsThermalMonitor(root: context.environment["SENSEBRIDGE_THERMAL_ROOT"] ?? SysfsThermalMonitor.defaultRoot)
        let thermal = arguments.has("--fast") ? ThermalPoller.direct(monitor) : ThermalPoller.polled(monitor)
        defer { thermal.cancel() }
        configuration.thermal = thermal

        let camera = arguments.value("--camera")
        var perceivers: [PerceiverInstance] = []
        let source: SensingSourceInstance
        if let camera {
            for (flag, given) in [("--source", arguments.value("--source") != nil), ("--recording", arguments.value("--recording") != nil),
                                  ("--fast", arguments.has("--fast"))] where given {
                throw CLIError.usage("--camera walks with a camera; it does not take \(flag).", command: command)
            }
            // The perceivers first: a missing detector is said before the camera is opened.
            perceivers = try SessionPartErrors.map(command: command) { try context.host.perceivers(profile.perceivers, of: .sight) }
            source = try SessionPartErrors.map(command: command) {
                try context.host.pictureSource(cameraInput(camera), pixelFormat: .rgb24, realtime: true)
            }
            configuration.hasDepthSensor = false
        } else {
            source = try makeSource(arguments, context: context)
            // A live source that gives pictures beside depth (a Kinect's colour camera):
            // the profile's object perceivers look at them. One that cannot start costs
            // descriptions of what the camera sees, never the walk, whose alerts come from
            // depth: said on the terminal, and the walk goes on.
            if source.manifest.capabilities.modalities.contains("image") {
                do {
                    perceivers = try context.host.perceivers(profile.perceivers, of: .sight)
                } catch {
                    Console.err("sensebridge: the pictures of \(source.pluginID) are not looked at: \(error)")
                }
            }
        }
        let detail = SpokenDetail(rawValue: profile.detail) ?? .standard
        let assembly: PipelineAssembly
        do {
            assembly = try context.host.descriptionPipeline(
                composer: profile.composer, fallback: profile.fallbackComposer, locale: locale, detail: detail, purpose: .handsFree,
                network: NetworkSetup.composition(composerID: profile.composer.id, context: context))
        } catch let failure as ComposerUnavailable {
            throw CLIError(failure)
        }
        assembly.notices.forEach { Console.err("sensebridge: \($0)") }
        let output = OutputOptions.outputDirectory(arguments, context: context)
        let runtime = try OutputOptions.runtime(profile, locale: locale, output: output, context: context)
        let json = arguments.has("--json")
        // What the fan-out says itself (which speech alternative started, an output lost)
        // is printed like the session's messages, in text and in --json alike.
        runtime.fanOut.observeAnnouncements { message, targets in OutputOptions.printDelivered(message, targets: targets, json: json) }
        let session = AwarenessSession(source: source, pipeline: assembly.pipeline, fanOut: runtime.fanOut, perceivers: perceivers,
                                       configuration: configuration, log: context.host.log,
                                       compositionObserver: { composition in
            if json { Console.jsonLine(compositionJSON(composition)) }
        }) { delivery in
            OutputOptions.printDelivered(delivery.message, targets: delivery.targets, json: json)
        }
        let stopSignals = WalkStopSignals { session.stop() }
        defer { stopSignals.cancel() }

        let summary: AwarenessSession.Summary
        do {
            summary = try session.run()
        } catch {
            _ = runtime.fanOut.shutdown()
            throw CLIError(message: "The sensing source \(source.pluginID) could not start: \(error)", code: .unavailable)
        }
        let delivered = runtime.fanOut.drain(timeout: 120)
        if arguments.has("--stats") {
            let latency = runtime.fanOut.renderLatency(of: .awarenessAlert)
            if json {
                Console.jsonLine(WalkStatistics.json(summary, alertLatency: latency))
            } else {
                WalkStatistics.lines(summary, alertLatency: latency).forEach(Console.err)
            }
        }
        Console.err("Rendered through profile '\(profile.name)':")
        OutputOptions.reportDestinations(runtime)
        _ = runtime.fanOut.shutdown()
        if let code = stopSignals.exitCode { return code }
        return delivered ? .ok : .ioError
    }

    /// A description as `walk --json` reports it: codes only, never a server's text.
    static func compositionJSON(_ composition: AwarenessSession.Composition) -> [String: Any] {
        let outcome = composition.outcome
        var object: [String: Any] = ["type": "composition", "tick": rounded(composition.tick), "time": rounded(composition.time),
                                     "refusedComposerPhrases": outcome.narration.report.composerFailures.map(DescribeCommand.refusalJSON)]
        object["network"] = outcome.network.map(DescribeCommand.networkJSON) ?? NSNull()
        object["composerFailure"] = outcome.composerFailure.map { ["reason": $0.reason] } ?? NSNull()
        return object
    }

    static func rounded(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// A device under /dev/ is a camera; any other path a video standing in for one.
    static func cameraInput(_ given: String) throws -> PluginHost.PictureInput {
        if given.hasPrefix("/dev/") { return .camera(given) }
        try InputFile.check(given, option: "--camera", command: "walk")
        return .path(given)
    }

    /// The replay source with the recording and pace asked for; a corrupt recording fails
    /// here, naming the file and line, never mid-walk.
    static func makeSource(_ arguments: Arguments, context: Context) throws -> SensingSourceInstance {
        if let id = arguments.value("--source"), id != sourceID {
            return try makeLiveSource(id, arguments, context: context)
        }
        let manifest: PluginManifest
        do {
            manifest = try context.host.manifest(id: sourceID)
        } catch let error as PluginHost.LookupError {
            throw CLIError(message: "\(error.description) Run 'make build' to stage the shipped plugins.", code: .unavailable)
        }
        var config: [String: JSONValue] = ["pace": .string(arguments.has("--fast") ? "fast" : "recorded")]
        if let path = arguments.value("--recording") {
            try InputFile.check(path, option: "--recording", command: "walk")
            config["path"] = .string(URL(fileURLWithPath: path).standardizedFileURL.path)
        }
        do {
            return try context.host.sensingSource(manifest, config: config)
        } catch {
            throw CLIError(message: "The recording could not be opened: \(error)", code: .dataError)
        }
    }

    /// Any other installed sensing source (a live sensor) with its manifest's defaults. A
    /// source that cannot start fails here, before the walk, naming the plugin and why.
    static func makeLiveSource(_ id: String, _ arguments: Arguments, context: Context) throws -> SensingSourceInstance {
        for (flag, given) in [("--recording", arguments.value("--recording") != nil), ("--fast", arguments.has("--fast"))] where given {
            throw CLIError.usage("\(flag) replays a recording with \(sourceID); it does not apply to --source \(id).", command: "walk")
        }
        let manifest: PluginManifest
        do {
            manifest = try context.host.manifest(id: id)
        } catch let error as PluginHost.LookupError {
            throw CLIError(message: error.description, code: .unavailable)
        }
        guard manifest.kind == .sensingSource else {
            throw CLIError.usage("\(id) is a \(manifest.kind.rawValue), not a sensing source.", command: "walk")
        }
        do {
            return try context.host.sensingSource(manifest, config: [:])
        } catch {
            throw CLIError(message: "The sensing source \(id) could not start: \(error)", code: .unavailable)
        }
    }
}
