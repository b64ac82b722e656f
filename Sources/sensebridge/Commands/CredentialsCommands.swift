import Foundation
import SenseBridgeHost
import SenseBridgeNetwork

/// `sensebridge credentials set|remove|list`. A key is read from standard input only:
/// an argument would be visible to every user in the process list and stay in shell
/// history. No command ever prints a key.
enum CredentialsCommands {
    static let group = CommandGroup(name: "credentials", abstract: "Store and remove API keys for network reasoning.",
                                    subcommands: [set, remove, list])

    static let names = CredentialName.allCases.map(\.rawValue).joined(separator: ", ")

    static let set = CommandSpec(
        path: ["credentials", "set"],
        abstract: "Store an API key, read from standard input.",
        discussion: """
        Reads the key from standard input (hidden when typed at a terminal), never from an argument.
        Stores it in $XDG_CONFIG_HOME/sensebridge/credentials/<provider>, readable only by you (0600).
        """,
        arguments: [("<provider>", names + ".")],
        standardInput: "key-file",
        run: { arguments, context in
            guard let name = arguments.positionals.first.flatMap(CredentialName.init(rawValue:)) else {
                throw CLIError.usage("Expected one provider: \(names).", command: "credentials set")
            }
            guard arguments.positionals.count == 1 else {
                throw CLIError.usage("Pass the key on standard input, not as an argument: arguments are visible to other users and stay in shell history.",
                                     command: "credentials set")
            }
            let text = try readKey(prompt: "Paste the API key for \(name.displayName) and press Enter (input is hidden): ")
            let store = CredentialStore.standard(environment: context.environment)
            do {
                try store.store(text, for: name)
            } catch let failure as CredentialStore.Failure {
                throw CLIError(message: failure.description, code: failure.isInvalidKey ? .dataError : .ioError)
            }
            Console.out("Stored the key for \(name.displayName) in \(store.path(for: name).path), readable only by you.")
            return .ok
        })

    static let remove = CommandSpec(
        path: ["credentials", "remove"],
        abstract: "Delete a stored API key.",
        discussion: "Switching the backend to on-device keeps keys; this is how one is deleted.",
        arguments: [("<provider>", names + ".")],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let name = CredentialName(rawValue: arguments.positionals[0]) else {
                throw CLIError.usage("Expected one provider: \(names).", command: "credentials remove")
            }
            let store = CredentialStore.standard(environment: context.environment)
            do {
                Console.out(try store.remove(name) ? "Removed the key for \(name.displayName)." : "No key was stored for \(name.displayName).")
            } catch let failure as CredentialStore.Failure {
                throw CLIError(message: failure.description, code: .ioError)
            }
            return .ok
        })

    static let list = CommandSpec(
        path: ["credentials", "list"],
        abstract: "Show which providers have a stored key (never the key itself).",
        options: [.flag("--json", "Print a machine-readable listing.")],
        run: { arguments, context in
            let store = CredentialStore.standard(environment: context.environment)
            let rows = CredentialName.allCases.map { name -> (CredentialName, String, String?) in
                do {
                    return (name, try store.read(name) == nil ? "none" : "stored", nil)
                } catch {
                    return (name, "unusable", "\(error)")
                }
            }
            if arguments.has("--json") {
                Console.json(["directory": store.directory.path, "credentials": rows.map { name, state, problem -> [String: Any] in
                    ["provider": name.rawValue, "state": state, "problem": problem ?? NSNull()]
                }])
            } else {
                Console.out(TextTable.render(header: ["PROVIDER", "KEY"], rows: rows.map { [$0.0.rawValue, $0.1] }))
                rows.compactMap(\.2).forEach { Console.err("sensebridge: \($0)") }
            }
            return rows.contains { $0.2 != nil } ? .config : .ok
        })

    /// Bounded: a key is a few hundred bytes; anything past 8 KiB is not a key.
    static func readKey(prompt: String) throws -> String {
        let terminal = isatty(STDIN_FILENO) == 1
        var saved = termios()
        if terminal {
            FileHandle.standardError.write(Data(prompt.utf8))
            tcgetattr(STDIN_FILENO, &saved)
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        }
        defer {
            if terminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                FileHandle.standardError.write(Data("\n".utf8))
            }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count <= 8192 {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[..<count]
            if terminal && bytes.contains(UInt8(ascii: "\n")) { break }
        }
        guard bytes.count <= 8192 else { throw CLIError(message: "Standard input is longer than 8 KiB, which is not an API key; nothing was stored.", code: .dataError) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError(message: "Standard input is not UTF-8 text; nothing was stored.", code: .dataError)
        }
        if terminal, let line = text.split(separator: "\n", omittingEmptySubsequences: false).first { return String(line) }
        return text
    }
}

extension CredentialStore.Failure {
    var isInvalidKey: Bool {
        if case .invalidKey = self { return true }
        return false
    }
}
