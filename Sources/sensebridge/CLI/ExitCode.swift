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
}

/// A failure a command reports to the user: a whole sentence and an exit code.
struct CLIError: Error {
    var message: String
    var code: ExitCode

    /// `command` is the command's full name (`plugins test`); empty for the root's own options.
    static func usage(_ message: String, command: String) -> CLIError {
        CLIError(message: "\(message)\nSee 'sensebridge \(command.isEmpty ? "" : command + " ")--help'.", code: .usage)
    }
}
