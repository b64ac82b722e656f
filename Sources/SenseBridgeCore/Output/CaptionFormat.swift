/// The two caption file formats and how one cue is written in each.
public enum CaptionFormat: String, CaseIterable, Sendable {
    /// WebVTT: the default; browsers and most players read it, and it defines escaping.
    case vtt
    /// SubRip: for tools and TVs that read nothing else.
    case srt

    public var fileExtension: String { rawValue }

    /// Written once at the top of a new file.
    public var fileHeader: String {
        switch self {
        case .vtt: return "WEBVTT\n\n"
        case .srt: return ""
        }
    }

    /// `HH:MM:SS.mmm` (WebVTT) or `HH:MM:SS,mmm` (SubRip); hours grow past two digits
    /// rather than wrap.
    public func timestamp(milliseconds: Int64) -> String {
        let ms = max(0, milliseconds)
        let hours = ms / 3_600_000
        let minutes = ms / 60_000 % 60
        let seconds = ms / 1000 % 60
        let fraction = ms % 1000
        let separator = self == .vtt ? "." : ","
        return "\(ISO8601Timestamp.pad(hours, 2)):\(ISO8601Timestamp.pad(minutes, 2)):\(ISO8601Timestamp.pad(seconds, 2))\(separator)\(ISO8601Timestamp.pad(fraction, 3))"
    }

    /// Makes one line of plain text safe as cue text, so a sign reading "<b>" or "a --> b"
    /// is shown as written and can never end the cue or be taken as markup.
    ///
    /// WebVTT: `&`, `<` and `>` become `&amp;`, `&lt;`, `&gt;`, as the spec defines;
    /// with `>` escaped, "-->" cannot occur.
    ///
    /// SubRip has no escaping rule players agree on: ffmpeg-based players (mpv, many TVs)
    /// print `&lt;` literally yet still act on `<i>`, while others decode entities. So in
    /// SubRip `<` and `>` become the fullwidth signs `＜` `＞` (U+FF1C, U+FF1E) — read as
    /// the same sign everywhere, markup nowhere — and `&` is left alone, since no SubRip
    /// player treats a bare `&` as markup. "-->" then cannot occur either.
    public func escape(_ line: String) -> String {
        var out = ""
        out.reserveCapacity(line.utf8.count)
        for scalar in line.unicodeScalars {
            switch (self, scalar) {
            case (.vtt, "&"): out += "&amp;"
            case (.vtt, "<"): out += "&lt;"
            case (.vtt, ">"): out += "&gt;"
            case (.srt, "<"): out += "\u{FF1C}"
            case (.srt, ">"): out += "\u{FF1E}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One complete cue block including the blank line that ends it. `index` is the
    /// SubRip cue number (1-based); WebVTT cues carry no identifier. An alert's lines are
    /// each wrapped in `<b>`…`</b>`, the one markup both formats' players show: the text
    /// inside is escaped, so these are the only tags a cue can hold.
    public func block(for cue: CaptionCue, index: Int) -> String {
        var block = ""
        if self == .srt { block += "\(index)\n" }
        block += "\(timestamp(milliseconds: cue.startMilliseconds)) --> \(timestamp(milliseconds: cue.endMilliseconds))\n"
        for line in cue.lines {
            block += cue.isAlert ? "<b>" + escape(line) + "</b>" : escape(line)
            block += "\n"
        }
        block += "\n"
        return block
    }
}
