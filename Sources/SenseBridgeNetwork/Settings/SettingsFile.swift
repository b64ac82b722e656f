import Foundation
import SenseBridgeProcess
import SenseBridgeHost
import SenseBridgeCore

/// The user's settings file: $XDG_CONFIG_HOME/sensebridge/settings.json.
///
/// A file that cannot be read is reported with its path and reason and the safe
/// defaults apply; it is never overwritten. The next change moves it aside first, so
/// whatever the person wrote by hand is still there to fix.
public struct SettingsFile: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsFile {
        SettingsFile(url: HostPaths.configHome(environment).appendingPathComponent("sensebridge/settings.json"))
    }

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String {
            "\(path): \(reason). SenseBridge is using the default settings (descriptions on this device) and will keep this file aside when settings next change."
        }
    }

    public struct Loaded: Sendable {
        public var settings: ReasoningSettings
        public var otherKeys: [String: JSONValue]
        /// Set when the file exists but could not be used.
        public var problem: Problem?
        /// The retired `cloudReasoningEnabled` switch was on; it turned nothing on.
        public var legacyCloudWasOn: Bool
        public var fileExists: Bool
    }

    static let maximumBytes = 1 << 20

    public func load() -> Loaded {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return Loaded(settings: ReasoningSettings(), otherKeys: [:], problem: nil, legacyCloudWasOn: false, fileExists: false)
        }
        if isDirectory.boolValue { return Self.unusable(url.path, "is a directory, not a settings file") }
        let data: Data
        do { data = try WholeFile.contents(of: url) } catch let unreadable as UnreadableFile {
            return Self.unusable(url.path, "cannot be read (\(unreadable.explanation))")
        } catch {
            return Self.unusable(url.path, "cannot be read (\(error))")
        }
        return Self.decode(data, path: url.path)
    }

    /// The settings in `data`, as `load` gives them for a file at `path` that exists:
    /// the reading apart from the disk, so the fuzz target reaches it directly.
    public static func decode(_ data: Data, path: String) -> Loaded {
        if data.count > Self.maximumBytes { return unusable(path, "is larger than 1 MiB") }
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(data, options: .serializationCompatible) } catch { return unusable(path, error.reason) }
        guard let object = parsed.objectValue else { return unusable(path, "is not a JSON object") }
        do {
            let decoded = try SettingsCodec.decode(object)
            return Loaded(settings: decoded.settings, otherKeys: decoded.otherKeys, problem: nil,
                          legacyCloudWasOn: decoded.legacyCloudWasOn, fileExists: true)
        } catch let problem as SettingsCodec.Problem {
            return unusable(path, problem.reason)
        } catch {
            return unusable(path, "\(error)")
        }
    }

    /// A file that exists but cannot be used: the defaults, and the problem naming it.
    static func unusable(_ path: String, _ reason: String) -> Loaded {
        Loaded(settings: ReasoningSettings(), otherKeys: [:], problem: Problem(path: path, reason: reason),
               legacyCloudWasOn: false, fileExists: true)
    }

    /// The bytes `save` writes: sorted keys, so the same settings give the same file.
    public static func encode(_ settings: ReasoningSettings, otherKeys: [String: JSONValue]) throws -> Data {
        let object = SettingsCodec.encode(settings, otherKeys: otherKeys)
        let data = try JSONSerialization.data(withJSONObject: JSONValue.object(object).any,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return data + Data("\n".utf8)
    }

    /// Writes the settings atomically, keeping keys this version does not own. When the
    /// current file was unusable it is renamed aside first; the returned note says where.
    @discardableResult
    public func save(_ settings: ReasoningSettings, otherKeys: [String: JSONValue], replacing loaded: Loaded) throws -> [String] {
        var notes: [String] = []
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if loaded.problem != nil, FileManager.default.fileExists(atPath: url.path) {
            let aside = try moveAside()
            notes.append("The unreadable settings file was kept as \(aside.path).")
        }
        try Self.encode(settings, otherKeys: otherKeys).write(to: url, options: .atomic)
        return notes
    }

    /// settings.json.corrupt-20260811T101500, never replacing an earlier one.
    func moveAside() throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        let stamp = formatter.string(from: Date())
        var candidate = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)")
        var counter = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            counter += 1
            candidate = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)-\(counter)")
        }
        try FileManager.default.moveItem(at: url, to: candidate)
        return candidate
    }
}
