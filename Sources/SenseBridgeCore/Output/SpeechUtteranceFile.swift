/// Names of the per-utterance WAV files: `0001-description.wav`, `0002-awarenessAlert.wav`,
/// numbered in the order they were spoken so `ls` lists them as they were heard.
public enum SpeechUtteranceFile {
    /// Digits the number is padded to; numbers beyond 9999 simply grow longer.
    public static let numberWidth = 4

    public static func name(number: Int, signal: OutputSignal) -> String {
        "\(ISO8601Timestamp.pad(Int64(number), numberWidth))-\(String(describing: signal)).wav"
    }

    /// The number of a file this target wrote (`0042-status.wav` → 42), nil otherwise.
    /// Used to continue numbering after files from an earlier session instead of
    /// overwriting them.
    public static func number(inName name: String) -> Int? {
        guard name.hasSuffix(".wav"), let dash = name.firstIndex(of: "-") else { return nil }
        let digits = name[..<dash]
        guard digits.count >= numberWidth, digits.count <= 9, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(digits)
    }
}
