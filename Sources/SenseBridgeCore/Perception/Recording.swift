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

    public static func parse(_ data: Data, name: String) throws -> Recording {
        var frames: [Frame] = []
        var lineNumber = 0
        for var bytes in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            func fail(_ reason: String) -> RecordingError { RecordingError(name: name, line: lineNumber, reason: reason) }
            guard let line = String(validating: bytes, as: UTF8.self) else { throw fail("is not valid UTF-8") }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard case .object(let object)? = JSONValue.parse(Data(trimmed.utf8)) else { throw fail("is not a JSON object") }
            if let schema = object["schema"] {
                guard frames.isEmpty, schema == .string(schemaID) else {
                    throw fail("has schema \(schema.jsonText); expected \"\(schemaID)\" on the first line")
                }
                continue
            }
            guard case .number(let time)? = object["time"], time.isFinite, time >= 0 else {
                throw fail("needs \"time\": seconds from the start, a number of at least 0")
            }
            if let previous = frames.last, time <= previous.time {
                throw fail("time \(time) is not after the previous frame's \(previous.time)")
            }
            switch (object["records"], object["depth"]) {
            case (let records?, nil):
                guard case .array(let list) = records else { throw fail("\"records\" must be an array") }
                let parsed = try list.enumerated().map { index, item -> PerceptionRecord in
                    do { return try RecordsFile.record(from: item) } catch let problem as RecordsFile.LineProblem {
                        throw fail("record \(index) \(problem.reason)")
                    }
                }
                frames.append(Frame(time: time, content: .records(parsed)))
            case (nil, let depth?):
                guard case .object(let fields) = depth else { throw fail("\"depth\" must be an object") }
                frames.append(Frame(time: time, content: .depth(try depthMap(fields, fail: fail))))
            default:
                throw fail("needs exactly one of \"records\" or \"depth\"")
            }
        }
        return Recording(frames: frames)
    }

    private static func numbers(_ value: JSONValue?) -> [Double]? {
        guard case .array(let items)? = value else { return nil }
        var result: [Double] = []
        for item in items {
            guard case .number(let number) = item else { return nil }
            result.append(number)
        }
        return result
    }

    private static func depthMap(_ fields: [String: JSONValue], fail: (String) -> RecordingError) throws -> DepthMap {
        guard case .number(let w)? = fields["width"], case .number(let h)? = fields["height"],
              w == w.rounded(), h == h.rounded(), (1...Double(maximumDepthSide)).contains(w), (1...Double(maximumDepthSide)).contains(h) else {
            throw fail("depth \"width\" and \"height\" must be whole numbers from 1 to \(maximumDepthSide)")
        }
        let width = Int(w), height = Int(h)
        // null marks a sample with no reading, as a sensor reports for glass or black cloth.
        guard case .array(let samples)? = fields["metres"], samples.count == width * height else {
            throw fail("depth \"metres\" must hold width × height = \(width * height) numbers")
        }
        var metres: [Float] = []
        metres.reserveCapacity(samples.count)
        for sample in samples {
            switch sample {
            case .null: metres.append(.nan)
            case .number(let value): metres.append(Float(value))
            default: throw fail("depth \"metres\" holds \(sample.typeName), not a number or null")
            }
        }
        var transform = DepthMap.identity
        if let matrix = fields["cameraToWorld"] {
            guard let values = numbers(matrix), values.count == 16, values.allSatisfy(\.isFinite) else {
                throw fail("depth \"cameraToWorld\" must be 16 finite numbers (column-major 4×4)")
            }
            transform = values.map(Float.init)
        }
        var intrinsics: DepthMap.Intrinsics?
        if let value = fields["intrinsics"] {
            guard let k = numbers(value), k.count == 4, k[0] > 0, k[1] > 0, k.allSatisfy(\.isFinite) else {
                throw fail("depth \"intrinsics\" must be [fx, fy, cx, cy] in pixels, fx and fy positive")
            }
            intrinsics = DepthMap.Intrinsics(fx: Float(k[0]), fy: Float(k[1]), cx: Float(k[2]), cy: Float(k[3]))
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
