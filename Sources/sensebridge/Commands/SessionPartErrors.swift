import SenseBridgeHost

/// How a session plugin the host could not provide becomes a command's error and exit
/// status, the same for every command.
enum SessionPartErrors {
    static func map<T>(command: String, _ make: () throws -> T) throws -> T {
        do {
            return try make()
        } catch let missing as SessionPartUnavailable {
            switch missing.reason {
            case .notInstalled:
                throw CLIError(message: "\(missing.description) Run 'make build' to stage the shipped plugins.", code: .unavailable)
            case .wrongKind:
                throw CLIError.usage(missing.description, command: command)
            case .couldNotStart:
                throw CLIError(message: missing.description, code: .unavailable)
            case .inputUnreadable:
                throw CLIError(message: missing.description, code: .dataError)
            case .profileUnfit:
                throw CLIError(message: missing.description, code: .config)
            }
        }
    }
}
