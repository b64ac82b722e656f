import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The label-list composer through its built library, and through the narrator the
/// host runs on every phrase.
@Suite struct LabelListComposerTests {
    let composer: SceneComposerInstance

    init() throws {
        _ = try RepositoryPaths.stagedManifest("label-list-composer.json")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        composer = try host.sceneComposer(try host.manifest(id: "org.sensebridge.label-list"))
    }

    static let scene = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
        PerceptionRecord(kind: .object, label: "door", confidence: 0.85),
        PerceptionRecord(kind: .object, label: "dog", confidence: 0.5),
        PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.88),
        PerceptionRecord(kind: .object, label: "cup", confidence: 0.2),
    ]

    func narrate(_ records: [PerceptionRecord], locale: SpokenLocale) throws -> Narration {
        let detail = SpokenDetail.standard
        let result = try composer.compose(records: records, locale: locale.rawValue, maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                                          maximumLabels: detail.maximumLabels, deadline: .max)
        let phrases = result.compactMap(\.phrase)
        #expect(phrases.count == result.count, "every entry is readable")
        return SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: locale, detail: detail)
    }

    @Test func speaksProseByBucketAndStreamInEnglish() throws {
        let narration = try narrate(Self.scene, locale: .en)
        #expect(narration.report.composerFailures.isEmpty, "the library's phrases pass the host's validator")
        #expect(narration.spokenText == [
            "It looks like there's a chair and a door.",
            "It might be a dog, but I'm not sure.",
            "It sounds like a smoke alarm.",
        ])
    }

    @Test(arguments: [SpokenLocale.es, .vi])
    func otherLocalesNameTheSameThings(_ locale: SpokenLocale) throws {
        let english = try narrate(Self.scene, locale: .en)
        let other = try narrate(Self.scene, locale: locale)
        #expect(other.report.composerFailures.isEmpty)
        #expect(other.sentences.map(\.recordIndices) == english.sentences.map(\.recordIndices))
        #expect(other.spokenText != english.spokenText)
    }

    @Test func subFloorAndEmptyInputNameNothing() throws {
        let result = try composer.compose(records: [PerceptionRecord(kind: .object, label: "cup", confidence: 0.2)],
                                          locale: "en", maximumWords: 12, maximumLabels: 3, deadline: .max)
        #expect(result.isEmpty)
        #expect(try composer.compose(records: [], locale: "en", maximumWords: 12, maximumLabels: 3, deadline: .max).isEmpty)
    }

    @Test func anUnsupportedLocaleIsAnErrorNotAGuess() throws {
        do {
            _ = try composer.compose(records: Self.scene, locale: "de", maximumWords: 12, maximumLabels: 3, deadline: .max)
            Issue.record("German was accepted")
        } catch let error as PluginCallError {
            #expect(error.message.contains("'de' is not supported"))
        }
    }
}
