import Foundation

/// A file read whole with open, fstat and read until end of file.
///
/// Foundation's `Data(contentsOf:)`, `String(contentsOfFile:)` and
/// `FileManager.contents(atPath:)` lose a 4 KiB buffer each time they read a file whose
/// size says 0 and which then reads empty: an empty settings or profile file, or a
/// /proc file of a process that has none (a kernel thread's cmdline). LeakSanitizer
/// (`make sanitize`) found it in the tests, which scan /proc hundreds of times. Files
/// that /proc reports as size 0 but are not empty are read to the end here too.
public enum WholeFile {
    /// The file's bytes, or why they cannot be read (`UnreadableFile`, naming the file):
    /// missing, a directory, not permitted. A pipe (`--records <(zcat …)`) is read to its end.
    public static func contents(of url: URL) throws -> Data {
        let (descriptor, status) = try opened(url.path)
        defer { close(descriptor) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw UnreadableFile(path: url.path, reason: .directory) }
        guard let data = readToEnd(descriptor, declared: Int(status.st_size), limit: .max) else {
            throw UnreadableFile(path: url.path, errno: errno)
        }
        return data
    }

    /// Checks that `path` can be opened for reading, for a file or folder that another
    /// part opens itself (a plugin reading a recording or an image), so the person is told
    /// what is wrong before anything starts. Returns whether it is a directory; throws
    /// `UnreadableFile`, with `.directory` when a directory is not what was asked for.
    @discardableResult
    public static func checkReadable(_ path: String, directoryAllowed: Bool) throws -> Bool {
        // O_NONBLOCK: a FIFO opens without waiting for a writer; nothing is read here.
        let (descriptor, status) = try opened(path, flags: O_NONBLOCK)
        close(descriptor)
        let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
        if isDirectory && !directoryAllowed { throw UnreadableFile(path: path, reason: .directory) }
        return isDirectory
    }

    /// The file's bytes, or nil on any failure (the caller says why in its own words).
    /// `limit` refuses a larger file before reading it; `regularOnly` refuses a directory,
    /// FIFO or device.
    public static func read(_ path: String, limit: Int = .max, regularOnly: Bool = false) -> Data? {
        guard let (descriptor, status) = try? opened(path) else { return nil }
        defer { close(descriptor) }
        if regularOnly && (status.st_mode & S_IFMT) != S_IFREG { return nil }
        return readToEnd(descriptor, declared: Int(status.st_size), limit: limit)
    }

    /// `path` opened for reading, and what fstat says of it; the caller closes it.
    private static func opened(_ path: String, flags: Int32 = 0) throws -> (Int32, stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | flags)
        guard descriptor >= 0 else { throw UnreadableFile(path: path, errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let failure = UnreadableFile(path: path, errno: errno)
            close(descriptor)
            throw failure
        }
        return (descriptor, status)
    }

    /// Reads until end of file, starting with room for what fstat `declared`; nil when a
    /// read fails (errno says why) or more than `limit` bytes come.
    private static func readToEnd(_ descriptor: Int32, declared: Int, limit: Int) -> Data? {
        guard declared <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: max(declared, 4096))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < limit else { return nil }
                bytes.append(contentsOf: repeatElement(0, count: bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
            guard filled <= limit else { return nil }
        }
        return Data(bytes[..<filled])
    }
}
