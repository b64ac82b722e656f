import Foundation
import SenseBridgeRepositoryTesting

/// Inputs written by each test into its own temporary directory: Netpbm images written
/// byte by byte (so every pixel value is known exactly), and videos, PNGs and JPEGs made
/// from them or from a test pattern by the `ffmpeg` command-line tool, as a person would
/// make them.
final class MediaFixtures {
    let directory: TemporaryDirectory

    struct ToolFailed: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        directory = try TemporaryDirectory("sensebridge-camera")
    }

    func path(_ name: String) -> String { directory.file(name).path }

    /// A binary PGM (P5): `pixels` row by row, 8-bit gray.
    @discardableResult
    func pgm(_ name: String, width: Int, height: Int, pixels: [UInt8]) throws -> String {
        precondition(pixels.count == width * height)
        return try write(name, Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels))
    }

    /// A PGM of one gray level throughout.
    @discardableResult
    func solidPGM(_ name: String, width: Int, height: Int, level: UInt8) throws -> String {
        try pgm(name, width: width, height: height, pixels: [UInt8](repeating: level, count: width * height))
    }

    /// A binary PPM (P6): `pixels` row by row, red, green, blue.
    @discardableResult
    func ppm(_ name: String, width: Int, height: Int, pixels: [UInt8]) throws -> String {
        precondition(pixels.count == width * height * 3)
        return try write(name, Data("P6\n\(width) \(height)\n255\n".utf8) + Data(pixels))
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.file(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// `ffmpeg -i source output`: converts an image (PNG, JPEG) losslessly where the format is.
    @discardableResult
    func converted(_ source: String, to name: String, _ extra: [String] = []) throws -> String {
        try ffmpeg(["-i", source] + extra + [path(name)])
        return path(name)
    }

    /// FFmpeg's moving test pattern as an H.264 MP4: `seconds` × `rate` frames.
    @discardableResult
    func testPatternVideo(_ name: String, width: Int, height: Int, rate: Int, seconds: Int) throws -> String {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=\(rate)", "-t", String(seconds), path(name)])
        return path(name)
    }

    func ffmpeg(_ arguments: [String]) throws {
        let result = try ProcessRunner.run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments, timeout: 120)
        guard result.status == 0, !result.timedOut else {
            throw ToolFailed(description: "ffmpeg \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError) (install it: scripts/deps.sh)")
        }
    }

    /// A horizontal ramp: pixel (x, y) is x * 255 / (width - 1), rounded down.
    static func ramp(width: Int, height: Int) -> [UInt8] {
        (0..<height).flatMap { _ in (0..<width).map { UInt8($0 * 255 / (width - 1)) } }
    }
}
