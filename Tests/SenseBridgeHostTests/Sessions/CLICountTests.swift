import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// Two chairs are two chairs, through the real binary: the label list says how many
/// things of one kind there are in words, at every detail level, in en, es and vi, and
/// a third-party composer's number word is spoken only when the records hold it.
@Suite struct CLICountTests {
    let home: TemporaryDirectory
    let liar: LiarDescription

    static let expected: [SpokenLocale: String] = [
        .en: "It looks like there are two chairs and a dog.",
        .es: "Parece que hay dos sillas y un perro.",
        .vi: "Có vẻ như có hai cái ghế và một con chó.",
    ]

    init() throws {
        home = try TemporaryDirectory()
        liar = try LiarDescription()
    }

    @Test(arguments: SpokenLocale.allCases.flatMap { locale in SpokenDetail.allCases.map { (locale, $0) } })
    func describeCountsThingsOfOneKind(locale: SpokenLocale, detail: SpokenDetail) throws {
        let records = try home.write("c.jsonl", """
            {"kind":"object","label":"chair","confidence":0.9}
            {"kind":"object","label":"chair","confidence":0.8}
            {"kind":"object","label":"dog","confidence":0.85}

            """)
        let output = try TemporaryDirectory()
        let result = try ProcessRunner.cli(["describe", "--records", records.path, "--profile", "deaf", "--locale", locale.rawValue,
                                            "--detail", detail.rawValue, "--output", output.url.path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").first.map(String.init) == Self.expected[locale])
        #expect(output.captionText("captions.vtt").contains(Self.expected[locale]!))
    }

    /// A third-party composer covering both chairs: its number is spoken when it is two,
    /// and refused for the label list's count when it is three.
    @Test(arguments: [
        ("en", "two chairs", "three chairs", "It looks like there are two chairs."),
        ("es", "dos sillas", "tres sillas", "Parece que hay dos sillas."),
        ("vi", "hai cái ghế", "ba cái ghế", "Có vẻ như có hai cái ghế."),
    ])
    func aComposersCountMustBeTheRecords(locale: String, right: String, wrong: String, expected: String) throws {
        let scene = [("chair", 0.9), ("chair", 0.85)]
        #expect(try liar.spoken(scene, .blunt, config: ["phrase": right], locale: locale) == [expected])
        let refused = try liar.describe(scene, .blunt, config: ["phrase": wrong], locale: locale, extra: ["--json"])
        #expect(refused.status == 0, "\(refused.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(refused.standardOutput.utf8)) as? [String: Any])
        #expect(object["sentences"] as? [String] == [expected])
        let reasons = (object["refusedComposerPhrases"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
        #expect(reasons == ["count-unearned"])
    }

    /// "a chair" over two chair records is a count too: it tells a blind person there
    /// is one. Refused with or without its article, and as a bare plural that hides the
    /// number; the person hears the label list's count instead, never silence.
    @Test(arguments: [
        ("en", "a chair", "It looks like there are two chairs."), ("en", "chairs", "It looks like there are two chairs."),
        ("en", "several chairs", "It looks like there are two chairs."),
        ("es", "una silla", "Parece que hay dos sillas."), ("es", "varias sillas", "Parece que hay dos sillas."),
        ("es", "unas sillas", "Parece que hay dos sillas."),
        ("vi", "một cái ghế", "Có vẻ như có hai cái ghế."), ("vi", "những cái ghế", "Có vẻ như có hai cái ghế."),
    ])
    func aNameWithoutItsNumberIsRefused(locale: String, phrase: String, expected: String) throws {
        let scene = [("chair", 0.9), ("chair", 0.85)]
        let refused = try liar.describe(scene, .blunt, config: ["phrase": phrase], locale: locale, extra: ["--json"])
        #expect(refused.status == 0, "\(refused.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(refused.standardOutput.utf8)) as? [String: Any])
        #expect(object["sentences"] as? [String] == [expected])
        let refusals = object["refusedComposerPhrases"] as? [[String: Any]]
        #expect(refusals?.compactMap { $0["reason"] as? String } == ["count-unearned"])
        #expect(try liar.spoken(scene, .blunt, config: ["phrase": phrase], locale: locale) == [expected])
    }
}
