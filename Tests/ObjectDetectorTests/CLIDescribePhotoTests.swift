import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge describe PHOTO` through the real binary, the shipped camera source, the
/// shipped detector (isolated, as by default) and the default perceivers: what a
/// photograph shows is named, hedged by its confidence; a blank picture is "nothing
/// recognized", never "nothing there"; and nothing the camera saw reaches the log.
@Suite struct CLIDescribePhotoTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func describe(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["describe", "--no-render"] + arguments, home: home.url, extraEnvironment: environment, timeout: 120)
    }

    static let coffee: [SpokenLocale: [String]] = [
        .en: ["It looks like there's a cup and a bowl.", "It may be a table."],
        .es: ["Parece que hay una taza y un cuenco.", "Puede que haya una mesa."],
        .vi: ["Có vẻ như có một cái cốc và một cái bát.", "Có thể có một cái bàn."],
    ]

    @Test("the coffee photograph: the cup and bowl said surely, the table hedged lower, in en, es and vi",
          arguments: SpokenLocale.allCases)
    func theCoffeePhotograph(locale: SpokenLocale) throws {
        let expected = try #require(Self.coffee[locale])
        let photo = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png").path
        let result = try describe([photo, "--locale", locale.rawValue])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == expected, "\(result.standardOutput)")
    }

    @Test("a blank picture is nothing recognized clearly enough, a fact about the detector")
    func aBlankPicture() throws {
        let blank = home.file("blank.pgm")
        try (Data("P5\n320 240\n255\n".utf8) + Data(repeating: 200, count: 320 * 240)).write(to: blank)
        let result = try describe([blank.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == Phrasing.nothingRecognized(locale: .en) + "\n")
    }

    @Test("at the most talkative log level, no label, score or box of what the camera saw is logged")
    func nothingSeenIsLogged() throws {
        let photo = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png").path
        let result = try describe([photo, "--json"], environment: ["SENSEBRIDGE_LOG": "debug"])
        #expect(result.status == 0, "\(result.standardError)")
        let logLines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("sensebridge[") }
        #expect(logLines.contains { $0.contains("plugin.detector.detected") }, "the detector's event is logged: \(logLines)")
        // The canaries: what the detector found (stdout has them, so they were found).
        #expect(result.standardOutput.contains("\"cup\"") && result.standardOutput.contains("0.95"))
        for canary in ["cup", "bowl", "table", "0.95", "0.86", "0.76"] {
            #expect(!logLines.contains { $0.contains(canary) }, "\(canary) reached the log: \(logLines.filter { $0.contains(canary) })")
        }
    }
}
