import Foundation

/// The directories the host reads manifests from, in the order DESIGN.md fixes:
/// `--plugin-path`, `SENSEBRIDGE_PLUGIN_PATH`, the user's XDG data dir, the install
/// prefix, then the build's own staged plugins. First match wins.
public struct PluginSearchPath: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public enum Origin: String, Sendable {
            case commandLine = "--plugin-path"
            case environment = "SENSEBRIDGE_PLUGIN_PATH"
            case userData = "user data"
            case installPrefix = "install prefix"
            case build = "build"
        }

        public var directory: URL
        public var origin: Origin

        public init(directory: URL, origin: Origin) {
            self.directory = directory
            self.origin = origin
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// `make build` stages the build's own manifests and libraries in `.build/plugins`;
    /// the binary itself sits deeper (`.build/<triple>/debug`), so find the `.build` above it.
    static func buildPluginsDirectory(_ binDirectory: URL) -> URL {
        var directory = binDirectory
        while directory.path != "/" {
            if directory.lastPathComponent == ".build" { return directory.appendingPathComponent("plugins") }
            directory.deleteLastPathComponent()
        }
        return binDirectory.appendingPathComponent("../plugins").standardizedFileURL
    }

    /// The standard search path for this process.
    public static func standard(commandLine: [String] = [],
                                environment: [String: String] = ProcessInfo.processInfo.environment,
                                executable: URL = HostPaths.executableURL) -> PluginSearchPath {
        var entries: [Entry] = commandLine.map { Entry(directory: URL(fileURLWithPath: $0), origin: .commandLine) }
        if let list = environment["SENSEBRIDGE_PLUGIN_PATH"] {
            entries += list.split(separator: ":").map { Entry(directory: URL(fileURLWithPath: String($0)), origin: .environment) }
        }
        entries.append(Entry(directory: HostPaths.dataHome(environment).appendingPathComponent("sensebridge/plugins"), origin: .userData))
        let binDirectory = executable.deletingLastPathComponent()
        entries.append(Entry(directory: binDirectory.appendingPathComponent("../lib/sensebridge/plugins").standardizedFileURL, origin: .installPrefix))
        entries.append(Entry(directory: buildPluginsDirectory(binDirectory), origin: .build))
        var seen = Set<String>()
        return PluginSearchPath(entries: entries.filter { seen.insert($0.directory.standardizedFileURL.path).inserted })
    }
}

/// Where the host's own files live, following the XDG base directory rules.
public enum HostPaths {
    /// This process's executable, read once: it does not change while the process runs,
    /// and the search path and the runner's location both start from it.
    public static let executableURL: URL = {
        // readlink(2) itself: FileManager's first use cost more than the rest of a listing's start.
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        let link = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : CommandLine.arguments[0]
        return URL(fileURLWithPath: link).standardizedFileURL
    }()

    public static func dataHome(_ environment: [String: String]) -> URL {
        xdg("XDG_DATA_HOME", default: ".local/share", environment)
    }

    public static func configHome(_ environment: [String: String]) -> URL {
        xdg("XDG_CONFIG_HOME", default: ".config", environment)
    }

    public static func stateHome(_ environment: [String: String]) -> URL {
        xdg("XDG_STATE_HOME", default: ".local/state", environment)
    }

    /// XDG says a relative value is invalid and must be ignored.
    private static func xdg(_ variable: String, default relative: String, _ environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(relative)
    }
}
