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
    /// The file's bytes; when they cannot be read, Foundation's error for it, in the
    /// words users already see ("The file “x” couldn’t be opened…"). Foundation is asked
    /// only after a failure, and a failed read of its loses nothing.
    public static func contents(of url: URL) throws -> Data {
        if let data = read(url.path) { return data }
        return try Data(contentsOf: url)
    }

    /// The file's bytes, or nil on any failure (the caller says why in its own words,
    /// usually by asking Foundation, whose failed reads lose nothing). `limit` refuses a
    /// larger file before reading it; `regularOnly` refuses a directory, FIFO or device.
    public static func read(_ path: String, limit: Int = .max, regularOnly: Bool = false) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        if regularOnly && (status.st_mode & S_IFMT) != S_IFREG { return nil }
        let declared = Int(status.st_size)
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
