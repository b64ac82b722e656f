import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// Where things are, through the real binary: `describe --records` of a file with boxes
/// at `--detail detailed` says each thing with the host's position words in en, es and
/// vi, `--json` reports each sentence's position, and the standard level is unchanged.
@Suite struct CLIPositionTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    static let scene = """
        {"kind":"object","label":"chair","confidence":0.5,"box":{"x":0.75,"y":0.4,"width":0.2,"height":0.4}}
        {"kind":"object","label":"table","confidence":0.85}
        {"kind":"object","label":"dog","confidence":0.7,"box":{"x":0.4,"y":0.5,"width":0.2,"height":0.3}}
        {"kind":"object","label":"chair","confidence":0.9,"box":{"x":0.05,"y":0.4,"width":0.2,"height":0.4}}

        """

    static let detailed: [SpokenLocale: [String]] = [
        .en: ["On the left, it looks like there's a chair.", "Ahead, it may be a dog.",
              "On the right, it might be a chair, but I'm not sure.", "It looks like there's a table."],
        .es: ["A la izquierda, parece que hay una silla.", "Delante, puede que haya un perro.",
              "A la derecha, quizás haya una silla, aunque no es seguro.", "Parece que hay una mesa."],
        .vi: ["Bên trái, có vẻ như có một cái ghế.", "Phía trước, có thể có một con chó.",
              "Bên phải, có lẽ có một cái ghế, nhưng tôi không chắc.", "Có vẻ như có một cái bàn."],
    ]

    /// The two chairs are counted together when no position is said.
    static let standard: [SpokenLocale: [String]] = [
        .en: ["It looks like there's a table.", "It may be a dog.", "There might be two chairs, but I'm not sure."],
        .es: ["Parece que hay una mesa.", "Puede que haya un perro.", "Quizás haya dos sillas, aunque no es seguro."],
        .vi: ["Có vẻ như có một cái bàn.", "Có thể có một con chó.", "Có lẽ có hai cái ghế, nhưng tôi không chắc."],
    ]

    func describe(locale: SpokenLocale, detail: SpokenDetail, extra: [String] = []) throws -> ProcessRunner.Result {
        let records = try home.write("scene.jsonl", Self.scene)
        return try ProcessRunner.cli(["describe", "--records", records.path, "--locale", locale.rawValue,
                                      "--detail", detail.rawValue, "--no-render"] + extra, home: home.url)
    }

    @Test(arguments: SpokenLocale.allCases)
    func detailedSaysWhereEachThingIs(locale: SpokenLocale) throws {
        let result = try describe(locale: locale, detail: .detailed)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == Self.detailed[locale])
    }

    @Test(arguments: SpokenLocale.allCases)
    func standardSaysNoPosition(locale: SpokenLocale) throws {
        let result = try describe(locale: locale, detail: .standard)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == Self.standard[locale])
    }

    @Test func jsonReportsEachSentencesPosition() throws {
        for (detail, positions) in [(SpokenDetail.detailed, ["left", "ahead", "right", nil]), (.standard, [nil, nil, nil])] {
            let result = try describe(locale: .es, detail: detail, extra: ["--json"])
            #expect(result.status == 0, "\(result.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let narration = try #require(object["narration"] as? [[String: Any]])
            #expect(narration.map { $0["position"] as? String } == positions)
            #expect(narration.allSatisfy { $0.keys.contains("position") }, "null, never left out")
            #expect(narration.map { $0["text"] as? String } == (detail == .detailed ? Self.detailed[.es] : Self.standard[.es]))
            #expect(narration.map { $0["stream"] as? String } == positions.map { _ in "sight" })
        }
    }
}
