import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// Silence is a failure mode: a moment with nothing above the confidence floor is said as
/// a fact about the detector ("Nothing was recognized clearly enough to name."), never
/// as "nothing is there", in the profile's language and through its outputs like any
/// description. A walk says it on the tick that turns to it, and not again while it stays.
@Suite struct CLINothingRecognizedTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory

    static let expected: [SpokenLocale: String] = [
        .en: "Nothing was recognized clearly enough to name.",
        .es: "No se reconoció nada con la claridad suficiente para nombrarlo.",
        .vi: "Không nhận ra được thứ gì đủ rõ để gọi tên.",
    ]

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        try FixturePlugin.makeRecorder(in: plugins.url, path: "{output}/said.txt",
                                       manifest: ["capabilities": ["channel": "teletype"]])
        for locale in SpokenLocale.allCases {
            _ = try plugins.write("profiles/recorded-\(locale.rawValue).json", """
            {"schema": "sensebridge.output-profile/1", "name": "recorded-\(locale.rawValue)", "locale": "\(locale.rawValue)",
             "composer": "org.sensebridge.label-list", "renderTargets": ["org.sensebridge.recording-target"]}
            """)
        }
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["--plugin-path", plugins.url.path] + arguments, home: home.url)
    }

    var said: [String] {
        ((try? String(contentsOf: output.file("said.txt"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test(arguments: SpokenLocale.allCases)
    func describeSaysNothingWasRecognizedThroughTheProfile(locale: SpokenLocale) throws {
        let sentence = try #require(Self.expected[locale])
        #expect(Phrasing.nothingRecognized(locale: locale) == sentence, "the table and the test agree")
        // Records the detector gave, every one under the floor (0.4): not "nothing there".
        let records = try plugins.write("unsure.jsonl", """
            {"kind": "object", "label": "chair", "confidence": 0.3}
            {"kind": "sound", "label": "speech", "confidence": 0.2}
            """)
        let result = try cli(["describe", "--records", records.path, "--profile", "recorded-\(locale.rawValue)",
                              "--output", output.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == sentence + "\n")
        #expect(said.contains { $0.hasSuffix(sentence) }, "the profile's output did not get it: \(said)")

        let json = try cli(["describe", "--records", records.path, "--profile", "recorded-\(locale.rawValue)", "--no-render", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["sentences"] as? [String] == [sentence])
        #expect(object["nothingRecognized"] as? Bool == true)
    }

    @Test func describeWithSomethingNamedDoesNotSayIt() throws {
        let records = try plugins.write("chair.jsonl", #"{"kind": "object", "label": "chair", "confidence": 0.9}"# + "\n")
        let json = try cli(["describe", "--records", records.path, "--profile", "recorded-en", "--no-render", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["sentences"] as? [String] == ["It looks like there's a chair."])
        #expect(object["nothingRecognized"] as? Bool == false)
    }

    /// A chair, then three ticks of records under the floor, then a door: said once when
    /// the chair stops being recognized (silence would mean "still the chair"), not on the
    /// two ticks after, and the door after it.
    @Test(arguments: SpokenLocale.allCases)
    func aWalkSaysItOnceWhenATickTurnsToIt(locale: SpokenLocale) throws {
        let sentence = try #require(Self.expected[locale])
        let frames: [(label: String, confidence: Double)] = [("chair", 0.9), ("chair", 0.3), ("chair", 0.3), ("table", 0.2), ("door", 0.9)]
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        // Two detection passes per second, each moment seen twice, so the stabiliser
        // confirms it on its second pass: ticks at 0.5, 1.5, … say what was confirmed.
        for (second, frame) in frames.enumerated() {
            for pass in [Double(second), Double(second) + 0.5] {
                lines.append(#"{"time": \#(pass), "records": [{"kind": "object", "label": "\#(frame.label)", "confidence": \#(frame.confidence)}]}"#)
            }
        }
        let recording = try plugins.write("unsure.recording.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try cli(["walk", "--fast", "--json", "--recording", recording.path, "--narration-interval", "1",
                              "--profile", "recorded-\(locale.rawValue)", "--output", output.url.path])
        #expect(result.status == 0, "\(result.standardError)")
        let descriptions = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["signal"] as? String == "description" else { return nil }
            return "\(object["time"] as? Double ?? -1) \(object["text"] as? String ?? "")"
        }
        #expect(descriptions.count == 3, "\(descriptions)")
        #expect(descriptions.first?.hasPrefix("0.5 ") == true, "\(descriptions)")
        #expect(descriptions.dropFirst().first == "1.5 \(sentence)", "\(descriptions)")
        #expect(descriptions.last?.hasPrefix("4.5 ") == true, "\(descriptions)")
        #expect(said.filter { $0.hasSuffix(sentence) }.count == 1, "\(said)")
    }
}
