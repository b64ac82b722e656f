import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Single keys on a terminal, turned into reading commands: space pauses and resumes,
/// n next, b back, r repeat, q quit (the list `read --help` prints).
///
/// The terminal is put in non-canonical mode without echo, so a key acts when pressed
/// rather than after Enter, and is put back exactly as it was when reading ends, by
/// `restore()`, which the command calls on every way out (a signal included: the stop
/// handler ends the session, and the command restores before it exits). Without a
/// terminal on stdin there are no keys, and `read` reads everything once.
/// Unchecked Sendable: `saved` and `thread` are written in init only; the key thread touches only `commands`, which locks.
final class ReadingKeys: @unchecked Sendable {
    static let bindings: [(key: String, name: String, command: ReadingCommand)] = [
        ("space", "pause or resume", .toggle), ("n", "next sentence", .next), ("b", "back one sentence", .back),
        ("r", "repeat the sentence", .repeat), ("q", "quit", .quit),
    ]

    let commands = ReadingCommands()
    private var saved = termios()
    private var thread: Thread?

    /// nil when stdin is not a terminal, or its mode cannot be changed.
    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // VMIN 1, VTIME 0: a read returns each key as it is pressed.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        let commands = self.commands
        let thread = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                guard let command = Self.command(for: byte) else { continue }
                commands.send(command)
                if command == .quit { break }
            }
            commands.close()
        }
        thread.name = "sensebridge.reading-keys"
        self.thread = thread
        thread.start()
    }

    static func command(for byte: UInt8) -> ReadingCommand? {
        switch byte {
        case UInt8(ascii: " "): return .toggle
        case UInt8(ascii: "n"), UInt8(ascii: "N"): return .next
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return .back
        case UInt8(ascii: "r"), UInt8(ascii: "R"): return .repeat
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 4 /* Ctrl-D */: return .quit
        default: return nil
        }
    }

    /// Puts the terminal back as it was; safe to call more than once.
    func restore() {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        commands.close()
    }

    /// The key list for `read --help`.
    static var helpText: String {
        bindings.map { "\($0.key) \($0.name)" }.joined(separator: ", ")
    }
}
