import Foundation
import SenseBridgeProcess

/// The few file operations the host's own state needs, done so that a crash at any
/// moment leaves either the old file or the new one, readable by its owner only.
/// `package`: the credential store writes API keys the same way.
package enum StateFile {
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    package enum Contents {
        case missing
        case data(Data)
        case unreadable(String)
    }

    package static func contents(of url: URL) -> Contents {
        do {
            return .data(try WholeFile.contents(of: url))
        } catch let unreadable as UnreadableFile {
            return unreadable.reason == .missing ? .missing : .unreadable(unreadable.explanation)
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// The state directory holds which plugins a person runs and when they broke:
    /// theirs alone (0700), as XDG asks of its directories.
    static func createDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: url.path, reason: "the directory cannot be created (\((error as NSError).localizedDescription))")
        }
    }

    /// Written to a new 0600 file beside the target, synced, then renamed over it.
    ///
    /// `durable: false` skips the sync: for a file that must outlive this process, not the
    /// machine (the page cache survives a crash of the process; only a power cut loses it),
    /// where a sync would cost milliseconds of disk wait on a path a person is waiting on.
    package static func writeAtomically(_ data: Data, to url: URL, durable: Bool = true) throws {
        try createDirectory(url.deletingLastPathComponent())
        let path = url.path
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var ok = fchmod(descriptor, 0o600) == 0
        var offset = 0
        while ok && offset < data.count {
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { ok = false; break }
            offset += written
        }
        if durable { ok = ok && fsync(descriptor) == 0 }
        let code = errno
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(ok ? errno : code))
            unlink(temporary)
            throw Failure(path: path, reason: reason)
        }
    }

    /// Runs `body` holding an exclusive lock on `lockURL`, so two hosts recording at once
    /// cannot each read the old file and drop the other's entry. The wait is bounded: a
    /// process that stopped holding the lock has released it (flock dies with it), so
    /// seconds of waiting mean something is wrong, and the caller is told instead.
    package static func withLock<T>(_ lockURL: URL, timeout: TimeInterval = 5, _ body: () throws -> T) throws -> T {
        try createDirectory(lockURL.deletingLastPathComponent())
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: lockURL.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                throw Failure(path: lockURL.path, reason: "another sensebridge process has held this lock for \(Int(timeout)) s")
            }
            usleep(20_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
