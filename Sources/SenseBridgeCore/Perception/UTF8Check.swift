/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
/// surrogates, nothing past U+10FFFF), the same answer as `String(validating:as:)`
/// without building a String: every line of a recording is checked, and almost all of
/// them are ASCII, which is skipped eight bytes at a time.
public enum UTF8Check {
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return false
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
