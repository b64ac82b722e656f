/// One caption on screen: when it appears, when it goes, and its (at most two) lines.
/// Times are whole milliseconds so cue arithmetic never drifts and "never backwards" is
/// an exact comparison.
public struct CaptionCue: Equatable, Sendable {
    public var startMilliseconds: Int64
    public var endMilliseconds: Int64
    /// Plain text, unescaped; each line at most `CaptionLayout.maximumLineLength` characters.
    public var lines: [String]

    public init(startMilliseconds: Int64, endMilliseconds: Int64, lines: [String]) {
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
        self.lines = lines
    }
}
