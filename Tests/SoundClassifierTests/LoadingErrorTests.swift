import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A classifier that could never hear fails when it is chosen (Invariant 8), naming the
/// file and what installs it; a wrong value names its key.
@Suite struct LoadingErrorTests {
    @Test func aMissingModelNamesTheFileAndTheInstaller() throws {
        let message = try Self.refusal(["model": .string("/nonexistent/yamnet.onnx")])
        #expect(message.contains("/nonexistent/yamnet.onnx") && message.contains("scripts/deps.sh"), "\(message)")
    }

    @Test func aFileThatIsNotAModelSaysSo() throws {
        let directory = try TemporaryDirectory("sound-loading")
        let file = try directory.write("yamnet.onnx", "not a network")
        let message = try Self.refusal(["model": .string(file.path)])
        #expect(message.contains(file.path) && message.contains("OpenCV could not load"), "\(message)")
    }

    @Test func aClassMapThatIsNotYAMNetsNamesTheClassItLacks() throws {
        let directory = try TemporaryDirectory("sound-loading")
        let file = try directory.write("map.csv", "index,mid,display_name\n0,/m/09x0r,Speech\n")
        let message = try Self.refusal(["classMap": .string(file.path)])
        #expect(message.contains(file.path) && message.contains("Smoke detector, smoke alarm"), "\(message)")
    }

    @Test func outOfRangeSettingsNameTheirKey() throws {
        for (key, value) in [("threads", JSONValue.number(0)), ("minimumConfidence", .number(1.5)), ("sampleRate", .number(16_000))] {
            let message = try Self.refusal([key: value])
            #expect(message.contains("'\(key)'"), "\(message)")
        }
    }

    struct Accepted: Error {}

    /// The error creating the classifier with `config` gave; throws when it was created.
    static func refusal(_ config: [String: JSONValue]) throws -> String {
        let host = try ClassifierHost()
        do {
            _ = try host.classifier(config)
        } catch {
            return "\(error)"
        }
        Issue.record("the classifier was created with \(config)")
        throw Accepted()
    }
}
