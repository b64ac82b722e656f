/// What an existing caption file means for appending to it: a person's captions are
/// never overwritten, so a new session continues after the last complete cue.
///
/// Only the final block can be incomplete (each cue is written with one write and the
/// file is synced after it); that block — a cue torn by a crash or power loss — is the
/// only thing ever dropped. A cue whose timing line is whole and which has text is kept
/// even if its text was cut short: its words were shown, and it is a valid cue.
public struct CaptionFileResume: Equatable, Sendable {
    /// Bytes of the existing file to keep; anything after them is the torn final block.
    public var keepBytes: Int
    /// Written before the next cue: the header for a new file, or the newlines that make
    /// the next cue start after a blank line.
    public var prefix: String
    /// End of the latest cue kept; the next cue starts no earlier.
    public var lastEndMilliseconds: Int64
    /// The next SubRip cue number.
    public var nextIndex: Int

    public init(keepBytes: Int, prefix: String, lastEndMilliseconds: Int64, nextIndex: Int) {
        self.keepBytes = keepBytes
        self.prefix = prefix
        self.lastEndMilliseconds = lastEndMilliseconds
        self.nextIndex = nextIndex
    }

    /// Why a file cannot be appended to; the plugin turns it into an error naming the path.
    public enum Problem: Error, Equatable, Sendable {
        case notUTF8
        case wrongFormat(found: CaptionFormat)
        case notACaptionFile

        public var reason: String {
            switch self {
            case .notUTF8: return "it is not UTF-8 text, so it is not a caption file"
            case .wrongFormat(let found):
                return "it is a \(found == .vtt ? "WebVTT" : "SubRip") file, not the configured format"
            case .notACaptionFile:
                return "it does not start with a WEBVTT header or a complete SubRip cue, so it is not a caption file"
            }
        }
    }

    /// Reads an existing file's bytes as `format`. Linear in the file's size.
    public static func scan(_ bytes: [UInt8], as format: CaptionFormat) -> Result<CaptionFileResume, Problem> {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.notUTF8) }
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let blocks = CaptionFileBlock.split(bytes, from: bomLength)
        guard let first = blocks.first else {
            // Empty or whitespace only: nothing of the person's to keep.
            return .success(CaptionFileResume(keepBytes: 0, prefix: format.fileHeader, lastEndMilliseconds: 0, nextIndex: 1))
        }
        let found: CaptionFormat
        if first.isWebVTTHeader(bytes) {
            found = .vtt
        } else if first.subRipCue(bytes) != nil {
            found = .srt
        } else {
            return .failure(.notACaptionFile)
        }
        guard found == format else { return .failure(.wrongFormat(found: found)) }

        var lastEnd: Int64 = 0
        var lastIndex = 0
        var keepBytes = bytes.count
        for (position, block) in blocks.enumerated() {
            let isHeader = format == .vtt && position == 0
            let cue: (index: Int, end: Int64)?
            let isOther: Bool
            switch format {
            case .vtt:
                cue = isHeader ? nil : block.webVTTCue(bytes).map { (0, $0) }
                isOther = isHeader || (cue == nil && block.isWebVTTNonCue(bytes))
            case .srt:
                cue = block.subRipCue(bytes)
                isOther = false
            }
            if let cue {
                lastEnd = max(lastEnd, cue.end)
                lastIndex = max(lastIndex, cue.index)
            } else if !isOther && position == blocks.count - 1 {
                keepBytes = block.start
            }
        }
        var trailingNewlines = 0
        var cursor = keepBytes - 1
        while cursor >= bomLength && trailingNewlines < 2 && (bytes[cursor] == 0x0A || bytes[cursor] == 0x0D) {
            if bytes[cursor] == 0x0A { trailingNewlines += 1 }
            cursor -= 1
        }
        let prefix = keepBytes <= bomLength ? format.fileHeader : String(repeating: "\n", count: 2 - trailingNewlines)
        return .success(CaptionFileResume(keepBytes: keepBytes, prefix: prefix, lastEndMilliseconds: lastEnd, nextIndex: lastIndex + 1))
    }
}

/// A run of non-empty lines, as byte ranges into the file.
private struct CaptionFileBlock {
    /// Each line without its line ending.
    var lines: [Range<Int>]
    var start: Int { lines[0].lowerBound }

    static func split(_ bytes: [UInt8], from offset: Int) -> [CaptionFileBlock] {
        var blocks: [CaptionFileBlock] = []
        var current: [Range<Int>] = []
        var lineStart = offset
        var index = offset
        func endLine(at end: Int) {
            var contentEnd = end
            if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            // A line of only spaces or tabs separates blocks as an empty one does.
            if bytes[lineStart..<contentEnd].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                current.append(lineStart..<contentEnd)
            } else if !current.isEmpty {
                blocks.append(CaptionFileBlock(lines: current))
                current = []
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x0A {
                endLine(at: index)
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < bytes.count { endLine(at: bytes.count) }
        if !current.isEmpty { blocks.append(CaptionFileBlock(lines: current)) }
        return blocks
    }

    func text(_ bytes: [UInt8], _ line: Int) -> String {
        String(decoding: bytes[lines[line]], as: UTF8.self)
    }

    func isWebVTTHeader(_ bytes: [UInt8]) -> Bool {
        let first = bytes[lines[0]]
        let magic = Array("WEBVTT".utf8)
        guard first.starts(with: magic) else { return false }
        return first.count == magic.count || first[first.startIndex + magic.count] == 0x20 || first[first.startIndex + magic.count] == 0x09
    }

    /// NOTE, STYLE and REGION blocks are complete as soon as they exist.
    func isWebVTTNonCue(_ bytes: [UInt8]) -> Bool {
        let first = text(bytes, 0)
        return ["NOTE", "STYLE", "REGION"].contains { first == $0 || first.hasPrefix($0 + " ") || first.hasPrefix($0 + "\t") }
    }

    /// The cue's end time when the block is a complete WebVTT cue: an optional identifier
    /// line, a timing line, and at least one line of text.
    func webVTTCue(_ bytes: [UInt8]) -> Int64? {
        let timingLine = lines[0].count < 4096 && text(bytes, 0).contains("-->") ? 0 : 1
        guard lines.count > timingLine + 1,
              let times = CaptionTimestampParser.parseTiming(text(bytes, timingLine), format: .vtt) else { return nil }
        return times.end
    }

    /// The cue's number and end time when the block is a complete SubRip cue: a number,
    /// a timing line, and at least one line of text.
    func subRipCue(_ bytes: [UInt8]) -> (index: Int, end: Int64)? {
        guard lines.count >= 3, lines[0].count <= 9,
              bytes[lines[0]].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let index = Int(text(bytes, 0)),
              lines[1].count < 4096,
              let times = CaptionTimestampParser.parseTiming(text(bytes, 1), format: .srt) else { return nil }
        return (index, times.end)
    }
}

/// Reads cue timestamps back, accepting what common tools write.
enum CaptionTimestampParser {
    /// "start --> end [settings]".
    static func parseTiming(_ line: String, format: CaptionFormat) -> (start: Int64, end: Int64)? {
        guard let arrow = line.firstRange(of: "-->"), line[arrow.upperBound...].firstRange(of: "-->") == nil else { return nil }
        let startText = trimmingBlanks(line[..<arrow.lowerBound])
        guard let endText = line[arrow.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
              let start = parse(startText, format: format), let end = parse(String(endText), format: format) else { return nil }
        return (start, end)
    }

    /// `[hh:]mm:ss.ttt` (WebVTT) or `hh:mm:ss,ttt` (SubRip; a dot is accepted too).
    static func parse(_ text: String, format: CaptionFormat) -> Int64? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        let last = fields[fields.count - 1]
        guard let mark = last.firstIndex(where: { $0 == "." || $0 == "," }),
              format == .srt || last[mark] == "." else { return nil }
        let secondsText = last[..<mark]
        let fractionText = last[last.index(after: mark)...]
        guard fractionText.count == 3, secondsText.count == 2,
              let seconds = digits(secondsText), let fraction = digits(fractionText), seconds < 60 else { return nil }
        let minutesText = fields[fields.count - 2]
        guard minutesText.count == 2, let minutes = digits(minutesText), minutes < 60 else { return nil }
        var hours: Int64 = 0
        if fields.count == 3 {
            guard fields[0].count >= 1 && fields[0].count <= 9, let value = digits(fields[0]) else { return nil }
            hours = value
        }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction
    }

    private static func digits(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text)
    }
}

private func trimmingBlanks(_ text: Substring) -> String {
    var view = text
    while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
    while let last = view.last, last == " " || last == "\t" { view.removeLast() }
    return String(view)
}
