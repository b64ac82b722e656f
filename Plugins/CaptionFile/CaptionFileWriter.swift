import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
#if canImport(Glibc)
import Glibc
#endif

/// The open caption file: resumes after the last complete cue, then writes each cue in
/// one write(2) followed by fdatasync.
///
/// Why sync every cue: on a wearable the likely "crash" is the battery dying, which a
/// plain write does not survive. Captions arrive a few a second at most, so the sync
/// costs little, and a deaf person's record of what was said loses at most the cue in
/// progress. The file is locked (flock) so two sessions never interleave cues.
final class CaptionFileWriter {
    let path: String
    let format: CaptionFormat
    private let descriptor: Int32
    private(set) var nextIndex: Int
    let resumedAfterMilliseconds: Int64
    /// Bytes of a torn final cue removed when the file was opened (0 normally).
    let droppedBytes: Int

    init(path: String, format: CaptionFormat) throws {
        self.path = path
        self.format = format
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw PluginError.io("The caption directory \(directory) could not be created: \(error.localizedDescription)")
            }
        }
        // 0600: captions are what was said around the person; they are theirs alone.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw PluginError.io("The caption file \(path) could not be opened: \(Self.lastError()).")
        }
        do {
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                throw PluginError.io("The caption file \(path) is already being written by another session; give this one its own path.")
            }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw PluginError.io("The caption path \(path) is not a regular file; choose a file path.")
            }
            let existing = try Self.readAll(fd, size: Int(info.st_size), path: path)
            let resume: CaptionFileResume
            switch CaptionFileResume.scan(existing, as: format) {
            case .success(let value): resume = value
            case .failure(let problem):
                throw PluginError.io("The file \(path) was not changed: \(problem.reason). Choose another path or move the file.")
            }
            if resume.keepBytes < existing.count {
                guard ftruncate(fd, off_t(resume.keepBytes)) == 0 else {
                    throw PluginError.io("The caption file \(path) ends in an incomplete cue that could not be removed: \(Self.lastError()).")
                }
            }
            guard lseek(fd, 0, SEEK_END) >= 0 else {
                throw PluginError.io("The caption file \(path) could not be positioned for appending: \(Self.lastError()).")
            }
            descriptor = fd
            nextIndex = resume.nextIndex
            resumedAfterMilliseconds = resume.lastEndMilliseconds
            droppedBytes = existing.count - resume.keepBytes
            if !resume.prefix.isEmpty { try writeAndSync(resume.prefix) }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Writes one cue and makes it durable before returning.
    func write(_ cue: CaptionCue) throws {
        try writeAndSync(format.block(for: cue, index: nextIndex))
        nextIndex += 1
    }

    private func writeAndSync(_ text: String) throws {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw PluginError.io("The caption file \(path) could not be written: \(Self.lastError()).") }
            done += n
        }
        guard fdatasync(descriptor) == 0 else {
            throw PluginError.io("The caption file \(path) could not be saved to disk: \(Self.lastError()).")
        }
    }

    private static func readAll(_ fd: Int32, size: Int, path: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, size - done, off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw PluginError.io("The caption file \(path) could not be read: \(lastError()).") }
            done += n
        }
        return buffer
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
