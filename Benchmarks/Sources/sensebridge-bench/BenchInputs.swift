import Foundation
import SenseBridgeRepositoryTesting

/// The parsing figures' inputs, generated the same every run (a seeded SplitMix64), in
/// the shapes of samples/: records as kitchen.records.jsonl writes them, recordings as
/// corridor.recording.jsonl (a 32×24 depth frame every 750 ms, the depth tick, and a
/// records frame 100 ms after every fourth). Numbers are formatted by hand: a 97-minute
/// recording holds six million of them and String(format:) would take longer than the
/// walk it feeds.
struct BenchInputs {
    private var generator = SeededGenerator(seed: 14)
    private var bytes: [UInt8] = []

    static let objectLabels = ["chair", "door", "dog", "cup", "table", "person", "bottle", "stairs", "bench", "bicycle"]
    static let soundLabels = ["speech", "smoke_alarm", "door_knock", "dog_bark", "car_horn"]
    static let texts = ["Fire exit. Keep clear.", "EXIT", "Platform 2", "Caf\\u00e9 \\u2014 open", "Push", "Room 204"]

    /// A records file of `count` records, with a comment line and a blank line now and then.
    mutating func recordsFile(count: Int) -> Data {
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(count * 110)
        append("# Generated for the parsing benchmark: the kitchen sample's shapes, over and over.\n")
        for index in 0..<count {
            if index % 5_000 == 4_999 { append("\n# another moment\n") }
            appendRecord(roll: below(100))
            append("\n")
        }
        return Data(bytes)
    }

    /// A recording of `seconds` in corridor.recording.jsonl's shape, written to `url`.
    mutating func recording(seconds: Double, to url: URL) throws -> (frames: Int, bytes: Int) {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var frames = 0, written = 0
        func flush() {
            handle.write(Data(bytes))
            written += bytes.count
            bytes.removeAll(keepingCapacity: true)
        }
        bytes.removeAll(keepingCapacity: true)
        append("{\"schema\": \"sensebridge.recording/1\"}\n")
        var tick = 0
        while Double(tick) * 0.75 <= seconds {
            let time = Double(tick) * 0.75
            appendDepthFrame(time: time)
            frames += 1
            if tick % 4 == 1 {
                append("{\"time\": ")
                appendFixed(time + 0.1, 2)
                append(", \"records\": [")
                for index in 0..<(2 + below(2)) {
                    if index > 0 { append(", ") }
                    appendRecord(roll: below(70))  // objects, text and sounds: no depth records in a frame
                }
                append("]}\n")
                frames += 1
            }
            if bytes.count > 1 << 20 { flush() }
            tick += 1
        }
        flush()
        return (frames, written)
    }

    /// A walk down a corridor and back: the wall ahead comes from 6 m to 0.9 m and goes
    /// again every 40 s, so alerts are raised and cleared all along; the floor rises row
    /// by row as in the sample, with a sample missing here and there (glass, black cloth).
    private mutating func appendDepthFrame(time: Double) {
        let phase = time.truncatingRemainder(dividingBy: 40) / 20
        let ahead = 0.9 + 5.1 * abs(1 - phase)
        append("{\"time\":")
        appendFixed(time, 2)
        append(",\"depth\":{\"width\":32,\"height\":24,\"metres\":[")
        for row in 0..<24 {
            for column in 0..<32 {
                let sample = row * 32 + column
                if sample > 0 { append(",") }
                if (sample + Int(time * 4)) % 37 == 0 {
                    append("null")
                } else {
                    appendFixed(ahead + 0.065 * Double(row) + 0.004 * Double(column % 5), 3)
                }
            }
        }
        append("],\"cameraToWorld\":[1,0,0,0,0,0.939693,-0.34202,0,0,0.34202,0.939693,0,0,1.3,0,1],\"intrinsics\":[27.7128,27.7128,15.5,11.5]}}\n")
    }

    /// roll 0..<55 an object with a box, ..<70 without, ..<80 text, ..<90 a sound, else depth.
    private mutating func appendRecord(roll: Int) {
        switch roll {
        case ..<70:
            append("{\"kind\": \"object\", \"label\": \"\(Self.objectLabels[below(Self.objectLabels.count)])\", \"confidence\": ")
            appendFixed(0.3 + Double(below(70)) / 100, 2)
            if roll < 55 { appendBox(width: 0.1 + Double(below(30)) / 100, height: 0.1 + Double(below(50)) / 100) }
            append("}")
        case ..<80:
            append("{\"kind\": \"text\", \"label\": \"\(Self.texts[below(Self.texts.count)])\", \"confidence\": ")
            appendFixed(0.5 + Double(below(50)) / 100, 2)
            appendBox(width: 0.05 + Double(below(20)) / 100, height: 0.02 + Double(below(8)) / 100)
            append("}")
        case ..<90:
            append("{\"kind\": \"sound\", \"label\": \"\(Self.soundLabels[below(Self.soundLabels.count)])\", \"confidence\": ")
            appendFixed(0.4 + Double(below(60)) / 100, 2)
            append("}")
        default:
            append("{\"kind\": \"depth\", \"label\": \"\", \"confidence\": 1, \"distanceMetres\": ")
            appendFixed(0.3 + Double(below(500)) / 100, 2)
            append("}")
        }
    }

    private mutating func appendBox(width: Double, height: Double) {
        append(", \"box\": {\"x\": ")
        appendFixed(Double(below(Int((1 - width) * 100))) / 100, 2)
        append(", \"y\": ")
        appendFixed(Double(below(Int((1 - height) * 100))) / 100, 2)
        append(", \"width\": ")
        appendFixed(width, 2)
        append(", \"height\": ")
        appendFixed(height, 2)
        append("}")
    }

    private mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(generator.next() % UInt64(bound)) }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `value` with `digits` decimals and trailing zeros dropped: 5.540 → "5.54", 2.000 → "2".
    private mutating func appendFixed(_ value: Double, _ digits: Int) {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        var scaled = Int((abs(value) * Double(scale)).rounded())
        if value < 0, scaled > 0 { bytes.append(UInt8(ascii: "-")) }
        appendInteger(scaled / scale)
        scaled %= scale
        guard scaled > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = scale / 10
        while scaled > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(scaled / divisor))
            scaled %= divisor
            divisor /= 10
        }
    }

    private mutating func appendInteger(_ value: Int) {
        if value >= 10 { appendInteger(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
