import Foundation

/// A recorded sensing session: frames of perception records or depth maps, each at a
/// time from the recording's start. Replaying one is how sensing-source checks and
/// demos run without a sensor.
///
/// The format is JSON Lines (docs/FORMATS.md): an optional header line
/// `{"schema": "sensebridge.recording/1"}`, then one frame per line, either
/// `{"time": 0.75, "records": [ … ]}` or
/// `{"time": 1.5, "depth": {"width": 4, "height": 3, "metres": [ … ], "cameraToWorld": [ … ], "intrinsics": [fx, fy, cx, cy]}}`.
/// Times are seconds and strictly increase. Records are read exactly as in a records
/// file, so a bad one gets the same reason.
public struct Recording: Equatable, Sendable {
    public static let schemaID = "sensebridge.recording/1"

    public struct Frame: Equatable, Sendable {
        public enum Content: Equatable, Sendable {
            case records([PerceptionRecord])
            case depth(DepthMap)
        }
        public var time: Double
        public var content: Content

        public init(time: Double, content: Content) {
            self.time = time
            self.content = content
        }
    }

    public var frames: [Frame]

    public init(frames: [Frame]) {
        self.frames = frames
    }

    /// A depth map is refused above this many samples per side: a corrupt or hostile
    /// file must not make the host allocate gigabytes.
    public static let maximumDepthSide = 4096

    /// The whole recording in memory, for tests and short files; a session streams it
    /// with `RecordingReader` instead, which applies the same rules line by line.
    public static func parse(_ data: Data, name: String) throws -> Recording {
        try data.withUnsafeBytes { text in
            var lines = RecordingLines(name: name)
            var frames: [Frame] = []
            try JSONLines.forEachLine(in: text) { (line, number) throws(RecordingError) in
                if let frame = try lines.frame(fromLine: line, number: number) { frames.append(frame) }
            }
            return Recording(frames: frames)
        }
    }
}

/// A bad recording: the file's name, the line, and what is wrong with it.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var line: Int?
    public var reason: String
    public var description: String { line.map { "\(name) line \($0): \(reason)" } ?? "\(name): \(reason)" }
}
