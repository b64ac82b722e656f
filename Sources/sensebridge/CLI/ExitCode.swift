/// sysexits(3) codes, so scripts can tell a usage mistake from a broken plugin.
enum ExitCode: Int32 {
    case ok = 0
    /// Something was found wrong and reported (e.g. `plugins list --strict` with a broken plugin).
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cantCreate = 73
    case ioError = 74
    case config = 78
    /// Ended by SIGINT (Ctrl-C), after a clean stop: 128 + 2, as shells report it.
    case interrupted = 130
    /// Ended by SIGTERM, after a clean stop: 128 + 15.
    case terminated = 143
}

/// A failure a command reports to the user: a whole sentence and an exit code.
///
/// Its description is the sentence alone, so wherever one is interpolated ("\(error)"
/// in a notice or a wrapped error) the person reads the message, never the Swift value
/// (`CLIError(message: …, code: sensebridge.ExitCode.config)`).
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var code: ExitCode

    var description: String { message }

    /// `command` is the command's full name (`plugins test`); empty for the root's own options.
    static func usage(_ message: String, command: String) -> CLIError {
        CLIError(message: "\(message)\nSee 'sensebridge \(command.isEmpty ? "" : command + " ")--help'.", code: .usage)
    }
}
