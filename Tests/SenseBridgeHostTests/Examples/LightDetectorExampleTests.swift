import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// The light detector example (examples/c-perceiver) on a real photograph, through the
/// real binary: `describe` with a profile whose one perceiver it is. The launch pad at
/// dusk (Tests/Fixtures/images/photos/rocket.jpg, public domain) has floodlights burning
/// along the bottom of the frame under a dark sky; the detector must find them there,
/// and the person hears them in their own language because its label is a reviewed one.
@Suite struct LightDetectorExampleTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let profile: URL

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        _ = try ExamplePlugin.build("c-perceiver", source: "light_detector.c", library: "liblight_detector.so",
                                    manifest: "light-detector.json", into: plugins.url)
        profile = home.file("lights.json")
        try Data("""
        {"schema": "sensebridge.output-profile/1", "name": "lights", "composer": "org.sensebridge.label-list",
         "perceivers": ["com.example.light-detector"], "renderTargets": [{"id": "org.sensebridge.haptic-log"}]}
        """.utf8).write(to: profile)
    }

    static let rocket = RepositoryPaths.fixtures.appendingPathComponent("images/photos/rocket.jpg").path

    /// `sensebridge describe --no-render` with the lights profile, the example found first.
    func describe(_ arguments: [String], log: String? = nil) throws -> ProcessRunner.Result {
        var environment = ["SENSEBRIDGE_PLUGIN_PATH": "\(plugins.url.path):\(RepositoryPaths.stagedPlugins.path)"]
        environment["SENSEBRIDGE_LOG"] = log
        return try ProcessRunner.cli(["describe", "--no-render", "--profile", profile.path] + arguments, home: home.url,
                                     extraEnvironment: environment)
    }

    func describeRocket(_ locale: SpokenLocale) throws -> (status: Int32, sentences: [String], records: [[String: Any]], stderr: String) {
        let result = try describe(["--json", Self.rocket, "--locale", locale.rawValue, "--detail", "detailed"])
        let line = result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        return (result.status, object["sentences"] as? [String] ?? [], object["records"] as? [[String: Any]] ?? [], result.standardError)
    }

    static let heard: [SpokenLocale: String] = [
        .en: "On the left, there may be three lamps.",
        .es: "A la izquierda, puede que haya tres lámparas.",
        .vi: "Bên trái, có thể có ba cái đèn.",
    ]

    @Test("the launch pad at dusk: three lamps in the bottom fifth, on the left, said in en, es and vi",
          arguments: SpokenLocale.allCases)
    func theLaunchPadAtDusk(locale: SpokenLocale) throws {
        let described = try describeRocket(locale)
        #expect(described.status == 0, "\(described.stderr)")
        #expect(described.sentences == [Self.heard[locale]!], "\(described.sentences)")
        #expect(described.records.count == 3, "\(described.records)")
        for record in described.records {
            let box = try #require(record["box"] as? [String: Double], "\(record)")
            let confidence = try #require(record["confidence"] as? Double)
            #expect(record["label"] as? String == "lamp" && record["kind"] as? String == "object")
            // The floodlights stand about three quarters of white above the dusk's average.
            #expect(confidence > 0.6 && confidence < 0.9, "\(record)")
            #expect(box["y"]! > 0.8 && box["y"]! + box["height"]! <= 1, "a light outside the bottom fifth: \(record)")
            #expect(box["width"]! < 0.05 && box["height"]! < 0.05, "a light as big as part of the sky: \(record)")
        }
    }

    @Test("at the most talkative log level, its timing is logged and nothing it saw is: no label, score, box or count")
    func nothingSeenIsLogged() throws {
        let result = try describe(["--json", Self.rocket], log: "debug")
        #expect(result.status == 0, "\(result.standardError)")
        let logLines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("sensebridge[") }
        let perceived = logLines.filter { $0.contains("light.perceived") }
        #expect(perceived.count == 1 && perceived[0].contains("milliseconds"), "\(logLines)")
        // The canaries: what it found (stdout has them, so they were found) and how many.
        #expect(result.standardOutput.contains("\"lamp\"") && result.standardOutput.contains("0.74"))
        for canary in ["lamp", "0.74", "lights=3", "\"3\""] {
            #expect(!logLines.contains { $0.contains(canary) }, "\(canary) reached the log: \(logLines.filter { $0.contains(canary) })")
        }
    }

    @Test("a blank picture has no light: nothing recognized, never a record saying so")
    func aBlankPicture() throws {
        let blank = home.file("blank.pgm")
        try (Data("P5\n64 48\n255\n".utf8) + Data(repeating: 250, count: 64 * 48)).write(to: blank)
        let result = try describe([blank.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == Phrasing.nothingRecognized(locale: .en) + "\n")
    }
}
