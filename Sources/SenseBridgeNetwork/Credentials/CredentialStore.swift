import Foundation
import SenseBridgeHost
#if canImport(Glibc)
import Glibc
#endif

/// API keys, one file per provider in $XDG_CONFIG_HOME/sensebridge/credentials/.
///
/// Keys never enter the settings file or a log. The directory is 0700 and each file
/// 0600; a file that others can read is refused, as ssh refuses such a private key,
/// because a key someone else could have read must be treated as already leaked.
/// Files are opened with O_NOFOLLOW and checked with fstat on the open descriptor, so a
/// symlink swapped in between the check and the read cannot redirect either.
public struct CredentialStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> CredentialStore {
        CredentialStore(directory: HostPaths.configHome(environment).appendingPathComponent("sensebridge/credentials"))
    }

    public func path(for name: CredentialName) -> URL {
        directory.appendingPathComponent(name.rawValue)
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooOpen(path: String, mode: String)
        case notRegularFile(path: String)
        case symlink(path: String)
        case notOwned(path: String)
        case directoryUnsafe(path: String, reason: String)
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)
        case invalidKey(String)

        public var description: String {
            switch self {
            case .tooOpen(let path, let mode):
                return "Permissions \(mode) for '\(path)' are too open: the key could have been read by others. Run 'chmod 600 \(path)' if only you could read it, or store a new key with 'sensebridge credentials set'."
            case .notRegularFile(let path):
                return "'\(path)' is not a regular file; remove it and store the key again with 'sensebridge credentials set'."
            case .symlink(let path):
                return "'\(path)' is a symbolic link, which SenseBridge refuses to follow for a credential; remove it and store the key again."
            case .notOwned(let path):
                return "'\(path)' belongs to another user; remove it and store the key again."
            case .directoryUnsafe(let path, let reason):
                return "The credentials directory '\(path)' \(reason); run 'chmod 700 \(path)'."
            case .unreadable(let path, let reason):
                return "'\(path)' cannot be read (\(reason))."
            case .unwritable(let path, let reason):
                return "'\(path)' cannot be written (\(reason))."
            case .invalidKey(let reason):
                return "The key was not stored: \(reason)."
            }
        }
    }

    static let maximumKeyBytes = 4096

    /// The stored key, or nil when none is stored.
    public func read(_ name: CredentialName) throws -> Secret? {
        let path = self.path(for: name).path
        try checkDirectory(creating: false)
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw Failure.symlink(path: path) }
            throw Failure.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw Failure.notRegularFile(path: path) }
        guard status.st_uid == geteuid() else { throw Failure.notOwned(path: path) }
        guard status.st_mode & 0o077 == 0 else {
            throw Failure.tooOpen(path: path, mode: String(format: "%04o", Int(status.st_mode & 0o7777)))
        }
        var buffer = [UInt8](repeating: 0, count: Self.maximumKeyBytes + 2)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            total += count
        }
        guard total <= Self.maximumKeyBytes + 1, let text = String(validating: buffer[..<total], as: UTF8.self) else {
            throw Failure.unreadable(path: path, reason: "it does not hold a key")
        }
        do {
            return try Secret(checking: text)
        } catch Failure.invalidKey(let reason) {
            // Reading, not storing: "the key was not stored" would mislead, and the
            // person needs to know which file to replace.
            throw Failure.unreadable(path: path, reason: "it does not hold a key: \(reason)")
        }
    }

    public func exists(_ name: CredentialName) -> Bool {
        var status = stat()
        return lstat(path(for: name).path, &status) == 0
    }

    /// Stores the key atomically: written to a new 0600 file, synced, then renamed over
    /// the old one, so a crash never leaves half a key or a readable one.
    public func store(_ key: String, for name: CredentialName) throws {
        let secret = try Secret(checking: key)
        try checkDirectory(creating: true)
        do {
            try StateFile.writeAtomically(Data((secret.value + "\n").utf8), to: self.path(for: name))
        } catch let failure as StateFile.Failure {
            throw Failure.unwritable(path: failure.path, reason: failure.reason)
        }
    }

    /// Deletes the key; false when there was none.
    @discardableResult
    public func remove(_ name: CredentialName) throws -> Bool {
        let path = self.path(for: name).path
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw Failure.unwritable(path: path, reason: String(cString: strerror(errno)))
    }

    /// The directory must be a real directory owned by this user that nobody else can
    /// write; creating it makes it 0700.
    private func checkDirectory(creating: Bool) throws {
        let path = directory.path
        if creating {
            try? FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw Failure.unwritable(path: path, reason: String(cString: strerror(errno)))
            }
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT && !creating { return }
            throw Failure.directoryUnsafe(path: path, reason: "cannot be examined (\(String(cString: strerror(errno))))")
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw Failure.directoryUnsafe(path: path, reason: "is not a plain directory") }
        guard status.st_uid == geteuid() else { throw Failure.directoryUnsafe(path: path, reason: "belongs to another user") }
        if creating && status.st_mode & 0o077 != 0 {
            chmod(path, 0o700)
            return
        }
        guard status.st_mode & 0o022 == 0 else {
            throw Failure.directoryUnsafe(path: path, reason: "can be written by others")
        }
    }
}
