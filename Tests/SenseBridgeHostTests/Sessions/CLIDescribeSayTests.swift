import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `describe` and `say` as a user runs them, with a recording C target as the only output.
@Suite struct CLIDescribeSayTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    let profile: URL

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        try FixturePlugin.makeRecorder(in: plugins.url, path: "{output}/said.txt",
                                       manifest: ["capabilities": ["channel": "teletype"]])
        profile = try plugins.write("profiles/recorded.json", """
        {"schema": "sensebridge.output-profile/1", "name": "recorded", "composer": "org.sensebridge.label-list",
         "renderTargets": ["org.sensebridge.recording-target", "org.example.broken"]}
        """)
        // Installed but broken: the profile is right, so the session starts without it.
        try plugins.write("broken.json", #"{"schema": "sensebridge.plugin-manifest/1", "id": "org.example.broken", "kind": "render-target"}"#)
    }

    func cli(_ arguments: [String], input: Data? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["--plugin-path", plugins.url.path] + arguments, home: home.url, input: input)
    }

    var said: [String] {
        ((try? String(contentsOf: output.file("said.txt"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func describeSpeaksThroughTheProfileAndSaysWhatWasLostOnce() throws {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        let result = try cli(["describe", "--records", sample.path, "--profile", "recorded", "--output", output.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        let sentences = result.standardOutput.split(separator: "\n").map(String.init)
        // The scene's smoke alarm is an alert, said first (Invariant 10); the description follows.
        #expect(sentences.prefix(2) == ["Alert: it sounds like a smoke alarm.", "It looks like there's a chair and a door."])
        let lines = said
        // Every sentence reached the working target, after one announcement of the lost one.
        #expect(lines.filter { $0.contains("installed but broken") }.count == 1, "\(lines)")
        for sentence in sentences { #expect(lines.contains { $0.hasSuffix(sentence) }, "missing: \(sentence)") }
        #expect(result.standardError.contains("output (org.sensebridge.recording-target): \(output.url.path)/said.txt"), "\(result.standardError)")
    }

    @Test func describeRefusesABadRecordsFileNamingTheLine() throws {
        let bad = try plugins.write("bad.jsonl", "{\"kind\": \"object\", \"label\": \"chair\", \"confidence\": 0.9}\n{\"kind\": \"object\", \"label\": \"x\", \"confidence\": 7}\n")
        let result = try cli(["describe", "--records", bad.path, "--no-render"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(bad.path) line 2: confidence 7 is outside 0…1"))
        let missing = try cli(["describe", "--records", plugins.file("absent.jsonl").path, "--no-render"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("absent.jsonl: cannot be read"))
    }

    @Test func describeLocalesAndDetail() throws {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        let spanish = try cli(["describe", "--records", sample.path, "--locale", "es", "--no-render"])
        #expect(spanish.status == 0)
        #expect(spanish.standardOutput.contains("silla"))
        let brief = try cli(["describe", "--records", sample.path, "--detail", "brief", "--no-render"])
        #expect(brief.status == 0)
        #expect(try cli(["describe", "--records", sample.path, "--locale", "de", "--no-render"]).status == 64)
    }

    @Test func sayRendersOneMessageFromArgumentsOrStdin() throws {
        let result = try cli(["say", "Testing the profile.", "--profile", profile.path, "--output", output.url.path, "--urgent", "--signal", "alert"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(said.contains { $0.hasSuffix(" 2 1 Testing the profile.") }, "\(said)")
        let piped = try cli(["say", "-", "--profile", "recorded", "--output", output.url.path], input: Data("from stdin\n".utf8))
        #expect(piped.status == 0)
        #expect(said.contains { $0.hasSuffix(" 5 0 from stdin") })
        #expect(try cli(["say", "x", "--signal", "shout"]).status == 64)
    }

    @Test("an empty or blank message is a usage mistake said in a sentence, and nothing is rendered; exit 64")
    func sayRefusesAnEmptyMessage() throws {
        for (arguments, input, sentence) in [(["say", ""], "", "The text is empty; there is nothing to say."),
                                             (["say", " \t "], "", "The text is empty; there is nothing to say."),
                                             (["say", "-"], " \n\n", "Standard input held no text; there is nothing to say.")] {
            let result = try cli(arguments + ["--profile", profile.path, "--output", output.url.path], input: Data(input.utf8))
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(sentence) && result.standardError.hasSuffix("See 'sensebridge say --help'.\n"),
                    "\(arguments): \(result.standardError)")
        }
        #expect(said.isEmpty, "\(said)")
    }

    @Test func sayAfterTwoDashesSpeaksWhatLooksLikeAnOption() throws {
        for text in ["--help", "-h", "--urgent"] {
            let result = try cli(["say", "--profile", profile.path, "--output", output.url.path, "--", text])
            #expect(result.status == 0, "\(text): \(result.standardError)")
            #expect(!result.standardOutput.contains("OVERVIEW:"), "\(text) printed help")
            // Status signal (5), not urgent (0): the words after `--` changed nothing.
            #expect(said.contains { $0.hasSuffix(" 5 0 \(text)") }, "\(said)")
        }
    }

    @Test func describeRefusesAnOptionWhereTheRecordsFileBelongs() throws {
        let result = try cli(["describe", "--records", "--json"])
        #expect(result.status == 64)
        #expect(result.standardError == """
            sensebridge: --records needs a value; '--json' is an option. If the value really begins with a dash, write --records=--json.
            See 'sensebridge describe --help'.

            """)
        // With `=` the value is taken as written: here, a file that does not exist.
        let explicit = try cli(["describe", "--records=--json", "--no-render"])
        #expect(explicit.status == 66)
        #expect(explicit.standardError.contains("--json: cannot be read"))
        let absent = try cli(["describe", "--no-render"])
        #expect(absent.status == 64 && absent.standardError.contains("Expected a picture, a folder or a video to describe, --camera DEVICE, or --records FILE."))
    }
}
