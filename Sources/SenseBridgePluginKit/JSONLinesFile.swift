import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An append-only JSON Lines file: each line goes out in one write(2), so a crash loses
/// at most the line being written and never splices two lines together.
///
/// Part of the SDK because logs of this kind (a speech index, a haptic cue log) are what
/// render targets write; each plugin still carries its own static copy.
///
/// Lines are not fsynced: such a log describes output rather than being it, and a sync
/// per line would put the storage's latency on the path of every message (a haptic
/// alert among them). write(2) alone survives the process being killed.
public final class JSONLinesFile {
    public let path: String
    private let descriptor: Int32

    /// Opens or creates `path`, creating its directory. An existing non-empty file must
    /// look like this log (`isOurs` is asked about its first line), so a mistyped path
    /// never appends to someone's document. A final line without its newline — torn by
    /// a crash — is cut off so the next line starts clean.
    public init(path: String, describedAs what: String, isOurs: (String) -> Bool) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw PluginError.io("The \(what) directory \(directory) could not be created: \(error.localizedDescription)")
            }
        }
        // 0600: the log is the person's own record; other accounts on the machine have no business reading it.
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw PluginError.io("The \(what) \(path) could not be opened: \(String(cString: strerror(errno))).")
        }
        descriptor = fd
        do {
            try checkExisting(what: what, isOurs: isOurs)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(descriptor) }

    private func checkExisting(what: String, isOurs: (String) -> Bool) throws {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw PluginError.io("The \(what) \(path) is not a regular file; choose a file path.")
        }
        let size = Int(info.st_size)
        guard size > 0 else { return }
        let head = try read(at: 0, count: min(size, 65_536))
        let firstLine = head.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        guard let text = String(validating: Array(firstLine), as: UTF8.self), isOurs(text) else {
            throw PluginError.io("The file \(path) exists and is not a \(what); it was left untouched. Choose another path or move the file.")
        }
        // Find the end of the last complete line.
        var end = size
        while end > 0 {
            let start = max(0, end - 4096)
            let chunk = try read(at: start, count: end - start)
            if let newline = chunk.lastIndex(of: 0x0A) {
                end = start + newline + 1
                break
            }
            end = start
        }
        if end < size {
            guard ftruncate(descriptor, off_t(end)) == 0 else {
                throw PluginError.io("The \(what) \(path) ends in an incomplete line that could not be removed: \(String(cString: strerror(errno))).")
            }
        }
    }

    private func read(at offset: Int, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw PluginError.io("The file \(path) could not be read: \(String(cString: strerror(errno))).") }
            done += n
        }
        return buffer
    }

    /// Appends `line` and its newline in one write.
    public func append(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw PluginError.io("The file \(path) could not be written: \(String(cString: strerror(errno))).")
            }
            done += n
        }
    }
}
