/// What the speech target hands espeak-ng, so text is always spoken as the text itself.
///
/// The target never passes espeakSSML or espeakPHONEMES, so `<…>` tags and `[[…]]`
/// phoneme input are read out as characters. One channel is still open in plain-text
/// mode: espeak-ng treats U+0001 as the start of an embedded command that changes
/// speed, pitch or volume mid-sentence. Every control character therefore becomes a
/// space (also NUL, which would end the C string early), leaving the words untouched.
public enum SpeechText {
    public static func neutralized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        return String(out)
    }

    /// Whether there is anything to say: whitespace-only text is not spoken.
    public static func isSpeakable(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }
}
