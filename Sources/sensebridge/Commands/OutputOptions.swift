import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// The options every command that speaks shares, and the profile runtime they build.
enum OutputOptions {
    static let options = options(localeHelp: "The language spoken (default: the profile's).")

    /// The same options with `--locale` described for the command: `read` also pins the
    /// page's language with it, which a person must learn from its help.
    static func options(localeHelp: String) -> [OptionSpec] {
        [
            .value("--profile", "name|path", "The output profile (default: \(ProfileStore.defaultProfileName))."),
            .value("--locale", "en|es|vi", localeHelp),
            .value("--output", "dir", "Where render targets write files (default: $XDG_STATE_HOME/sensebridge/output)."),
            .isolate,
            .inProcess,
        ]
    }

    static func locale(_ arguments: Arguments, profile: OutputProfile, command: String) throws -> SpokenLocale {
        guard let text = arguments.value("--locale") ?? Optional(profile.locale) else { return .en }
        return try locale(text, command: command)
    }

    /// A `--locale` value as written ("es", "es-MX"); a language SenseBridge does not
    /// speak is a usage error naming the three it does.
    static func locale(_ text: String, command: String) throws -> SpokenLocale {
        guard let locale = SpokenLocale(identifier: text) else {
            throw CLIError.usage("--locale must be en, es or vi, not '\(text)'.", command: command)
        }
        return locale
    }

    static func outputDirectory(_ arguments: Arguments, context: Context) -> URL {
        arguments.value("--output").map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? PluginConfigResolver.defaultOutputDirectory(context.environment)
    }

    static func profile(_ arguments: Arguments, context: Context) throws -> OutputProfile {
        try ProfileLookup.session(arguments.value("--profile") ?? ProfileStore.defaultProfileName, context: context)
    }

    /// Creates the profile's targets; targets that cannot be created are announced
    /// through the others, and with none left every message goes to stderr.
    static func runtime(_ profile: OutputProfile, locale: SpokenLocale, output: URL, context: Context) throws -> ProfileRuntime {
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw CLIError(message: "The output directory \(output.path) cannot be created: \((error as NSError).localizedDescription).",
                           code: .cantCreate)
        }
        return ProfileRuntime(
            profile: profile, host: context.host, outputDirectory: output, locale: locale,
            textFallback: { message in
                Console.err("[\(message.signal.name)] \(message.text)")
            })
    }

    /// A message as `walk` and `read` print it when it is handed to the profile: a line of
    /// session time, signal and text, or with --json one object {"type": "message", "time",
    /// "signal", "text", "locale", "urgent", "targets"} (docs/FORMATS.md). The locale is the
    /// message's own: a page's block read in its language carries that language.
    static func printDelivered(_ message: OutputMessage, targets: [String], json: Bool) {
        if json {
            Console.jsonLine(["type": "message", "time": WalkCommand.rounded(message.sessionTime), "signal": message.signal.name,
                              "text": message.text, "locale": message.locale.rawValue, "urgent": message.isUrgent,
                              "targets": targets])
        } else {
            Console.out(String(format: "%7.2f  %@  %@", message.sessionTime, message.signal.name.padding(toLength: 11, withPad: " ", startingAt: 0),
                               message.text))
        }
    }

    /// Tells where each output went, on stderr so stdout stays the spoken result.
    static func reportDestinations(_ runtime: ProfileRuntime) {
        for (name, location) in runtime.destinations {
            Console.err("  \(name): \(location)")
        }
        for lost in runtime.fanOut.lostTargets {
            Console.err("  \(lost.name): not available (\(lost.detail))")
        }
        for substitution in runtime.substitutions where substitution.chosen != nil {
            for skipped in substitution.skipped {
                Console.err("  \(substitution.role): \(substitution.chosen!) instead of \(skipped.id) (\(skipped.detail))")
            }
        }
    }
}

extension OutputSignal {
    /// The name used on the command line and in stderr fallback lines.
    var name: String {
        switch self {
        case .description: return "description"
        case .awarenessAlert: return "alert"
        case .awarenessClear: return "clear"
        case .readingSegment: return "reading"
        case .status: return "status"
        case .sessionSummary: return "summary"
        case .awarenessPulse: return "pulse"
        case .safetyAlert: return "safety"
        }
    }
}
