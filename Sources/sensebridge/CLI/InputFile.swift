import Foundation
import SenseBridgeProcess

/// Every file a person names on the command line is opened or checked here, so each
/// command says what is wrong with it in the same words, naming it: it does not exist,
/// it is a directory, permission denied (`UnreadableFile`).
///
/// All of them exit 66 (EX_NOINPUT). sysexits(3) gives 66 to "an input file that did not
/// exist or was not readable" and keeps 77 (EX_NOPERM) for permissions above the file
/// system's, so a file the person may not read is 66 like the rest; the sentence tells
/// them which.
///
/// `-` is standard input where the command reads the input itself (records, a message);
/// where a plugin opens the file itself (a recording, an image), `-` is refused by name.
enum InputFile {
    /// How errors name standard input: "standard input line 2: …".
    static let standardInputName = "standard input"

    /// The whole of `path`, or of standard input for `-`, with the name errors use for it.
    static func contents(_ path: String) throws -> (data: Data, name: String) {
        if path == "-" { return (standardInput(), standardInputName) }
        do {
            return (try WholeFile.contents(of: URL(fileURLWithPath: path)), path)
        } catch var unreadable as UnreadableFile {
            unreadable.path = path  // as the person typed it, as every other error names it
            throw CLIError(unreadable)
        }
    }

    static func standardInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }

    /// Checks a file (or, with `directoryAllowed`, a folder) that a plugin will open, as
    /// `option` of `command` gave it.
    static func check(_ path: String, directoryAllowed: Bool = false, option: String, command: String) throws {
        if path == "-" {
            throw CLIError.usage("\(option) cannot be read from standard input ('-'): the plugin that reads it opens a file itself. Give the file's path.",
                                 command: command)
        }
        do {
            try WholeFile.checkReadable(path, directoryAllowed: directoryAllowed)
        } catch let unreadable as UnreadableFile {
            throw CLIError(unreadable)
        }
    }
}

extension CLIError {
    /// A file the person named that cannot be read: the file, what is wrong, exit 66.
    init(_ unreadable: UnreadableFile) {
        self.init(message: unreadable.description, code: .noInput)
    }
}
