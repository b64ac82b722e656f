import Foundation
import SenseBridgeRepositoryTesting

/// Caption parsers that share nothing with SenseBridge: webvtt-py and srt (PyPI), run as
/// a subprocess, and ffmpeg. Installed on first use when missing; a test that needs one
/// is skipped, saying so, only when it cannot be had.
enum IndependentCaptionParsers {
    struct Cue: Decodable {
        var start: Int
        var end: Int
        var lines: [String]
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static let python: Bool = {
        func importable() -> Bool {
            (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import webvtt, srt"], timeout: 60).status) == 0
        }
        if importable() { return true }
        _ = try? ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pip", "install", "--quiet", "webvtt-py", "srt"], timeout: 300)
        return importable()
    }()

    static let ffmpeg: Bool = {
        (try? ProcessRunner.run("/usr/bin/env", ["ffmpeg", "-version"], timeout: 60).status) == 0
    }()

    private static let script = """
    import sys, json
    fmt, path = sys.argv[1], sys.argv[2]
    def ms(t):
        parts = t.replace(',', '.').split(':')
        h = int(parts[0]) if len(parts) == 3 else 0
        return round(((h * 60 + int(parts[-2])) * 60 + float(parts[-1])) * 1000)
    if fmt == 'vtt':
        import webvtt
        cues = [{'start': ms(c.start), 'end': ms(c.end), 'lines': c.text.split('\\n')} for c in webvtt.read(path)]
    else:
        import srt
        with open(path, encoding='utf-8') as f:
            cues = [{'start': round(c.start.total_seconds() * 1000), 'end': round(c.end.total_seconds() * 1000),
                     'lines': c.content.split('\\n')} for c in srt.parse(f.read())]
    print(json.dumps(cues))
    """

    /// The cues webvtt-py (vtt) or srt (srt) reads from `file`; throws with the parser's
    /// own complaint when it rejects the file.
    static func parse(_ file: URL, format: String) throws -> [Cue] {
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, format, file.path], timeout: 120)
        guard result.status == 0 else { throw Failed(description: "the \(format) parser rejected \(file.lastPathComponent): \(result.standardError)") }
        return try JSONDecoder().decode([Cue].self, from: Data(result.standardOutput.utf8))
    }

    /// ffmpeg's reading of the file, converted to SubRip and read back by the srt parser.
    static func throughFFmpeg(_ file: URL, scratch: URL) throws -> [Cue] {
        let converted = scratch.appendingPathComponent("ffmpeg-\(UUID().uuidString).srt")
        let result = try ProcessRunner.run("/usr/bin/env", ["ffmpeg", "-loglevel", "error", "-y", "-i", file.path, converted.path], timeout: 120)
        guard result.status == 0 else { throw Failed(description: "ffmpeg rejected \(file.lastPathComponent): \(result.standardError)") }
        return try parse(converted, format: "srt")
    }
}
