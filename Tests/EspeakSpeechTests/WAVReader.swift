import Foundation
import SenseBridgeRepositoryTesting

/// Reads a WAV file by walking its RIFF chunks — written for these tests, sharing no
/// code with the plugin's writer — and checks that the header agrees with the file.
struct WAVFile {
    var sampleRate: Int
    var channels: Int
    var samples: [Int16]

    var duration: Double { Double(samples.count) / Double(sampleRate * channels) }

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw Invalid(description: "\(url.lastPathComponent): not RIFF/WAVE") }
        guard u32(4) == bytes.count - 8 else {
            throw Invalid(description: "\(url.lastPathComponent): RIFF size \(u32(4)) but file holds \(bytes.count - 8)")
        }
        var offset = 12
        var format: (rate: Int, channels: Int, bits: Int)?
        var data: ArraySlice<UInt8>?
        while offset + 8 <= bytes.count {
            let size = u32(offset + 4)
            guard offset + 8 + size <= bytes.count else { throw Invalid(description: "\(url.lastPathComponent): chunk \(tag(offset)) overruns the file") }
            switch tag(offset) {
            case "fmt ":
                guard u16(offset + 8) == 1 else { throw Invalid(description: "not PCM") }
                format = (u32(offset + 12), u16(offset + 10), u16(offset + 22))
            case "data":
                data = bytes[(offset + 8)..<(offset + 8 + size)]
            default: break
            }
            offset += 8 + size + (size & 1)
        }
        guard let format, format.bits == 16, let data else { throw Invalid(description: "\(url.lastPathComponent): no 16-bit fmt or data chunk") }
        sampleRate = format.rate
        channels = format.channels
        samples = stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
    }

    /// The longest run of near-silence, in seconds (|sample| below 1 % of full scale).
    var longestSilence: Double {
        var longest = 0, current = 0
        for sample in samples {
            if abs(Int(sample)) < 328 { current += 1; longest = max(longest, current) } else { current = 0 }
        }
        return Double(longest) / Double(sampleRate)
    }

    /// The largest |sample|.
    var peak: Int { samples.map { abs(Int($0)) }.max() ?? 0 }

    /// Frequency from zero crossings (`TestSignals.zeroCrossingFrequency`).
    var zeroCrossingFrequency: Double { TestSignals.zeroCrossingFrequency(samples, sampleRate: sampleRate) }
}
