/// Turns messages into caption cues: line breaking, reading-speed timing, and the rule
/// that cues never run backwards. Pure and linear in the length of the text.
public struct CaptionLayout: Sendable {
    /// Reading speed the duration is computed from. Broadcast guidance for adult viewers
    /// sits at 15–17 characters a second; the low end leaves time for someone who also
    /// has to look up at the scene the caption describes.
    public static let charactersPerSecond: Int64 = 15
    /// No cue is shorter than this, however short its text: a flash is not readable.
    public static let minimumCueMilliseconds: Int64 = 1000
    /// The common broadcast line limit; longer lines are hard to take in at a glance and
    /// overflow small screens.
    public static let maximumLineLength = 42
    /// More lines cover the picture and are not read before the cue ends.
    public static let maximumLinesPerCue = 2
    /// Message times beyond this (100 hours) are clamped: a hostile or broken clock must
    /// not produce timestamps no player accepts.
    public static let latestStartMilliseconds: Int64 = 100 * 3_600_000 - 1

    /// Where the previous cue ended; the next cue starts no earlier.
    public private(set) var endOfLastCueMilliseconds: Int64

    /// `resumingAfter` is the end of the last cue already in the file being appended to,
    /// so a new session's captions continue after the old ones instead of overlapping them.
    public init(resumingAfter milliseconds: Int64 = 0) {
        endOfLastCueMilliseconds = max(0, milliseconds)
    }

    /// The cues for one message shown at `sessionTime` seconds. Text longer than one cue
    /// becomes consecutive cues; a message earlier than the previous cue's end is shifted
    /// to start at that end. Empty or whitespace-only text gives no cue. `alert` marks
    /// every cue of the message (`CaptionCue.marksAlert`).
    public mutating func cues(for text: String, at sessionTime: Double, alert: Bool = false) -> [CaptionCue] {
        var cues: [CaptionCue] = []
        layOut(text, at: sessionTime, alert: alert) { cues.append($0) }
        return cues
    }

    /// The same cues, handed to `deliver` one at a time as each is laid out, so a writer
    /// can stop between two cues (an interrupt) without first laying out the rest of a
    /// long text. When `deliver` throws, laying out stops there and the next message
    /// starts after the last cue delivered, not after text that was never shown.
    public mutating func layOut<E: Error>(_ text: String, at sessionTime: Double, alert: Bool = false,
                                          _ deliver: (CaptionCue) throws(E) -> Void) throws(E) {
        var start = max(Self.milliseconds(sessionTime) ?? endOfLastCueMilliseconds, endOfLastCueMilliseconds)
        var group: [Line] = []
        group.reserveCapacity(Self.maximumLinesPerCue)
        func send() throws(E) {
            // The line break is read like the space it replaced.
            let characters = Int64(group.reduce(0) { $0 + $1.length } + group.count - 1)
            let duration = Self.duration(characters: characters)
            try deliver(CaptionCue(startMilliseconds: start, endMilliseconds: start + duration, lines: group.map(\.text), isAlert: alert))
            start += duration
            endOfLastCueMilliseconds = start
            group.removeAll(keepingCapacity: true)
        }
        try Self.wrap(text) { (line: Line) throws(E) in
            group.append(line)
            if group.count == Self.maximumLinesPerCue { try send() }
        }
        if !group.isEmpty { try send() }
    }

    /// How long `characters` take to read, never under the minimum.
    public static func duration(characters: Int64) -> Int64 {
        let reading = (characters * 1000 + charactersPerSecond - 1) / charactersPerSecond
        return max(minimumCueMilliseconds, reading)
    }

    /// Seconds to whole milliseconds; nil for NaN (the caller uses the previous cue's end).
    static func milliseconds(_ seconds: Double) -> Int64? {
        guard !seconds.isNaN else { return nil }
        let clamped = min(max(seconds * 1000, 0), Double(latestStartMilliseconds))
        return Int64(clamped.rounded())
    }

    struct Line {
        var text: String
        var length: Int
    }

    /// Greedy word wrap at `maximumLineLength` characters (grapheme clusters, what a
    /// reader counts). Any run of whitespace or control characters is one break, so a
    /// newline or blank line in the message can never end a cue block early. A word
    /// longer than a line is cut into line-sized pieces.
    static func wrap(_ text: String) -> [Line] {
        var lines: [Line] = []
        wrap(text) { lines.append($0) }
        return lines
    }

    /// The same, handing each line to `emit` as soon as it is complete.
    static func wrap<E: Error>(_ text: String, _ emit: (Line) throws(E) -> Void) throws(E) {
        var current = Line(text: "", length: 0)
        var word = ""
        var wordLength = 0

        func endLine() throws(E) {
            if current.length > 0 { try emit(current) }
            current = Line(text: "", length: 0)
        }
        func endWord() throws(E) {
            guard wordLength > 0 else { return }
            defer {
                word = ""
                wordLength = 0
            }
            if wordLength > maximumLineLength {
                try endLine()
                var piece = ""
                var pieceLength = 0
                for character in word {
                    piece.append(character)
                    pieceLength += 1
                    if pieceLength == maximumLineLength {
                        try emit(Line(text: piece, length: pieceLength))
                        piece = ""
                        pieceLength = 0
                    }
                }
                current = Line(text: piece, length: pieceLength)
            } else if current.length == 0 {
                current = Line(text: word, length: wordLength)
            } else if current.length + 1 + wordLength <= maximumLineLength {
                current.text += " "
                current.text += word
                current.length += 1 + wordLength
            } else {
                try endLine()
                current = Line(text: word, length: wordLength)
            }
        }

        for character in text {
            if isBreak(character) {
                try endWord()
            } else {
                word.append(character)
                wordLength += 1
            }
        }
        try endWord()
        try endLine()
    }

    static func isBreak(_ character: Character) -> Bool {
        if character.isWhitespace { return true }
        return character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
