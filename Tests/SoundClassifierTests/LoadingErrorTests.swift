import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeTesting
import Testing

/// A classifier that could never hear fails when it is chosen (Invariant 8), naming the
/// file and what installs it; a wrong value names its key.
@Suite struct LoadingErrorTests {
    @Test func aMissingModelNamesTheFileAndTheInstaller() throws {
        let host = try ClassifierHost()
        do {
            _ = try host.classifier(["model": .string("/nonexistent/yamnet.onnx")])
            Issue.record("a missing model was accepted")
        } catch {
            #expect("\(error)".contains("/nonexistent/yamnet.onnx") && "\(error)".contains("scripts/deps.sh"), "\(error)")
        }
    }

    @Test func aFileThatIsNotAModelSaysSo() throws {
        let directory = try TemporaryDirectory("sound-loading")
        let file = try directory.write("yamnet.onnx", "not a network")
        do {
            _ = try ClassifierHost().classifier(["model": .string(file.path)])
            Issue.record("a text file was loaded as a model")
        } catch {
            #expect("\(error)".contains(file.path) && "\(error)".contains("OpenCV could not load"), "\(error)")
        }
    }

    @Test func aClassMapThatIsNotYAMNetsNamesTheClassItLacks() throws {
        let directory = try TemporaryDirectory("sound-loading")
        let file = try directory.write("map.csv", "index,mid,display_name\n0,/m/09x0r,Speech\n")
        do {
            _ = try ClassifierHost().classifier(["classMap": .string(file.path)])
            Issue.record("a class map without the curated classes was accepted")
        } catch {
            #expect("\(error)".contains(file.path) && "\(error)".contains("Smoke detector, smoke alarm"), "\(error)")
        }
    }

    @Test func outOfRangeSettingsNameTheirKey() throws {
        let host = try ClassifierHost()
        for (key, value) in [("threads", JSONValue.number(0)), ("minimumConfidence", .number(1.5)), ("sampleRate", .number(16_000))] {
            do {
                _ = try host.classifier([key: value])
                Issue.record("\(key) \(value) was accepted")
            } catch {
                #expect("\(error)".contains("'\(key)'"), "\(error)")
            }
        }
    }
}
