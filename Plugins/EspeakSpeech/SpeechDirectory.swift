import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// The folder WAV output goes to: one numbered file per utterance and `speech.jsonl`,
/// the index that says which message each file holds and how long it is.
///
/// Numbering continues after the highest number already there, and files are created
/// exclusively, so a new session never overwrites an earlier one's audio.
final class SpeechDirectory {
    static let indexName = "speech.jsonl"

    let path: String
    private let index: JSONLinesFile
    private var nextNumber: Int

    init(path: String) throws {
        self.path = path
        index = try JSONLinesFile(path: path + "/" + Self.indexName, describedAs: "speech index", isOurs: Self.isIndexLine)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        nextNumber = (names.compactMap(SpeechUtteranceFile.number(inName:)).max() ?? 0) + 1
    }

    /// Creates the next numbered file for `signal`.
    func makeFile(signal: OutputSignal, sampleRate: Int) throws -> WAVFileWriter {
        for _ in 0..<1000 {
            let name = SpeechUtteranceFile.name(number: nextNumber, signal: signal)
            nextNumber += 1
            if let file = try WAVFileWriter(path: path + "/" + name, sampleRate: sampleRate) { return file }
        }
        throw PluginError.io("No free file name was found in \(path) for the next utterance.")
    }

    func record(_ line: SpeechIndexLine) throws {
        try index.append(line.json)
    }

    static func isIndexLine(_ line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
        return object["file"] is String && object["durationSeconds"] is NSNumber
    }
}
