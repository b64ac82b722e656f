import Foundation
import FuzzSupport
import SenseBridgeCore

/// The JSON parser every file and reply goes through. Guards: what it reads it can write
/// and read again unchanged; and with `.serializationCompatible` (manifests, profiles,
/// settings) it accepts and refuses exactly what JSONSerialization does for UTF-8 text and
/// reads the same values, which its documentation promises so that those files read as
/// they always did. UTF-16 and UTF-32 text, which Foundation also read, it refuses, and
/// so nesting beyond 128 levels, where Foundation allows 512.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let compareWithFoundation = input.bool()
    let bytes = input.restData()
    if compareWithFoundation {
        // Trailing commas on: JSONSerialization allows them; the presets refuse them on purpose.
        var options = JSONParser.Options.serializationCompatible
        options.allowsTrailingCommas = true
        let ours: JSONValue?
        do {
            ours = try JSONParser.parse(bytes, options: options)
        } catch let error as JSONParseError where error.kind == .tooDeep {
            // Deeper than `JSONParser.maximumDepth` (128) is refused on purpose, where
            // JSONSerialization goes on to 512: the recursion must fit a worker's stack.
            return 0
        } catch {
            ours = nil
        }
        if mayBeReadAsUTF16OrUTF32(bytes) {
            // JSONSerialization guesses UTF-16 or UTF-32 from zero bytes or a byte order
            // mark (RFC 4627); the parser reads UTF-8 only, as RFC 8259 requires of JSON
            // that is exchanged, so such text is refused whatever Foundation makes of it.
            fuzzCheck(ours == nil, "the parser read text JSONSerialization would take for UTF-16 or UTF-32")
            return 0
        }
        let theirs = try? JSONSerialization.jsonObject(with: bytes)
        fuzzCheck((ours == nil) == (theirs == nil),
                  ours == nil ? "JSONSerialization accepts what the parser refuses" : "the parser accepts what JSONSerialization refuses")
        if let ours, let theirs {
            fuzzCheck(readsTheSame(ours, theirs), "the parser and JSONSerialization read different values")
        }
        return 0
    }
    guard let value = try? JSONParser.parse(bytes, options: .standard) else { return 0 }
    guard !contains(value, where: { $0 == .unrepresentable }) else { return 0 }
    let written = Data(value.jsonText.utf8)
    let again = try? JSONParser.parse(written, options: .standard)
    fuzzCheck(again == value, "a value written and read again changed: \(value.jsonText)")
    return 0
}

/// Equal values, compared with JSONSerialization's own objects so that how Foundation
/// read a number is still known. Two imprecisions of Foundation's are allowed, never a
/// value the two disagree on:
/// - a Double within two units in the last place: JSONSerialization rounds some long
///   mantissas one ulp off (`[8888…8880.0]` with 41 eights reads as 8.888888888888888e+41
///   rather than the correctly rounded …882 the parser gives);
/// - an integer beyond UInt64 within a relative 1e-14: JSONSerialization keeps it as an
///   NSDecimalNumber (38 significant digits) whose `doubleValue` is up to ~15 ulps off
///   (a 111-digit `99…95` reads as 1.0000000000000006e+111; the parser gives 1e+111).
func readsTheSame(_ ours: JSONValue, _ theirs: Any) -> Bool {
    switch (ours, theirs) {
    case (.number(let a), let decimal as NSDecimalNumber):
        let b = decimal.doubleValue
        return a == b || abs(a - b) <= 1e-14 * max(a.magnitude, b.magnitude)
    case (.number(let a), let number as NSNumber) where String(cString: number.objCType) != "c":
        let b = number.doubleValue
        return a == b || abs(a - b) <= 2 * max(a.magnitude.ulp, b.magnitude.ulp)
    case (.array(let a), let b as [Any]):
        return a.count == b.count && zip(a, b).allSatisfy { readsTheSame($0, $1) }
    case (.object(let a), let b as [String: Any]):
        return a.count == b.count && a.allSatisfy { key, value in b[key].map { readsTheSame(value, $0) } ?? false }
    default:
        return JSONValue(any: theirs).map { ours == $0 } ?? false
    }
}

/// Whether JSONSerialization could take `bytes` for UTF-16 or UTF-32: a byte order mark
/// of either, or a zero byte among the first four (no UTF-8 JSON text has one there).
func mayBeReadAsUTF16OrUTF32(_ bytes: Data) -> Bool {
    bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0)
}

/// Whether any value inside `value` (or itself) matches: an unrepresentable number is
/// written as null, so it cannot round-trip and is left out of that check.
func contains(_ value: JSONValue, where matches: (JSONValue) -> Bool) -> Bool {
    if matches(value) { return true }
    switch value {
    case .array(let values): return values.contains { contains($0, where: matches) }
    case .object(let values): return values.values.contains { contains($0, where: matches) }
    default: return false
    }
}
