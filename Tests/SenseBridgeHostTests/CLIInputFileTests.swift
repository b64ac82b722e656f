import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// Every file a person names on the command line that cannot be read is refused the same
/// way (`InputFile`): the file as they typed it, what is wrong with it (it does not exist,
/// it is a directory, permission denied), exit 66; and `-` is standard input where the
/// command reads the input itself.
@Suite struct CLIInputFileTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func cli(_ arguments: [String], input: Data? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, input: input)
    }

    static let chair = #"{"kind": "object", "label": "chair", "confidence": 0.9}"# + "\n"

    /// Each command that takes a file, with the file in its place.
    ///
    /// A profile's exit status is its own rule (`ProfileLookup`); its sentence is the same
    /// as everyone's.
    static func commands(_ path: String) -> [[String]] {
        [["describe", "--records", path, "--no-render"],
         ["walk", "--recording", path, "--fast"],
         ["read", path],
         ["profiles", "show", path],
         ["plugins", "test", path]]
    }

    @Test("a file that does not exist is named, and said not to exist; exit 66")
    func aMissingFileIsSaidToBeMissing() throws {
        let path = home.file("absent.json").path
        for command in Self.commands(path) {
            let result = try cli(command)
            #expect(command[0] == "profiles" ? result.status != 0 : result.status == 66, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("\(path): cannot be read (it does not exist)."), "\(command): \(result.standardError)")
        }
    }

    @Test("a directory where a file belongs is named and said to be a directory, never Foundation's error number; exit 66")
    func aDirectoryIsSaidToBeADirectory() throws {
        let directory = home.file("a-folder.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // `read` takes a folder of images, so it is not among them.
        for command in Self.commands(directory.path) where command[0] != "read" {
            let result = try cli(command)
            #expect(command[0] == "profiles" ? result.status != 0 : result.status == 66, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("\(directory.path): cannot be read (it is a directory, not a file)."),
                    "\(command): \(result.standardError)")
            #expect(!result.standardError.contains("NSCocoaErrorDomain"), "\(command): \(result.standardError)")
        }
        // Named as typed, relative or not.
        let relative = try ProcessRunner.run(RepositoryPaths.cli.path, ["describe", "--records", ".", "--no-render"],
                                             environment: ["PATH": "/usr/bin:/bin", "HOME": home.url.path])
        #expect(relative.status == 66 && relative.standardError.hasPrefix("sensebridge: .: cannot be read (it is a directory, not a file)."),
                "\(relative.standardError)")
    }

    @Test("a file the person may not read is said to be so, not to be missing; exit 66")
    func anUnreadableFileIsSaidToBeUnreadable() throws {
        let file = try home.write("private.json", Self.chair)
        #expect(chmod(file.path, 0o000) == 0)
        defer { chmod(file.path, 0o600) }
        for command in Self.commands(file.path) {
            let result = try ProcessRunner.cliWithoutPrivileges(command, home: home.url)
            #expect(command[0] == "profiles" ? result.status != 0 : result.status == 66, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("\(file.path): cannot be read (permission denied: you may not read it)."),
                    "\(command): \(result.standardError)")
        }
    }

    @Test("describe --records - reads standard input, and a bad line there is named 'standard input' with its number")
    func recordsFromStandardInput() throws {
        let piped = try cli(["describe", "--records", "-", "--no-render"], input: Data(Self.chair.utf8))
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == "It looks like there's a chair.\n")
        let bad = try cli(["describe", "--records", "-", "--no-render"],
                          input: Data((Self.chair + #"{"kind": "object", "label": "x", "confidence": 7}"# + "\n").utf8))
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("standard input line 2: confidence 7 is outside 0…1"), "\(bad.standardError)")
    }

    @Test("where a plugin opens the file itself, '-' is refused by name as a usage mistake")
    func aDashIsRefusedWhereAPluginOpensTheFile() throws {
        for (command, named) in [(["walk", "--recording", "-"], "--recording"), (["read", "-"], "The image, video or folder")] {
            let result = try cli(command)
            #expect(result.status == 64, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("\(named) cannot be read from standard input ('-')"), "\(command): \(result.standardError)")
        }
    }
}
