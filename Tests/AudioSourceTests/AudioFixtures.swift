import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Sound written by each test into its own temporary directory: WAV files written byte by
/// byte (16-bit or float, any rate and channels, so every sample is known), and FLAC, Ogg,
/// MP3 and video files made from them by the `ffmpeg` command-line tool.
final class AudioFixtures {
    let directory: TemporaryDirectory

    struct ToolFailed: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        // A short prefix: a test sound server's socket lives here, and must fit in 108 bytes.
        directory = try TemporaryDirectory("sb-audio")
    }

    func path(_ name: String) -> String { directory.file(name).path }

    /// A sine of `frequency` Hz and peak `amplitude` per channel, `seconds` long.
    static func tone(frequency: Double, amplitudes: [Double], rate: Int, seconds: Double) -> [Float] {
        let frames = Int(Double(rate) * seconds)
        return (0..<frames).flatMap { index in
            amplitudes.map { Float($0 * sin(2 * Double.pi * frequency * Double(index) / Double(rate))) }
        }
    }

    enum Encoding {
        case s16
        case float32
    }

    /// A canonical WAV of interleaved `samples`.
    @discardableResult
    func wav(_ name: String, samples: [Float], rate: Int, channels: Int, encoding: Encoding) throws -> String {
        var body = Data()
        switch encoding {
        case .s16:
            for sample in samples {
                let value = Int16(max(-32768, min(32767, (Double(sample) * 32767).rounded())))
                withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
            }
        case .float32:
            for sample in samples { withUnsafeBytes(of: sample.bitPattern.littleEndian) { body.append(contentsOf: $0) } }
        }
        let width = encoding == .s16 ? 2 : 4
        var header = Data("RIFF".utf8)
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { header.append(contentsOf: $0) } }
        func u16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { header.append(contentsOf: $0) } }
        u32(36 + body.count)
        header.append(contentsOf: Data("WAVEfmt ".utf8))
        u32(16)
        u16(encoding == .s16 ? 1 : 3)
        u16(channels)
        u32(rate)
        u32(rate * channels * width)
        u16(channels * width)
        u16(width * 8)
        header.append(contentsOf: Data("data".utf8))
        u32(body.count)
        return try write(name, header + body)
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.file(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// `ffmpeg -i source [extra] output`.
    @discardableResult
    func converted(_ source: String, to name: String, _ extra: [String] = []) throws -> String {
        try ffmpeg(["-i", source] + extra + [path(name)])
        return path(name)
    }

    func ffmpeg(_ arguments: [String]) throws {
        let result = try ProcessRunner.run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments, timeout: 120)
        guard result.status == 0, !result.timedOut else {
            throw ToolFailed(description: "ffmpeg \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError) (install it: scripts/deps.sh)")
        }
    }

    /// Whether this ffmpeg can write with `encoder` (FLAC, Vorbis, MP3 are optional builds).
    static func hasEncoder(_ encoder: String) -> Bool {
        guard let result = try? ProcessRunner.run("ffmpeg", ["-hide_banner", "-encoders"], timeout: 30), result.status == 0 else { return false }
        return result.standardOutput.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first == Substring(encoder) }
    }
}

/// What a block of mono sound sounds like, measured from its samples: the tone's frequency
/// from its rising zero crossings, its peak level from its RMS.
struct ToneMeasure {
    var frequency: Double
    var amplitude: Double

    init(_ samples: [Float], rate: Int) {
        var crossings: [Int] = []
        for index in 1..<max(samples.count, 1) where samples[index - 1] < 0 && samples[index] >= 0 { crossings.append(index) }
        if let first = crossings.first, let last = crossings.last, crossings.count > 1 {
            frequency = Double(crossings.count - 1) * Double(rate) / Double(last - first)
        } else {
            frequency = 0
        }
        let power = samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1))
        amplitude = (2 * power).squareRoot()
    }
}
