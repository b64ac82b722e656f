import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing
@testable import SoundClassifier

/// The plugin adds nothing to the model: on every clip, window by window, its records are
/// what numpy's patches through OpenCV's Python binding give with the same class table
/// (a sigmoid per class, the best class per identifier, its floor), confidences equal to
/// 4 decimals. In its own process, as it runs by default.
@Suite(.serialized) struct PythonAgreementTests {
    static let confidenceTolerance = 1e-4
    /// The first block completes the first window (160 × 95 + 400 samples), every next
    /// block of 0.48 s exactly one more, so each answer is one window's.
    static let firstBlock = 15_600
    static let nextBlock = 7_680

    static let needsPython = Comment(rawValue: "skipped: \(SoundReference.unavailableReason ?? "")")

    @Test(.enabled(if: SoundReference.unavailableReason == nil, needsPython))
    func recordsEqualOpenCVsPythonBindingWindowByWindow() throws {
        let directory = try TemporaryDirectory("sound-plugin")
        let table = try CuratedSounds.resolve(try AudioSetClassMap.read(SoundReference.classMap), file: "yamnet_class_map.csv")
        let scores = SoundScores(table: table, minimumConfidence: ClassifierSettings.defaultMinimumConfidence)
        let classifier = try ClassifierHost().classifier(isolated: true)
        var windows = 0, records = 0
        var heard: Set<String> = []
        for clip in try SoundReference.clips(in: directory) {
            let logits = try SoundReference.logits("opencv", patches: try SoundReference.logMel(clip, in: directory),
                                                   name: clip.name, in: directory)
            var start = 0, window = 0
            while start + (window == 0 ? Self.firstBlock : Self.nextBlock) <= clip.samples.count {
                let end = start + (window == 0 ? Self.firstBlock : Self.nextBlock)
                let got = try classifier.listen(Array(clip.samples[start..<end]), continues: window > 0)
                let expected = scores.records([logits[window]])
                #expect(got.map(\.label) == expected.map(\.label), "\(clip.name) window \(window): plugin \(got), Python \(expected)")
                for (plugin, python) in zip(got, expected) {
                    #expect(abs(plugin.confidence - python.confidence) <= Self.confidenceTolerance,
                            "\(clip.name) window \(window) \(plugin.label): plugin \(plugin.confidence), Python \(python.confidence)")
                    #expect(plugin.kind == .sound && plugin.box == nil)
                }
                heard.formUnion(got.map(\.label))
                records += got.count
                start = end
                window += 1
            }
            #expect(window == logits.count, "\(clip.name): \(window) windows heard, Python made \(logits.count)")
            windows += window
        }
        print("sound-classifier: plugin equals OpenCV's Python binding on \(windows) windows (\(records) records; heard \(heard.sorted()))")
        #expect(windows >= 200)
        // The material holds these sounds: a comparison that only ever saw no records proves nothing.
        #expect(heard.isSuperset(of: ["speech", "siren", "smoke_alarm", "music"]), "\(heard.sorted())")
    }
}
