/// The rules of a recording, one line at a time: what `Recording.parse` applies to a
/// whole file and `RecordingReader` to a stream, so both accept the same files and give
/// a bad line the same reason.
///
/// It remembers only what the rules look back at (whether a frame came yet, and the
/// previous frame's time), never the frames.
struct RecordingLines {
    let name: String
    private var previousTime: Double?

    init(name: String) {
        self.name = name
    }

    /// The frame on `line` (without its "\n"; `number` is 1-based); nil for a blank
    /// line, a comment or the header.
    mutating func frame(fromLine line: UnsafeRawBufferPointer, number: Int) throws(RecordingError) -> Recording.Frame? {
        func fail(_ reason: String) -> RecordingError { RecordingError(name: name, line: number, reason: reason) }
        let json: UnsafeRawBufferPointer
        switch JSONLines.content(of: line) {
        case .skip: return nil
        case .invalidUTF8: throw fail("is not valid UTF-8")
        case .json(let text): json = text
        }
        let value: JSONValue
        do { value = try JSONParser.parse(json) } catch { throw fail(error.reason) }
        guard case .object(let object) = value else { throw fail("must be a JSON object, found \(value.typeName)") }
        if let schema = object["schema"] {
            guard previousTime == nil, schema == .string(Recording.schemaID) else {
                throw fail("has schema \(schema.jsonText); expected \"\(Recording.schemaID)\" on the first line")
            }
            return nil
        }
        guard case .number(let time)? = object["time"], time.isFinite, time >= 0 else {
            throw fail("needs \"time\": seconds from the start, a number of at least 0")
        }
        if let previousTime, time <= previousTime {
            throw fail("time \(time) is not after the previous frame's \(previousTime)")
        }
        let content: Recording.Frame.Content
        switch (object["records"], object["depth"]) {
        case (let records?, nil):
            guard case .array(let list) = records else { throw fail("\"records\" must be an array") }
            var parsed: [PerceptionRecord] = []
            parsed.reserveCapacity(list.count)
            for (index, item) in list.enumerated() {
                do throws(RecordsFile.LineProblem) {
                    parsed.append(try RecordsFile.record(from: item))
                } catch {
                    throw fail("record \(index) \(error.reason)")
                }
            }
            content = .records(parsed)
        case (nil, let depth?):
            guard case .object(let fields) = depth else { throw fail("\"depth\" must be an object") }
            content = .depth(try Self.depthMap(fields, fail: fail))
        default:
            throw fail("needs exactly one of \"records\" or \"depth\"")
        }
        previousTime = time
        return Recording.Frame(time: time, content: content)
    }

    private static func numbers(_ value: JSONValue?) -> [Double]? {
        guard case .array(let items)? = value else { return nil }
        var result: [Double] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard case .number(let number) = item else { return nil }
            result.append(number)
        }
        return result
    }

    private static func depthMap(_ fields: [String: JSONValue], fail: (String) -> RecordingError) throws(RecordingError) -> DepthMap {
        let maximum = Recording.maximumDepthSide
        guard case .number(let w)? = fields["width"], case .number(let h)? = fields["height"],
              w == w.rounded(), h == h.rounded(), (1...Double(maximum)).contains(w), (1...Double(maximum)).contains(h) else {
            throw fail("depth \"width\" and \"height\" must be whole numbers from 1 to \(maximum)")
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
