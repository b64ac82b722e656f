import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A manifest as manifests are written, read in one pass over its bytes.
///
/// `plugins list` reads every manifest on the search path, and the general reading (the
/// whole file to `JSONValue`, then `FieldReader`) spent most of its time hashing keys into
/// dictionaries that were looked up once and thrown away. This path decodes the fields
/// straight from the bytes instead.
///
/// It accepts only what it can read with certainty: the known fields, each once, each of
/// its type; strings without escapes; whole numbers written as plain digits; a value
/// that passes every check `ManifestReader` makes. For anything else (an unknown field, a
/// duplicate key, an escape, a problem of any kind) it answers nil and `ManifestReader`
/// reads the file the general way, whose answer, every problem's wording included, is
/// the one definition of what a manifest means. So a manifest this path accepts is the
/// manifest the general way gives, field for field: `ManifestFastPathTests` holds the two
/// to that over good manifests and many small changes to them.
struct ManifestFastPath {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The manifest, or nil: read it the general way. `libraryProblem` is the library
    /// check the general way makes (`LibraryPathCheck`), asked once everything else passed.
    static func read(_ raw: UnsafeRawBufferPointer, url: URL, path: String,
                     libraryProblem: (String) -> PluginProblem.Reason?) -> PluginManifest? {
        var reader = ManifestFastPath(raw.assumingMemoryBound(to: UInt8.self))
        return reader.manifest(url: url, path: path, libraryProblem: libraryProblem)
    }

    // MARK: - The manifest

    private enum Field: Int, CaseIterable {
        case schema, id, kind, version, abi, library, entrySymbol, runtime, displayName, summary, capabilities, config, isolation

        /// Spelled out: `"\(field)"` would ask the runtime to reflect on the type.
        static let names: [[UInt8]] = ["schema", "id", "kind", "version", "abi", "library", "entrySymbol", "runtime",
                                       "displayName", "summary", "capabilities", "config", "isolation"].map { Array($0.utf8) }
    }

    private mutating func manifest(url: URL, path: String, libraryProblem: (String) -> PluginProblem.Reason?) -> PluginManifest? {
        var seen = 0
        var schema: String?, id: String?, kindText: String?, version: String?, library: String?
        var entrySymbol: String?, runtime: String?, isolationText: String?
        var major: UInt32?, minor: UInt32?
        var displayNames: [String: String]?, summaries: [String: String]?
        var capabilities: PluginCapabilities?
        var config: (defaults: [String: JSONValue], schema: [String: ConfigField])?

        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        guard !consume(UInt8(ascii: "}")) else { return nil }  // no schema
        repeat {
            skipWhitespace()
            guard let field = knownField() else { return nil }
            let bit = 1 << field.rawValue
            guard seen & bit == 0 else { return nil }  // a duplicate: the last one wins, the general way
            seen |= bit
            guard colon() else { return nil }
            switch field {
            case .schema: schema = string()
            case .id: id = string()
            case .kind: kindText = string()
            case .version: version = string()
            case .library: library = string()
            case .entrySymbol: entrySymbol = string()
            case .runtime: runtime = string()
            case .isolation: isolationText = string()
            case .abi:
                guard let abi = abiObject() else { return nil }
                (major, minor) = abi
            case .displayName: displayNames = stringMap()
            case .summary: summaries = stringMap()
            case .capabilities: capabilities = capabilitiesObject()
            case .config: config = configValue(path: path)
            }
            switch field {
            case .schema: guard schema != nil else { return nil }
            case .id: guard id != nil else { return nil }
            case .kind: guard kindText != nil else { return nil }
            case .version: guard version != nil else { return nil }
            case .library: guard library != nil else { return nil }
            case .entrySymbol: guard entrySymbol != nil else { return nil }
            case .runtime: guard runtime != nil else { return nil }
            case .isolation: guard isolationText != nil else { return nil }
            case .abi: break
            case .displayName: guard displayNames != nil else { return nil }
            case .summary: guard summaries != nil else { return nil }
            case .capabilities: guard capabilities != nil else { return nil }
            case .config: guard config != nil else { return nil }
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard index == bytes.count else { return nil }

        // The checks ManifestReader makes, each passed or the general way says why not.
        guard schema == PluginManifest.schemaID,
              let id, !id.isEmpty, ManifestReader.isReverseDNS(id),
              let kindText, !kindText.isEmpty, let kind = PluginKind(rawValue: kindText),
              let version, !version.isEmpty,
              let major, let minor, major == SB_ABI_MAJOR, minor <= SB_ABI_MINOR, minor >= kind.introducedInMinor,
              let library, !library.isEmpty else { return nil }
        let entry = entrySymbol ?? SB_ENTRY_SYMBOL
        guard ManifestReader.isCIdentifier(entry) else { return nil }
        if let runtime, runtime != SwiftRuntime.current { return nil }
        var isolation: PluginIsolation?
        if let isolationText {
            guard let requested = PluginIsolation(rawValue: isolationText) else { return nil }
            isolation = requested
        }
        guard let displayNames, displayNames["en"] != nil else { return nil }
        if capabilities?.audioInput != nil, kind != .perceiver || minor < 6 { return nil }
        if let cues = capabilities?.cues, !cues.isEmpty {
            guard kind == .renderTarget, cues.keys.allSatisfy({ minor >= $0.sinceABIMinor }) else { return nil }
        }
        if capabilities?.resumes == true, kind != .renderTarget, kind != .sensingSource { return nil }
        let (defaults, schemaFields) = config ?? ([:], [:])
        guard libraryProblem(library) == nil else { return nil }
        return PluginManifest(
            id: id, kind: kind, version: version, abiMajor: major, abiMinor: minor,
            libraryPath: library, entrySymbol: entry, runtime: runtime,
            displayNames: displayNames, summaries: summaries ?? [:], capabilities: capabilities ?? PluginCapabilities(),
            configDefaults: defaults, configSchema: schemaFields, manifestURL: url, manifestPath: path, isolation: isolation)
    }

    /// `{"major": <digits>, "minor": <digits>}`, each once, nothing else.
    private mutating func abiObject() -> (UInt32, UInt32)? {
        var major: UInt32?, minor: UInt32?
        guard consume(UInt8(ascii: "{")) else { return nil }
        repeat {
            skipWhitespace()
            guard let key = keyBytes(), colon(), let number = wholeNumber() else { return nil }
            if equals(key, "major"), major == nil {
                major = number
            } else if equals(key, "minor"), minor == nil {
                minor = number
            } else {
                return nil
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let major, let minor else { return nil }
        return (major, minor)
    }

    /// `{"sampleRate": 16000, "channels": 1}` within the ABI's ranges, each once; anything
    /// else is for the general way, which says what is wrong.
    private mutating func audioInputObject() -> AudioInput? {
        var rate: UInt32?, channels: UInt32?
        guard consume(UInt8(ascii: "{")) else { return nil }
        repeat {
            skipWhitespace()
            guard let key = keyBytes(), colon(), let number = wholeNumber() else { return nil }
            if equals(key, "sampleRate"), rate == nil {
                rate = number
            } else if equals(key, "channels"), channels == nil {
                channels = number
            } else {
                return nil
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let rate, let channels,
              AudioInput.sampleRates.contains(Int(rate)), AudioInput.channelCounts.contains(Int(channels)) else { return nil }
        return AudioInput(sampleRate: Int(rate), channels: Int(channels))
    }

    /// A string (the English text) or an object of locale to string, as `FieldReader.stringMap`.
    private mutating func stringMap() -> [String: String]? {
        if peek == UInt8(ascii: "\"") { return string().map { ["en": $0] } }
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        // Sized for the usual three locales: the catalog keeps every manifest, so a larger
        // table per map was a page of memory (and a page fault) every few manifests.
        var map = [String: String](minimumCapacity: 3)
        if consume(UInt8(ascii: "}")) { return map }
        repeat {
            skipWhitespace()
            guard let locale = string(), colon(), let text = string() else { return nil }
            guard map.updateValue(text, forKey: locale) == nil else { return nil }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return map
    }

    private mutating func capabilitiesObject() -> PluginCapabilities? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        var capabilities = PluginCapabilities()
        if consume(UInt8(ascii: "}")) { return capabilities }
        var seen = 0
        repeat {
            skipWhitespace()
            guard let key = keyBytes(), colon() else { return nil }
            let bit: Int
            if equals(key, "usesNetwork") {
                guard let flag = bool() else { return nil }
                capabilities.usesNetwork = flag
                bit = 1
            } else if equals(key, "channel") {
                guard let channel = string() else { return nil }
                capabilities.channel = channel
                bit = 2
            } else if equals(key, "locales") {
                guard let locales = strings() else { return nil }
                capabilities.locales = locales
                bit = 4
            } else if equals(key, "modalities") {
                guard let modalities = strings() else { return nil }
                capabilities.modalities = modalities
                bit = 8
            } else if equals(key, "cues") {
                guard let cues = cuesObject() else { return nil }
                capabilities.cues = cues
                bit = 16
            } else if equals(key, "audioInput") {
                guard let input = audioInputObject() else { return nil }
                capabilities.audioInput = input
                bit = 32
            } else if equals(key, "restart") {
                // Only the one value the general reader accepts; anything else is read
                // the general way.
                guard let value = string(), value == "resume" else { return nil }
                capabilities.resumes = true
                bit = 64
            } else if equals(key, "restartUnlessConfig") {
                guard let unless = plainDefaults() else { return nil }
                capabilities.resumesUnlessConfig = unless
                bit = 128
            } else {
                return nil
            }
            guard seen & bit == 0 else { return nil }
            seen |= bit
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        // A condition without the restart it conditions is the general reader's to refuse.
        if seen & 128 != 0 && !capabilities.resumes { return nil }
        return capabilities
    }

    /// `{"awareness-pulse": true}`: known cue names with booleans, each once. Whether this
    /// kind and ABI may offer them is checked with the rest of the manifest.
    private mutating func cuesObject() -> [OutputCue: Bool]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        var cues: [OutputCue: Bool] = [:]
        if consume(UInt8(ascii: "}")) { return cues }
        repeat {
            skipWhitespace()
            guard let name = string(), let cue = OutputCue(rawValue: name), colon(), let plays = bool(),
                  cues.updateValue(plays, forKey: cue) == nil else { return nil }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return cues
    }

    private mutating func strings() -> [String]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        skipWhitespace()
        var values: [String] = []
        if consume(UInt8(ascii: "]")) { return values }
        repeat {
            skipWhitespace()
            guard let value = string() else { return nil }
            values.append(value)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { return nil }
        return values
    }

    /// `config`'s defaults and schema, checked as `ManifestReader.readConfig` checks them.
    /// The usual shape (defaults of plain values, a schema of plain fields) is decoded
    /// here; any other is parsed by `JSONParser` and read by `readConfig` itself.
    private mutating func configValue(path: String) -> (defaults: [String: JSONValue], schema: [String: ConfigField])? {
        let start = index
        if let config = plainConfig() { return config }
        index = start
        guard case .object(let object)? = containerValue() else { return nil }
        return try? ManifestReader.readConfig(object, fail: { PluginProblem(path: path, reason: $0) })
    }

    /// `{"defaults": {key: scalar, …}, "schema": {key: {"type": …, "description": …, …}, …}}`,
    /// each part once, nothing else; nil for anything more, or anything readConfig refuses.
    private mutating func plainConfig() -> (defaults: [String: JSONValue], schema: [String: ConfigField])? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        var defaults: [String: JSONValue]?, schema: [String: ConfigField]?
        if !consume(UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                guard let key = keyBytes(), colon() else { return nil }
                if equals(key, "defaults"), defaults == nil {
                    guard let read = plainDefaults() else { return nil }
                    defaults = read
                } else if equals(key, "schema"), schema == nil {
                    guard let read = plainSchema() else { return nil }
                    schema = read
                } else {
                    return nil
                }
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { return nil }
        }
        let fields = schema ?? [:]
        for (key, value) in defaults ?? [:] {
            guard let field = fields[key] else { continue }
            guard !field.isSecret, field.problem(with: value) == nil else { return nil }
        }
        return (defaults ?? [:], fields)
    }

    private mutating func plainDefaults() -> [String: JSONValue]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        var defaults = [String: JSONValue](minimumCapacity: 1)
        if consume(UInt8(ascii: "}")) { return defaults }
        repeat {
            skipWhitespace()
            guard let key = string(), colon(), let value = scalar() else { return nil }
            guard defaults.updateValue(value, forKey: key) == nil else { return nil }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return defaults
    }

    private mutating func plainSchema() -> [String: ConfigField]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipWhitespace()
        var schema = [String: ConfigField](minimumCapacity: 1)
        if consume(UInt8(ascii: "}")) { return schema }
        repeat {
            skipWhitespace()
            guard let key = string(), colon(), let field = plainField() else { return nil }
            guard schema.updateValue(field, forKey: key) == nil else { return nil }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return schema
    }

    /// One schema entry of `type`, `description`, `secret`, `minimum` and `maximum`;
    /// an `enum`, or anything else, is for readConfig.
    private mutating func plainField() -> ConfigField? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var type: ConfigField.ValueType?, summary: String?, secret: Bool?, minimum: Double?, maximum: Double?
        repeat {
            skipWhitespace()
            guard let key = keyBytes(), colon() else { return nil }
            if equals(key, "type"), type == nil {
                guard let text = string(), let read = ConfigField.ValueType(rawValue: text) else { return nil }
                type = read
            } else if equals(key, "description"), summary == nil {
                guard let text = string() else { return nil }
                summary = text
            } else if equals(key, "secret"), secret == nil {
                guard let flag = bool() else { return nil }
                secret = flag
            } else if equals(key, "minimum"), minimum == nil {
                guard case .number(let number)? = scalar() else { return nil }
                minimum = number
            } else if equals(key, "maximum"), maximum == nil {
                guard case .number(let number)? = scalar() else { return nil }
                maximum = number
            } else {
                return nil
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let type else { return nil }
        let isSecret = secret ?? false
        guard !isSecret || type == .string else { return nil }
        return ConfigField(type: type, allowed: nil, minimum: minimum, maximum: maximum, summary: summary, isSecret: isSecret)
    }

    /// A string, number, boolean or null.
    private mutating func scalar() -> JSONValue? {
        switch peek {
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool().map(JSONValue.bool)
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number().map(JSONValue.number)
        }
    }

    /// RFC 8259's number, converted as `JSONParser` converts it (`Double(String)`); nil
    /// for anything else, or a number beyond Double's range.
    private mutating func number() -> Double? {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard let first = peek, isDigit(first) else { return nil }
        index += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, isDigit(next) { return nil }
        } else {
            while let next = peek, isDigit(next) { index += 1 }
        }
        if consume(UInt8(ascii: ".")) {
            guard let next = peek, isDigit(next) else { return nil }
            while let next = peek, isDigit(next) { index += 1 }
        }
        if let e = peek, e | 0x20 == UInt8(ascii: "e") {
            index += 1
            if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let next = peek, isDigit(next) else { return nil }
            while let next = peek, isDigit(next) { index += 1 }
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
              value.isFinite else { return nil }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// An object or array of any JSON, read by `JSONParser` as the general way reads the
    /// whole file; its extent is found by `skipContainer`, and the parser checks every byte of it.
    private mutating func containerValue() -> JSONValue? {
        let start = index
        guard skipContainer() else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index])
        return try? JSONParser.parse(slice, options: .serializationCompatible)
    }

    // MARK: - Tokens

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Whitespace, `:`, whitespace.
    private mutating func colon() -> Bool {
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        return true
    }

    /// The bytes of a string without escapes, its quotes consumed; nil for an escape, a
    /// control character or no closing quote. Not yet checked as UTF-8.
    private mutating func stringBytes() -> (bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool)? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var isASCII = true
        // Eight bytes at a time while none is a quote, a backslash or a control character
        // (a summary is a hundred bytes of plain text); the byte loop below finds which.
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func zeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
            if zeroByte(word ^ (ones &* 0x22)) || zeroByte(word ^ (ones &* 0x5C)) || (word &- ones &* 0x20) & ~word & highs != 0 { break }
            if word & highs != 0 { isASCII = false }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return (content, isASCII)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        return nil
    }

    private mutating func string() -> String? {
        guard let (content, isASCII) = stringBytes() else { return nil }
        // `String(validating:as:)` is generic and was most of the cost of a translated name.
        guard isASCII || UTF8Check.isValid(UnsafeRawBufferPointer(content)) else { return nil }
        return String(decoding: content, as: UTF8.self)
    }

    /// A key compared as bytes: only known keys matter, and each is ASCII.
    private mutating func keyBytes() -> UnsafeBufferPointer<UInt8>? {
        guard let (content, isASCII) = stringBytes(), isASCII else { return nil }
        return content
    }

    private mutating func knownField() -> Field? {
        guard let key = keyBytes() else { return nil }
        for field in Field.allCases where Field.names[field.rawValue].elementsEqual(key) { return field }
        return nil
    }

    private func equals(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && key.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Plain digits, no sign, fraction, exponent or leading zero, within UInt32.
    private mutating func wholeNumber() -> UInt32? {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            value = value * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
            index += 1
            guard index - start <= 10 else { return nil }
        }
        guard index > start, value <= UInt64(UInt32.max), !(bytes[start] == UInt8(ascii: "0") && index - start > 1) else { return nil }
        // Whatever follows a number must end it; "1.0" or "1e3" is for the general way.
        if let next = peek, !(next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == 0x20 || next == 0x0A
                              || next == 0x0D || next == 0x09) { return nil }
        return UInt32(value)
    }

    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(rebasing: bytes[index..<index + count]).elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { return false }
        index += count
        return true
    }

    /// Past one object or array: strings (escapes included) and brackets are followed,
    /// nothing else is judged; `JSONParser` then reads exactly those bytes. Deep nesting
    /// is left to the general way, which counts depth from the top of the file.
    private mutating func skipContainer() -> Bool {
        guard let open = peek, open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else { return false }
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= 64 else { return false }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return true
                }
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return false }
            default: break
            }
            index += 1
        }
        return false
    }
}
