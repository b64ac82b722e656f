import CSenseBridgeABI
import Foundation
import SenseBridgeProcess
import SenseBridgeCore

/// Reads and checks one manifest without loading its library.
///
/// Every check that can be made from the file alone is made here, so `plugins list`
/// reports a broken plugin with its reason and a user never meets the failure mid-walk.
/// It is the one reader of manifests: a listing, `plugins inspect`, a profile's check and
/// loading all come here, and each field is read in one place (`parseOrThrow`). A second,
/// hand-written reader of the common shapes once sat beside it for speed; every field was
/// then written twice and held equal by tests. What a listing pays now is in the file
/// system (a manifest's own reading and its library's check), which `readListed` and
/// `LibraryPathCheck.LastAnswer` keep to one open, fstat, read and close, and one fstatat.
public enum ManifestReader {
    public static func read(_ url: URL) -> Result<PluginManifest, PluginProblem> {
        read(url, path: url.path, in: nil)
    }

    /// What the manifests of one directory share while the catalog lists it: their
    /// directory, worked out once, and the listing's memo of library checks.
    struct ListedDirectory: Sendable {
        /// Every manifest's `directory`: its URL without the last component.
        let url: URL
        let path: String
        let libraries: LibraryPathCheck.Memo
        /// The directory, opened once so that each manifest is opened by its name
        /// (openat(2)) rather than by a path walked again from the root; -1 when it could
        /// not be opened, and each manifest is then opened by its path.
        let descriptor: Int32
    }

    /// What one thread keeps between the manifests it reads from one listed directory:
    /// a buffer the files are read into, and the last library answer it was given.
    struct ListingScratch {
        var buffer: [UInt8] = []
        var library: LibraryPathCheck.LastAnswer = .init()
    }

    /// A manifest is a few KiB read once: open, fstat, one read, close (`Data(contentsOf:)`
    /// spent more than the parsing on each file of a large plugin directory). A larger
    /// file is no manifest and is left to Foundation's read, which reports it.
    static let manifestSizeLimit = (16 << 20) - 1

    /// `path` is `url.path`, which the caller already has; `directory` is given when the
    /// manifest is one of a listed directory's.
    static func read(_ url: URL, path: String, in directory: ListedDirectory?) -> Result<PluginManifest, PluginProblem> {
        if let data = WholeFile.read(path, limit: manifestSizeLimit, regularOnly: true) { return parse(data, at: url, path: path, in: directory) }
        // The quick read failed: Foundation's read says why in the words users already see.
        do {
            return parse(try Data(contentsOf: url), at: url, path: path, in: directory)
        } catch {
            return .failure(PluginProblem(path: path, reason: .unreadable(describe(error))))
        }
    }

    /// The manifest `name` of a listed directory: what `read(url, path:, in:)` gives, its
    /// file opened by name and read into the thread's buffer. Whatever goes wrong on
    /// the way is left to `read(url, path:, in:)`, which says why in the usual words.
    static func readListed(_ name: String, url: URL, path: String, in directory: ListedDirectory,
                           scratch: inout ListingScratch) -> Result<PluginManifest, PluginProblem> {
        guard directory.descriptor >= 0, let count = readWhole(name, at: directory.descriptor, into: &scratch.buffer) else {
            return read(url, path: path, in: directory)
        }
        var answers = scratch.library
        defer { scratch.library = answers }
        return scratch.buffer.withUnsafeBytes { raw in
            parse(UnsafeRawBufferPointer(rebasing: raw[..<count]), at: url, path: path) { library in
                answers.problem(library: library, in: directory)
            }
        }
    }

    /// The manifest `name` in an open directory, read into `buffer` (kept from file to
    /// file of a listing, where `WholeFile.read` would make one each); the byte count.
    private static func readWhole(_ name: String, at directory: Int32, into buffer: inout [UInt8]) -> Int? {
        let descriptor = openat(directory, name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= manifestSizeLimit else { return nil }
        let size = Int(status.st_size)
        if buffer.count < size { buffer = [UInt8](repeating: 0, count: max(size, 4096)) }
        let complete = buffer.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < size {
                let count = Foundation.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? size : nil
    }

    public static func parse(_ data: Data, at url: URL) -> Result<PluginManifest, PluginProblem> {
        parse(data, at: url, path: url.path, in: nil)
    }

    static func parse(_ data: Data, at url: URL, path: String, in directory: ListedDirectory?) -> Result<PluginManifest, PluginProblem> {
        data.withUnsafeBytes { bytes in
            parse(bytes, at: url, path: path) { library in
                if let directory {
                    return directory.libraries.problem(library: library, directory: directory.url, directoryPath: directory.path)
                }
                return LibraryPathCheck.problem(library: library, directory: url.deletingLastPathComponent())
            }
        }
    }

    /// The one reading of a manifest: its bytes parsed (`JSONParser`), then every field
    /// read and checked here, in one order, so each file has one first problem however it
    /// was found. `libraryProblem` is the library check (`LibraryPathCheck`), asked last,
    /// once everything the file alone says has passed.
    static func parse(_ bytes: UnsafeRawBufferPointer, at url: URL, path: String,
                      libraryProblem: (String) -> PluginProblem.Reason?) -> Result<PluginManifest, PluginProblem> {
        do {
            return .success(try parseOrThrow(bytes, at: url, path: path, libraryProblem: libraryProblem))
        } catch let problem as PluginProblem {
            return .failure(problem)
        } catch {
            return .failure(PluginProblem(path: path, reason: .malformedJSON(describe(error))))
        }
    }

    private static func parseOrThrow(_ bytes: UnsafeRawBufferPointer, at url: URL, path: String,
                                     libraryProblem: (String) -> PluginProblem.Reason?) throws -> PluginManifest {
        let fail: (PluginProblem.Reason) -> PluginProblem = { PluginProblem(path: path, reason: $0) }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(bytes, options: .serializationCompatible)
        } catch {
            throw fail(.malformedJSON(error.description))
        }
        guard let object = parsed.objectValue else { throw fail(.malformedJSON("the top level must be an object")) }
        let fields = FieldReader(object: object, fail: fail)

        guard let schema = object["schema"] else { throw fail(.unknownSchema(nil)) }
        guard schema == .string(PluginManifest.schemaID) else { throw fail(.unknownSchema(schema.stringValue ?? schema.jsonText)) }

        let id = try fields.string("id")
        guard isReverseDNS(id) else { throw fail(.invalidField("id", "must be a reverse-DNS identifier such as org.example.my-plugin")) }
        let kindText = try fields.string("kind")
        guard let kind = PluginKind(rawValue: kindText) else {
            throw fail(.invalidField("kind", "must be one of \(PluginKind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(kindText)'"))
        }
        let version = try fields.string("version")
        let abi = try fields.object("abi")
        let abiFields = FieldReader(object: abi, prefix: "abi.", fail: fail)
        let major = try abiFields.unsigned("major")
        let minor = try abiFields.unsigned("minor")
        guard major == SB_ABI_MAJOR else { throw fail(.abiMajorMismatch(plugin: major, host: SB_ABI_MAJOR)) }
        guard minor <= SB_ABI_MINOR else { throw fail(.abiMinorNewer(plugin: minor, host: SB_ABI_MINOR)) }
        guard minor >= kind.introducedInMinor else {
            throw fail(.invalidField("kind", "'\(kind.rawValue)' needs ABI 1.\(kind.introducedInMinor) or later; this manifest says 1.\(minor)"))
        }

        let library = try fields.string("library")
        let entry = try fields.optionalString("entrySymbol") ?? SB_ENTRY_SYMBOL
        guard isCIdentifier(entry) else {
            throw fail(.invalidField("entrySymbol", "must be a C identifier"))
        }
        let runtime = try fields.optionalString("runtime")
        if let runtime, runtime != SwiftRuntime.current {
            throw fail(.runtimeMismatch(plugin: runtime, host: SwiftRuntime.current))
        }

        let isolation = try readIsolation(fields)
        let displayNames = try fields.stringMap("displayName", required: true)
        let summaries = try fields.stringMap("summary", required: false)
        let capabilities = try readCapabilities(fields, kind: kind, abiMinor: minor)
        let (defaults, schemaFields) = try readConfig(fields, fail: fail)

        let manifest = PluginManifest(
            id: id, kind: kind, version: version, abiMajor: major, abiMinor: minor,
            libraryPath: library, entrySymbol: entry, runtime: runtime,
            displayNames: displayNames, summaries: summaries, capabilities: capabilities,
            configDefaults: defaults, configSchema: schemaFields, manifestURL: url, manifestPath: path, isolation: isolation)
        if let reason = libraryProblem(library) { throw fail(reason) }
        return manifest
    }

    /// A value this host does not know is refused, not ignored: an author who wrote
    /// "isolated" meant something, and silently running the plugin some other way than
    /// they asked would hide the typo.
    private static func readIsolation(_ fields: FieldReader) throws -> PluginIsolation? {
        guard let text = try fields.optionalString("isolation") else { return nil }
        guard let isolation = PluginIsolation(rawValue: text) else {
            throw fields.fail(.invalidField("isolation", "must be \(PluginIsolation.allowedValues), not '\(text)'"))
        }
        return isolation
    }

    private static func readCapabilities(_ fields: FieldReader, kind: PluginKind, abiMinor: UInt32) throws -> PluginCapabilities {
        guard let object = try fields.optionalObject("capabilities") else { return PluginCapabilities() }
        let reader = FieldReader(object: object, prefix: "capabilities.", fail: fields.fail)
        return PluginCapabilities(
            usesNetwork: try reader.optionalBool("usesNetwork") ?? false,
            channel: try reader.optionalString("channel"),
            locales: try reader.optionalStrings("locales") ?? [],
            modalities: try reader.optionalStrings("modalities") ?? [],
            cues: try readCues(reader, kind: kind, abiMinor: abiMinor),
            audioInput: try readAudioInput(reader, kind: kind, abiMinor: abiMinor),
            resumes: try readRestart(reader, kind: kind),
            resumesUnlessConfig: try readRestartUnless(reader, kind: kind))
    }

    /// `capabilities.restart: "resume"`: for render targets and sensing sources, the only
    /// kinds the host would otherwise never restart. Any other value is refused, never
    /// ignored: a plugin that thought it asked for a restart must learn it did not.
    private static func readRestart(_ reader: FieldReader, kind: PluginKind) throws -> Bool {
        guard let value = try reader.optionalString("restart") else { return false }
        guard kind == .renderTarget || kind == .sensingSource else {
            throw reader.fail(.invalidField("capabilities.restart", "is for render targets and sensing sources only (composers and perceivers are always restarted)"))
        }
        guard value == "resume" else {
            throw reader.fail(.invalidField("capabilities.restart", "must be \"resume\""))
        }
        return true
    }

    /// `capabilities.restartUnlessConfig: {"pace": "recorded"}`: config values under which
    /// the plugin does not resume; only beside `restart`.
    private static func readRestartUnless(_ reader: FieldReader, kind: PluginKind) throws -> [String: JSONValue] {
        guard let object = try reader.optionalObject("restartUnlessConfig") else { return [:] }
        guard try reader.optionalString("restart") != nil else {
            throw reader.fail(.invalidField("capabilities.restartUnlessConfig", "is only meaningful beside \"restart\": \"resume\""))
        }
        return object
    }

    /// `capabilities.audioInput`: {"sampleRate": 16000, "channels": 1}. A perceiver of
    /// ABI 1.6 or later only: an older one could never be handed audio.
    private static func readAudioInput(_ reader: FieldReader, kind: PluginKind, abiMinor: UInt32) throws -> AudioInput? {
        guard let object = try reader.optionalObject("audioInput") else { return nil }
        guard kind == .perceiver, abiMinor >= 6 else {
            throw reader.fail(.invalidField("capabilities.audioInput", "is for perceivers of ABI 1.6 or later only"))
        }
        let fields = FieldReader(object: object, prefix: "capabilities.audioInput.", fail: reader.fail)
        func whole(_ key: String, _ range: ClosedRange<Int>) throws -> Int {
            guard let number = try fields.optionalNumber(key) else {
                throw reader.fail(.missingField("capabilities.audioInput." + key))
            }
            guard number.rounded() == number, range.contains(Int(exactly: number) ?? -1) else {
                throw reader.fail(.invalidField("capabilities.audioInput." + key,
                                                "must be a whole number in \(range.lowerBound)...\(range.upperBound)"))
            }
            return Int(number)
        }
        let rate = try whole("sampleRate", AudioInput.sampleRates)
        let channels = try whole("channels", AudioInput.channelCounts)
        if let extra = object.keys.sorted().first(where: { $0 != "sampleRate" && $0 != "channels" }) {
            throw reader.fail(.invalidField("capabilities.audioInput.\(extra)", "is not a field of audioInput (sampleRate, channels)"))
        }
        return AudioInput(sampleRate: rate, channels: channels)
    }

    /// `capabilities.cues`: {"awareness-pulse": true}. Refused, never ignored, when the
    /// name is unknown (a misspelt cue would silently never play) or when the target was
    /// built against a header that did not define the cue's signal yet.
    private static func readCues(_ reader: FieldReader, kind: PluginKind, abiMinor: UInt32) throws -> [OutputCue: Bool] {
        guard let object = try reader.optionalObject("cues") else { return [:] }
        guard kind == .renderTarget || object.isEmpty else {
            throw reader.fail(.invalidField("capabilities.cues", "is for render targets only"))
        }
        let known = OutputCue.allCases.map(\.rawValue).joined(separator: ", ")
        var cues: [OutputCue: Bool] = [:]
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let cue = OutputCue(rawValue: name) else {
                throw reader.fail(.invalidField("capabilities.cues.\(name)", "is not a cue this host knows (\(known))"))
            }
            guard abiMinor >= cue.sinceABIMinor else {
                throw reader.fail(.invalidField("capabilities.cues.\(name)",
                                                "needs ABI 1.\(cue.sinceABIMinor) or later; this manifest says 1.\(abiMinor)"))
            }
            guard case .bool(let playsByDefault) = value else {
                throw reader.fail(.mistypedField("capabilities.cues.\(name)", expected: "a boolean", found: value.typeName))
            }
            cues[cue] = playsByDefault
        }
        return cues
    }

    private static func readConfig(_ fields: FieldReader, fail: @escaping (PluginProblem.Reason) -> PluginProblem) throws
        -> ([String: JSONValue], [String: ConfigField]) {
        try readConfig(try fields.optionalObject("config"), fail: fail)
    }

    /// The `config` object's defaults and schema; empty when there is none.
    static func readConfig(_ config: [String: JSONValue]?, fail: @escaping (PluginProblem.Reason) -> PluginProblem) throws
        -> ([String: JSONValue], [String: ConfigField]) {
        guard let config else { return ([:], [:]) }
        let reader = FieldReader(object: config, prefix: "config.", fail: fail)
        let defaults = try reader.optionalObject("defaults") ?? [:]
        let schemaObject = try reader.optionalObject("schema") ?? [:]
        var schema: [String: ConfigField] = [:]
        for (key, value) in schemaObject.sorted(by: { $0.key < $1.key }) {
            guard let entry = value.objectValue else {
                throw fail(.mistypedField("config.schema.\(key)", expected: "an object", found: value.typeName))
            }
            let entryReader = FieldReader(object: entry, prefix: "config.schema.\(key).", fail: fail)
            let typeText = try entryReader.string("type")
            guard let type = ConfigField.ValueType(rawValue: typeText) else {
                throw fail(.invalidField("config.schema.\(key).type", "must be one of \(ConfigField.ValueType.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            var allowed: [JSONValue]?
            if let values = entry["enum"] {
                guard case .array(let list) = values else {
                    throw fail(.mistypedField("config.schema.\(key).enum", expected: "an array", found: values.typeName))
                }
                allowed = list
            }
            schema[key] = ConfigField(type: type, allowed: allowed, minimum: try entryReader.optionalNumber("minimum"),
                                      maximum: try entryReader.optionalNumber("maximum"),
                                      summary: try entryReader.optionalString("description"),
                                      isSecret: try entryReader.optionalBool("secret") ?? false)
            if schema[key]!.isSecret && schema[key]!.type != .string {
                throw fail(.invalidField("config.schema.\(key).secret", "is only allowed on a string key"))
            }
        }
        for (key, value) in defaults.sorted(by: { $0.key < $1.key }) {
            if schema[key]?.isSecret == true {
                throw fail(.invalidField("config.defaults.\(key)", "is a secret and must not have a default; the host injects it"))
            }
            if let field = schema[key], let problem = field.problem(with: value) {
                throw fail(.invalidField("config.defaults.\(key)", problem))
            }
        }
        return (defaults, schema)
    }

    /// Dot-separated parts of ASCII letters, digits, `-` and `_`, at least two.
    ///
    /// Checked on the UTF-8 bytes: each allowed character is one ASCII byte, so a string
    /// is made of them exactly when its bytes are, and asking `Character` for its Unicode
    /// properties cost more than the rest of the manifest's checks.
    static func isReverseDNS(_ id: String) -> Bool {
        var parts = 1
        var partLength = 0
        for byte in id.utf8 {
            if byte == UInt8(ascii: ".") {
                guard partLength > 0 else { return false }
                parts += 1
                partLength = 0
            } else if isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                partLength += 1
            } else {
                return false
            }
        }
        return partLength > 0 && parts >= 2
    }

    /// ASCII letters, digits and `_`, and not empty; checked on the bytes, as above.
    static func isCIdentifier(_ symbol: String) -> Bool {
        !symbol.utf8.isEmpty && symbol.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }

    @inline(__always)
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return false
        }
    }

    private static func describe(_ error: Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}
