import Foundation
import FuzzSupport
import SenseBridgeCore

/// The JSON parser every file and reply goes through. Guards: what it reads it can write
/// and read again unchanged; and with `.serializationCompatible` (manifests, profiles,
/// settings) it accepts and refuses exactly what JSONSerialization does and reads the same
/// values, which its documentation promises so that those files read as they always did.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let compareWithFoundation = input.bool()
    let bytes = input.restData()
    if compareWithFoundation {
        // Trailing commas on: JSONSerialization allows them; the presets refuse them on purpose.
        var options = JSONParser.Options.serializationCompatible
        options.allowsTrailingCommas = true
        let ours = try? JSONParser.parse(bytes, options: options)
        let theirs = (try? JSONSerialization.jsonObject(with: bytes)).flatMap { JSONValue(any: $0) }
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

/// Equal values, numbers within two units in the last place: JSONSerialization rounds
/// some long mantissas one ulp off (`[8888…8880.0]` with 41 eights reads as
/// 8.888888888888888e+41 rather than the correctly rounded …882 the parser gives),
/// an imprecision of Foundation's, not a value the two disagree on.
func readsTheSame(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
    switch (ours, theirs) {
    case (.number(let a), .number(let b)):
        return a == b || abs(a - b) <= 2 * max(a.magnitude.ulp, b.magnitude.ulp)
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { readsTheSame($0, $1) }
    case (.object(let a), .object(let b)):
        return a.count == b.count && a.allSatisfy { key, value in b[key].map { readsTheSame(value, $0) } ?? false }
    default:
        return ours == theirs
    }
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
