import Foundation

/// Finds profiles by name: the user's own first (XDG config), then `profiles/` beside
/// each plugin directory on the search path, with the install prefix's
/// `share/sensebridge/profiles` before the build's own. A path selects a file directly.
public struct ProfileStore: Sendable {
    public var directories: [URL]

    public init(directories: [URL]) {
        self.directories = directories
    }

    public static func standard(searchPath: PluginSearchPath,
                                environment: [String: String] = ProcessInfo.processInfo.environment,
                                executable: URL = HostPaths.executableURL) -> ProfileStore {
        let user = HostPaths.configHome(environment).appendingPathComponent("sensebridge/profiles")
        // `make install` puts the shipped profiles in <prefix>/share/sensebridge/profiles.
        let installed = executable.deletingLastPathComponent().appendingPathComponent("../share/sensebridge/profiles").standardizedFileURL
        var directories = [user] + searchPath.entries.map { $0.directory.appendingPathComponent("profiles") }
        directories.insert(installed, at: directories.count - 1)
        return ProfileStore(directories: directories)
    }

    /// The built-in default: speech and haptics, the profile a blind user starts with.
    public static let defaultProfileName = "blind"

    public struct Listing: Sendable {
        public var profiles: [OutputProfile]
        public var broken: [ProfileProblem]
    }

    public func list() -> Listing {
        var profiles: [OutputProfile] = []
        var broken: [ProfileProblem] = []
        var names = Set<String>()
        for directory in directories {
            for url in PluginCatalog.manifestFiles(in: directory) {
                do {
                    let profile = try ProfileReader.read(url)
                    if names.insert(profile.name).inserted { profiles.append(profile) }
                } catch let problem as ProfileProblem {
                    broken.append(problem)
                } catch {
                    broken.append(ProfileProblem(path: url.path, reason: "\(error)"))
                }
            }
        }
        return Listing(profiles: profiles, broken: broken)
    }

    public enum LookupError: Error, CustomStringConvertible {
        case notFound(String, [URL])
        public var description: String {
            switch self {
            case .notFound(let name, let directories):
                return "No profile named '\(name)'. Searched: \(directories.map(\.path).joined(separator: ", ")). Run 'sensebridge profiles list' to see the available ones, or pass a path."
            }
        }
    }

    /// `NAME` or a path (anything with a slash or ending in .json).
    public func profile(_ nameOrPath: String) throws -> OutputProfile {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            return try ProfileReader.read(URL(fileURLWithPath: nameOrPath))
        }
        for directory in directories {
            let url = directory.appendingPathComponent("\(nameOrPath).json")
            if FileManager.default.fileExists(atPath: url.path) { return try ProfileReader.read(url) }
        }
        if let match = list().profiles.first(where: { $0.name == nameOrPath }) { return match }
        throw LookupError.notFound(nameOrPath, directories)
    }
}
