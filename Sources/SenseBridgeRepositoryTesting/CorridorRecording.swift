import Foundation

/// The sample corridor walk (samples/corridor.recording.jsonl) walked over and over, each
/// walk ten seconds after the one before: alerts, clears and descriptions keep coming for
/// as long as a test of a long session needs.
public enum CorridorRecording {
    /// Writes the corridor walked `times` times to `url`, and returns it.
    public static func write(times: Int, to url: URL) throws -> URL {
        let sample = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("samples/corridor.recording.jsonl"), encoding: .utf8)
        let frames = sample.split(separator: "\n").dropFirst().compactMap { line -> [String: Any]? in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        for walk in 0..<times {
            for var frame in frames {
                frame["time"] = (frame["time"] as? Double ?? 0) + Double(walk) * 10
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: frame, options: [.sortedKeys]), as: UTF8.self))
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
