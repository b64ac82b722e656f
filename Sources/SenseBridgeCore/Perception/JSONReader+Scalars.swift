/// Strings and numbers: the two JSON tokens with an inside.
extension JSONReader {
    /// The string whose opening quote is at `index`. nil when it holds an unpaired
    /// surrogate escape and unrepresentable values are kept: JSONDecoder could not
    /// decode such a string, so the caller reads it as `.unrepresentable`.
    mutating func string() throws(JSONParseError) -> String? {
        let start = index + 1
        var cursor = start
        var isASCII = true
        // The common case, no escape: one scan, then the bytes become the String as they are.
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                let content = typed(start..<cursor)
                // UTF8Check then String(decoding:): the same answer as String(validating:as:),
                // which is generic, and unspecialized cost several times the parse of the string.
                guard isASCII || UTF8Check.isValid(UnsafeRawBufferPointer(content)) else {
                    throw error(.invalidUTF8(byteCount: content.count), start)
                }
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start, firstEscape: cursor) }
            if byte < 0x20 { throw error(.controlCharacter, cursor) }
            if byte >= 0x80 { isASCII = false }
            cursor += 1
        }
        throw JSONParseError(.unexpectedEnd)
    }

    private func typed(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeRawBufferPointer(rebasing: bytes[range]).assumingMemoryBound(to: UInt8.self)
    }

    private mutating func escapedString(from start: Int, firstEscape: Int) throws(JSONParseError) -> String? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(firstEscape - start + 32)
        utf8.append(contentsOf: typed(start..<firstEscape))
        var cursor = firstEscape
        var unpaired = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error(.invalidUTF8(byteCount: cursor - start), start) }
                return unpaired ? nil : text
            }
            if byte < 0x20 { throw error(.controlCharacter, cursor) }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                cursor += 1
                continue
            }
            guard cursor + 1 < bytes.count else { throw JSONParseError(.unexpectedEnd) }
            switch bytes[cursor + 1] {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try hexQuad(at: cursor + 2)
                cursor += 6
                switch unit {
                case 0xD800...0xDBFF:
                    if let low = lowSurrogate(at: cursor) {
                        append(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &utf8)
                        cursor += 6
                    } else if options.keepsUnrepresentable {
                        unpaired = true
                    } else {
                        throw error(.unpairedHighSurrogate, cursor)
                    }
                case 0xDC00...0xDFFF:
                    guard options.keepsUnrepresentable else { throw error(.unpairedLowSurrogate, cursor) }
                    unpaired = true
                default:
                    append(unit, to: &utf8)
                }
                continue
            default:
                throw error(.invalidEscape, cursor)
            }
            cursor += 2
        }
        throw JSONParseError(.unexpectedEnd)
    }

    /// The four hex digits at `at` as a UTF-16 code unit.
    private func hexQuad(at start: Int) throws(JSONParseError) -> UInt32 {
        guard start + 4 <= bytes.count else { throw JSONParseError(.unexpectedEnd) }
        var unit: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Self.hexValue(bytes[start + offset]) else {
                throw error(.invalidHexEscape(String(decoding: typed(start..<start + 4), as: UTF8.self)), start)
            }
            unit = unit << 4 | digit
        }
        return unit
    }

    /// A `\uDC00`…`\uDFFF` escape at `at`, without consuming it; nil for anything else
    /// (which the loop then reads as whatever it is).
    private func lowSurrogate(at start: Int) -> UInt32? {
        guard start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u"),
              let unit = try? hexQuad(at: start + 2), (0xDC00...0xDFFF).contains(unit) else { return nil }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// UTF-8 of a scalar value already known not to be a surrogate.
    private func append(_ scalar: UInt32, to utf8: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            utf8.append(UInt8(scalar))
        case 0x80..<0x800:
            utf8.append(UInt8(0xC0 | scalar >> 6))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            utf8.append(UInt8(0xE0 | scalar >> 12))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        default:
            utf8.append(UInt8(0xF0 | scalar >> 18))
            utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// RFC 8259's number grammar checked byte by byte, then the token converted by
    /// `Double(String)`: the C library's strtod, correctly rounded and locale-free.
    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        var cursor = index
        if bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        guard cursor < bytes.count else { throw JSONParseError(.unexpectedEnd) }
        // A digit 1–9 before the exponent: such a number that reads as 0 underflowed.
        var isNonZero = false
        switch bytes[cursor] {
        case UInt8(ascii: "0"):
            cursor += 1
            if cursor < bytes.count, Self.isDigit(bytes[cursor]) { throw error(.leadingZero, cursor) }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            isNonZero = true
            cursor += 1
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
        default:
            throw error(.unexpectedCharacter, cursor)
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
            guard cursor < bytes.count else { throw JSONParseError(.unexpectedEnd) }
            guard Self.isDigit(bytes[cursor]) else { throw error(.unexpectedCharacter, cursor) }
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                if bytes[cursor] != UInt8(ascii: "0") { isNonZero = true }
                cursor += 1
            }
        }
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
            guard cursor < bytes.count else { throw JSONParseError(.unexpectedEnd) }
            guard Self.isDigit(bytes[cursor]) else { throw error(.unexpectedCharacter, cursor) }
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) { cursor += 1 }
        }
        index = cursor
        let text = String(decoding: typed(start..<cursor), as: UTF8.self)
        // The grammar was checked, so nil or NaN cannot happen; should it, the value is
        // unrepresentable, never a crash.
        guard let value = Double(text), !value.isNaN else { return .unrepresentable }
        if value.isInfinite {
            if !options.keepsUnrepresentable, overflowingNumber == nil { overflowingNumber = text }
            return .unrepresentable
        }
        if value == 0, isNonZero, options.keepsUnrepresentable { return .unrepresentable }
        return .number(value)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
