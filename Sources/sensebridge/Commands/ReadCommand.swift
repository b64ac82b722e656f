import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// `sensebridge read`: reads a page image, a video, a folder of images or a camera aloud.
enum ReadCommand {
    static let spec = CommandSpec(
        path: ["read"],
        abstract: "Read text aloud from an image, a video, a folder of images or a camera, one sentence at a time.",
        discussion: """
        Each image is recognized by the profile's text perceiver (tesseract by default), its lines put in reading \
        order (columns, headings), split into sentences and spoken one at a time through the profile, each \
        awaited before the next. Text recognized with little confidence is read inside a hedge ("The text may \
        say: …"); text below the confidence floor is not read, and you are told some was left out. A page \
        that could not be recognized is said to be unread, never empty.

        A page may be in any language SenseBridge speaks (en, es, vi): each block is read in the language it is \
        written in, with that language's voice and braille table, while what you are told about the reading \
        stays in yours. --locale pins one language for every block. When the perceiver can, a page held turned \
        is read upright and you are told so once, and a page whose outline runs out of the picture is named \
        by its edge ("The top edge of the page is out of view.") or, when it overflows, "Hold the camera \
        further away."

        An image is read as one page, a folder image by image in name order. A video or a camera (--camera) \
        is read live: a page is read once its recognized text has stopped changing, not again while it stays \
        in view, and you are told once when no text is recognized, text runs past an edge, the text is too \
        small, or it is too dark. --live reads images and folders that way too.

        Keys, when stdin is a terminal: \(ReadingKeys.helpText). Without a terminal everything is read once. \
        Each message is printed on stdout with its session time; where each output went is printed on stderr. \
        Ctrl-C (SIGINT) or SIGTERM stops reading; the exit status is then 130 or 143.

        With 'sensebridge history on', what was read is kept (at most \(ReadingHistory.capacity) documents, \
        readable only by you); it is off unless you turn it on.
        """,
        arguments: [("[<path>]", "An image (png, jpg, pgm…), a video file, or a folder of images.")],
        options: [.value("--camera", "device", "Read from a V4L2 camera (for example /dev/video0) instead of a file; implies --live."),
                  .flag("--live", "Read images and folders live too: a page once its recognized text has settled (videos and cameras always are)."),
                  .value("--perceiver", "id", "The text perceiver, by plugin id (default: the profile's first perceiver that reads text); 'sensebridge plugins list' shows what is installed."),
                  .flag("--json", "Print JSON Lines instead: one object per delivered message {\"type\": \"message\", \"time\", \"signal\", \"text\", \"locale\", \"urgent\", \"targets\"}; locale is the language the message is spoken in, each block's own.")]
            + OutputOptions.options(localeHelp: "The language spoken, and the page's: only it is recognized and every block is spoken in it (default: the profile's for what you are told; each block is read in its own language among en, es and vi)."),
        run: run)

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let command = "read"
        let camera = arguments.value("--camera")
        let input: String
        switch (arguments.positionals.count, camera) {
        case (0, let device?): input = device
        case (1, nil): input = arguments.positionals[0]
        case (0, nil): throw CLIError.usage("Expected an image, a video or a folder to read, or --camera DEVICE.", command: command)
        case (_, .some): throw CLIError.usage("Give either a path or --camera, not both.", command: command)
        default: throw CLIError.usage("Expected one path; got \(arguments.positionals.count).", command: command)
        }
        if camera == nil { try InputFile.check(input, directoryAllowed: true, option: "The image, video or folder", command: command) }
        let profile = try OutputOptions.profile(arguments, context: context)
        let locale = try OutputOptions.locale(arguments, profile: profile, command: command)
        var configuration = ReadingSession.Configuration()
        configuration.locale = locale
        configuration.localePinned = arguments.value("--locale") != nil
        configuration.live = camera != nil || arguments.has("--live") || isVideo(input)

        // The perceiver first: a wrong --perceiver is a usage mistake, said before any file is opened.
        // One named with --perceiver is the person's choice and used as it is; from the
        // profile, its first perceiver that reads text.
        let perceiver = try SessionPartErrors.map(command: command) {
            if let id = arguments.value("--perceiver") { return try context.host.perceivers([OutputProfile.PluginReference(id: id)])[0] }
            return try context.host.firstPerceiver(profile.perceivers, perceiving: "text")
        }
        let source = try SessionPartErrors.map(command: command) {
            try context.host.pictureSource(camera.map { .camera($0) } ?? .path(input), pixelFormat: .gray8)
        }
        let output = OutputOptions.outputDirectory(arguments, context: context)
        let runtime = try OutputOptions.runtime(profile, locale: locale, output: output, context: context)
        let json = arguments.has("--json")
        runtime.fanOut.observeAnnouncements { message, targets in OutputOptions.printDelivered(message, targets: targets, json: json) }
        let keys = ReadingKeys()
        defer { keys?.restore() }
        let session = ReadingSession(source: source, perceiver: perceiver, fanOut: runtime.fanOut, configuration: configuration,
                                     commands: keys?.commands, log: context.host.log,
                                     sourceProblem: { Console.err("sensebridge: \($0)") }) { delivery in
            OutputOptions.printDelivered(delivery.message, targets: delivery.targets, json: json)
        }
        let stopSignals = WalkStopSignals { session.stop() }
        defer { stopSignals.cancel() }

        let summary: ReadingSession.Summary
        do {
            summary = try session.run()
        } catch {
            _ = runtime.fanOut.shutdown()
            throw CLIError(message: "\(input) could not be opened: \(error)", code: camera == nil ? .dataError : .unavailable)
        }
        keys?.restore()
        let delivered = runtime.fanOut.drain(timeout: 120)
        Console.err("Rendered through profile '\(profile.name)':")
        OutputOptions.reportDestinations(runtime)
        _ = runtime.fanOut.shutdown()
        remember(summary, input: input, context: context)
        if let code = stopSignals.exitCode { return code }
        if summary.sourceStopped { return .ioError }
        // A page the perceiver failed on is lost to the listener: a plugin failed (69).
        if summary.pagesUnread > summary.sourceErrors { return .unavailable }
        // Read what could be read, and say with the exit status that something could not.
        if summary.sourceErrors > 0 { return .dataError }
        return delivered ? .ok : .ioError
    }

    /// A video is read live, like a camera: its frames are one page seen many times, and
    /// reading each as a page would read the page once a frame.
    static func isVideo(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return false }
        return !ImageFrame.pictureFileExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Into the reading history when the person keeps one (`ReadingHistory`); a history
    /// that cannot be written is said, but the reading itself succeeded.
    static func remember(_ summary: ReadingSession.Summary, input: String, context: Context) {
        guard !summary.pageTexts.isEmpty else { return }
        let history = ReadingHistory.standard(context.environment)
        guard history.isOn else { return }
        let document = ReadingHistory.Document(time: ISO8601Timestamp.string(secondsSince1970: Date().timeIntervalSince1970), source: input,
                                               text: summary.pageTexts.joined(separator: "\n\n"))
        do {
            try history.record(document)
        } catch {
            Console.err("sensebridge: the reading history was not updated: \(error)")
        }
    }
}
