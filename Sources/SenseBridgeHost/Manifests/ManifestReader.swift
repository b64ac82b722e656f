import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// Reads and checks one manifest without loading its library.
///
/// Every check that can be made from the file alone is made here, so `plugins list`
/// reports a broken plugin with its reason and a user never meets the failure mid-walk.
public enum ManifestReader {
    public static func read(_ url: URL) -> Result<PluginManifest, PluginProblem> {
        let path = url.path
        if let data = readWhole(path) { return parse(data, at: url) }
        // The quick read failed: Foundation's read says why in the words users already see.
        do {
            return parse(try Data(contentsOf: url), at: url)
        } catch {
            return .failure(PluginProblem(path: path, reason: .unreadable(describe(error))))
        }
    }

    /// A manifest is a few KiB read once: open, fstat, one read, close. `Data(contentsOf:)`
    /// spent more than the parsing on each file of a large plugin directory. nil on any
    /// failure, or for a file too big to be a manifest, so the caller reports it.
    private static func readWhole(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size < 16 << 20 else { return nil }
        var data = Data(count: Int(status.st_size))
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    public static func parse(_ data: Data, at url: URL) -> Result<PluginManifest, PluginProblem> {
        do {
            return .success(try parseOrThrow(data, at: url))
        } catch let problem as PluginProblem {
            return .failure(problem)
        } catch {
            return .failure(PluginProblem(path: url.path, reason: .malformedJSON(describe(error))))
        }
    }

    private static func parseOrThrow(_ data: Data, at url: URL) throws -> PluginManifest {
        let path = url.path
        let fail: (PluginProblem.Reason) -> PluginProblem = { PluginProblem(path: path, reason: $0) }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(data, options: .serializationCompatible)
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

        let library = try fields.string("library")
        let entry = try fields.optionalString("entrySymbol") ?? SB_ENTRY_SYMBOL
        guard !entry.isEmpty, entry.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw fail(.invalidField("entrySymbol", "must be a C identifier"))
        }
        let runtime = try fields.optionalString("runtime")
        if let runtime, runtime != SwiftRuntime.current {
            throw fail(.runtimeMismatch(plugin: runtime, host: SwiftRuntime.current))
        }

        let isolation = try readIsolation(fields)
        let displayNames = try fields.stringMap("displayName", required: true)
        let summaries = try fields.stringMap("summary", required: false)
        let capabilities = try readCapabilities(fields)
        let (defaults, schemaFields) = try readConfig(fields, fail: fail)

        let manifest = PluginManifest(
            id: id, kind: kind, version: version, abiMajor: major, abiMinor: minor,
            libraryPath: library, entrySymbol: entry, runtime: runtime,
            displayNames: displayNames, summaries: summaries, capabilities: capabilities,
            configDefaults: defaults, configSchema: schemaFields, manifestURL: url, isolation: isolation)
        try LibraryPathCheck.check(manifest)
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

    private static func readCapabilities(_ fields: FieldReader) throws -> PluginCapabilities {
        guard let object = try fields.optionalObject("capabilities") else { return PluginCapabilities() }
        let reader = FieldReader(object: object, prefix: "capabilities.", fail: fields.fail)
        return PluginCapabilities(
            usesNetwork: try reader.optionalBool("usesNetwork") ?? false,
            channel: try reader.optionalString("channel"),
            locales: try reader.optionalStrings("locales") ?? [],
            modalities: try reader.optionalStrings("modalities") ?? [])
    }

    private static func readConfig(_ fields: FieldReader, fail: @escaping (PluginProblem.Reason) -> PluginProblem) throws
        -> ([String: JSONValue], [String: ConfigField]) {
        guard let config = try fields.optionalObject("config") else { return ([:], [:]) }
        let reader = FieldReader(object: config, prefix: "config.", fail: fail)
        let defaults = try reader.optionalObject("defaults") ?? [:]
        let schemaObject = try reader.optionalObject("schema") ?? [:]
        var schema: [String: ConfigField] = [:]
        for (key, value) in schemaObject {
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
        for (key, value) in defaults {
            if schema[key]?.isSecret == true {
                throw fail(.invalidField("config.defaults.\(key)", "is a secret and must not have a default; the host injects it"))
            }
            if let field = schema[key], let problem = field.problem(with: value) {
                throw fail(.invalidField("config.defaults.\(key)", problem))
            }
        }
        return (defaults, schema)
    }

    static func isReverseDNS(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }

    private static func describe(_ error: Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}
