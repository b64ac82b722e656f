import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// `describe PATH` and `describe --camera DEVICE`: the adapter between the command line
/// and `PictureDescription`, which decides everything the person hears.
enum PictureDescribing {
    static func run(_ input: PluginHost.PictureInput, pipeline: DescriptionPipeline, profile: OutputProfile, locale: SpokenLocale,
                    videoInterval: Double, _ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let command = "describe"
        // The perceivers first: a missing one is said before any file is opened.
        let perceivers = try SessionPartErrors.map(command: command) { try context.host.perceivers(profile.perceivers) }
        let source = try SessionPartErrors.map(command: command) { try context.host.pictureSource(input, pixelFormat: .rgb24) }
        var configuration = PictureDescription.Configuration()
        configuration.locale = locale
        configuration.mode = mode(of: input, videoInterval: videoInterval)

        let json = arguments.has("--json")
        let runtime = arguments.has("--no-render")
            ? nil : try OutputOptions.runtime(profile, locale: locale, output: OutputOptions.outputDirectory(arguments, context: context), context: context)
        let fanOut = runtime?.fanOut ?? ProfileFanOut(targets: [], locale: locale, log: context.host.log, textFallback: { _ in })
        fanOut.observeAnnouncements { message, _ in Console.err("note: \(message.text)") }
        let lines = LinePrefix(input)
        let session = PictureDescription(source: source, perceivers: perceivers, pipeline: pipeline, fanOut: fanOut,
                                         configuration: configuration, log: context.host.log,
                                         sourceProblem: { Console.err("sensebridge: \($0)") },
                                         described: { print($0, lines: lines, json: json) })
        let stopSignals = WalkStopSignals { session.stop() }
        defer { stopSignals.cancel() }

        let summary: PictureDescription.Summary
        do {
            summary = try session.run()
        } catch {
            _ = fanOut.shutdown()
            if case .camera(let device) = input {
                throw CLIError(message: "The camera \(device) could not be opened: \(error)", code: .unavailable)
            }
            throw CLIError(message: "\(error)", code: .dataError)
        }
        let delivered = fanOut.drain(timeout: 120)
        if let runtime {
            Console.err("Rendered through profile '\(profile.name)':")
            OutputOptions.reportDestinations(runtime)
        }
        _ = fanOut.shutdown()
        if let code = stopSignals.exitCode { return code }
        if summary.sourceStopped { return summary.picturesDescribed == 0 ? .dataError : .ioError }
        // A perceiver that failed on a picture is a plugin that failed (69), said for that picture.
        if summary.picturesWithFailedPerceivers > 0 { return .unavailable }
        if summary.sourceErrors > 0 || summary.picturesDescribed == 0 { return .dataError }
        return delivered ? .ok : .ioError
    }

    /// A camera takes one settled capture; a folder or an image every picture; any other
    /// file is a video.
    static func mode(of input: PluginHost.PictureInput, videoInterval: Double) -> PictureDescription.Mode {
        switch input {
        case .camera: return .camera(ExposureSettling())
        case .path(let path): return ReadCommand.isVideo(path) ? .video(seconds: videoInterval) : .everyPicture
        }
    }

    /// How each printed sentence says which picture it is about: a folder's by number, a
    /// video's by time, one picture's not at all.
    enum LinePrefix {
        case none, pictureNumber, videoTime

        init(_ input: PluginHost.PictureInput) {
            guard case .path(let path) = input else { self = .none; return }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                self = .pictureNumber
            } else {
                self = ReadCommand.isVideo(path) ? .videoTime : .none
            }
        }
    }

    /// One picture's description on stdout: its sentences, prefixed as `lines` says, or
    /// one JSON line with its records.
    static func print(_ description: PictureDescription.Description, lines: LinePrefix, json: Bool) {
        description.perceiverProblems.forEach { Console.err("sensebridge: a perceiver failed on this picture: \($0)") }
        if json {
            Console.jsonLine(jsonObject(description))
            return
        }
        guard description.said else { return }
        let prefix: String
        switch lines {
        case .none: prefix = ""
        case .pictureNumber: prefix = "[\(description.picture)] "
        case .videoTime: prefix = "[\(clock(description.mediaTime))] "
        }
        description.outcome.sentences.forEach { Console.out(prefix + $0) }
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// Every key always there, null when it has no value (docs/FORMATS.md).
    static func jsonObject(_ description: PictureDescription.Description) -> [String: Any] {
        let outcome = description.outcome, report = outcome.narration.report
        var object: [String: Any] = [
            "type": "description", "picture": description.picture, "time": WalkCommand.rounded(description.mediaTime),
            "said": description.said, "sentences": outcome.sentences, "nothingRecognized": outcome.recognizedNothing,
            "records": description.records.map(recordJSON),
            "failedPerceivers": description.failedStreams.map(\.name),
            "refusedComposerPhrases": report.composerFailures.map(DescribeCommand.refusalJSON),
            "refusedFallbackPhrases": report.fallbackFailures.map(DescribeCommand.refusalJSON),
        ]
        object["composerFailure"] = outcome.composerFailure.map { ["reason": $0.reason] } ?? NSNull()
        object["network"] = outcome.network.map(DescribeCommand.networkJSON) ?? NSNull()
        return object
    }

    /// A record as `describe --json` carries it; the box normalized to the picture.
    static func recordJSON(_ record: PerceptionRecord) -> [String: Any] {
        var object: [String: Any] = ["kind": record.kind.rawValue, "label": record.label, "confidence": record.confidence]
        object["box"] = record.box.map { ["x": $0.x, "y": $0.y, "width": $0.width, "height": $0.height] } ?? NSNull()
        object["distanceMetres"] = record.distanceMetres ?? NSNull()
        return object
    }
}
