import Foundation

/// A recorded sensing session: frames of perception records or depth maps, each at a
/// time from the recording's start. Replaying one is how the awareness loop and every
/// sensing-source check run without a sensor.
///
/// The format is JSON Lines (docs/FORMATS.md): an optional header line
/// `{"schema": "sensebridge.recording/1"}`, then one frame per line, either
/// `{"time": 0.75, "records": [ … ]}` or
/// `{"time": 1.5, "depth": {"width": 4, "height": 3, "metres": [ … ], "cameraToWorld": [ … ], "intrinsics": [fx, fy, cx, cy]}}`.
/// Times are seconds and strictly increase.
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

    public static func parse(_ data: Data, name: String) throws -> Recording {
        guard let text = String(data: data, encoding: .utf8) else {
            throw RecordingError(name: name, line: nil, reason: "is not valid UTF-8")
        }
        var frames: [Frame] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ reason: String) -> RecordingError { RecordingError(name: name, line: lineNumber, reason: reason) }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw fail("is not a JSON object")
            }
            if let schema = object["schema"] {
                guard frames.isEmpty, schema as? String == schemaID else {
                    throw fail("has schema \(schema); expected \"\(schemaID)\" on the first line")
                }
                continue
            }
            guard let time = (object["time"] as? NSNumber)?.doubleValue, time.isFinite, time >= 0 else {
                throw fail("needs \"time\": seconds from the start, a number of at least 0")
            }
            if let previous = frames.last, time <= previous.time {
                throw fail("time \(time) is not after the previous frame's \(previous.time)")
            }
            switch (object["records"], object["depth"]) {
            case (let records?, nil):
                guard let list = records as? [Any] else { throw fail("\"records\" must be an array") }
                let parsed = try list.enumerated().map { index, item -> PerceptionRecord in
                    guard let fields = item as? [String: Any] else { throw fail("record \(index) is not an object") }
                    do { return try RecordFields.record(from: fields) } catch let problem as RecordFields.Problem {
                        throw fail("record \(index): \(problem.reason)")
                    }
                }
                frames.append(Frame(time: time, content: .records(parsed)))
            case (nil, let depth?):
                guard let fields = depth as? [String: Any] else { throw fail("\"depth\" must be an object") }
                frames.append(Frame(time: time, content: .depth(try depthMap(fields, fail: fail))))
            default:
                throw fail("needs exactly one of \"records\" or \"depth\"")
            }
        }
        return Recording(frames: frames)
    }

    private static func depthMap(_ fields: [String: Any], fail: (String) -> RecordingError) throws -> DepthMap {
        guard let width = (fields["width"] as? NSNumber)?.intValue, let height = (fields["height"] as? NSNumber)?.intValue,
              (1...maximumDepthSide).contains(width), (1...maximumDepthSide).contains(height) else {
            throw fail("depth \"width\" and \"height\" must be whole numbers from 1 to \(maximumDepthSide)")
        }
        guard let samples = fields["metres"] as? [Any], samples.count == width * height else {
            throw fail("depth \"metres\" must hold width × height = \(width * height) numbers")
        }
        var metres: [Float] = []
        metres.reserveCapacity(samples.count)
        for sample in samples {
            if sample is NSNull { metres.append(.nan); continue }
            guard let value = (sample as? NSNumber)?.floatValue else { throw fail("depth \"metres\" holds a value that is not a number") }
            metres.append(value)
        }
        var transform = DepthMap.identity
        if let matrix = fields["cameraToWorld"] {
            guard let values = matrix as? [NSNumber], values.count == 16, values.allSatisfy({ $0.floatValue.isFinite }) else {
                throw fail("depth \"cameraToWorld\" must be 16 finite numbers (column-major 4×4)")
            }
            transform = values.map(\.floatValue)
        }
        var intrinsics: DepthMap.Intrinsics?
        if let value = fields["intrinsics"] {
            guard let k = value as? [NSNumber], k.count == 4, k[0].floatValue > 0, k[1].floatValue > 0,
                  k.allSatisfy({ $0.floatValue.isFinite }) else {
                throw fail("depth \"intrinsics\" must be [fx, fy, cx, cy] in pixels, fx and fy positive")
            }
            intrinsics = DepthMap.Intrinsics(fx: k[0].floatValue, fy: k[1].floatValue, cx: k[2].floatValue, cy: k[3].floatValue)
        }
        return DepthMap(width: width, height: height, metres: metres, cameraToWorld: transform, intrinsics: intrinsics)
    }
}

/// A bad recording: the file's name, the line, and what is wrong with it.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var line: Int?
    public var reason: String
    public var description: String { line.map { "\(name) line \($0): \(reason)" } ?? "\(name): \(reason)" }
}
