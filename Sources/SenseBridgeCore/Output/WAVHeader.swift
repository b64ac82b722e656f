/// The 44-byte RIFF/WAVE header for 16-bit PCM.
///
/// The speech target writes this header first and rewrites its two size fields after
/// every buffer of audio, data before sizes. Rationale: if the process is killed
/// mid-utterance the file on disk still has a header that matches (never exceeds) the
/// audio written, so every player opens it; a temp-file-and-rename scheme would instead
/// lose the whole utterance and leave a stray temp file behind.
public struct WAVHeader: Equatable, Sendable {
    public static let size = 44
    /// Byte offset of the RIFF chunk size (file size − 8).
    public static let riffSizeOffset = 4
    /// Byte offset of the data chunk size.
    public static let dataSizeOffset = 40
    /// The largest data chunk a 32-bit size field can describe, in whole samples.
    public static let maximumDataBytes = Int(UInt32.max) - size + 8 - 1

    public var sampleRate: Int
    public var channels: Int
    public var dataBytes: Int

    public init(sampleRate: Int, channels: Int = 1, dataBytes: Int = 0) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.dataBytes = dataBytes
    }

    public static let bitsPerSample = 16

    public var bytes: [UInt8] {
        let blockAlign = channels * Self.bitsPerSample / 8
        var out: [UInt8] = []
        out.reserveCapacity(Self.size)
        out += Array("RIFF".utf8)
        out += Self.littleEndian(UInt32(clamping: 36 + dataBytes))
        out += Array("WAVE".utf8)
        out += Array("fmt ".utf8)
        out += Self.littleEndian(UInt32(16))
        out += Self.littleEndian(UInt16(1))  // PCM
        out += Self.littleEndian(UInt16(clamping: channels))
        out += Self.littleEndian(UInt32(clamping: sampleRate))
        out += Self.littleEndian(UInt32(clamping: sampleRate * blockAlign))
        out += Self.littleEndian(UInt16(clamping: blockAlign))
        out += Self.littleEndian(UInt16(Self.bitsPerSample))
        out += Array("data".utf8)
        out += Self.littleEndian(UInt32(clamping: dataBytes))
        return out
    }

    /// The 4-byte little-endian value for the size field at `riffSizeOffset` / `dataSizeOffset`.
    public static func sizeFields(dataBytes: Int) -> (riff: [UInt8], data: [UInt8]) {
        (littleEndian(UInt32(clamping: 36 + dataBytes)), littleEndian(UInt32(clamping: dataBytes)))
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
