import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
#if canImport(Glibc)
import Glibc
#endif

/// One utterance's WAV file. The header's size fields are rewritten after every buffer,
/// after the audio itself (see `WAVHeader` for why), so a file cut off at any moment is
/// a valid WAV of what was spoken up to then.
final class WAVFileWriter {
    let path: String
    let sampleRate: Int
    private let descriptor: Int32
    private(set) var dataBytes = 0

    /// Creates the file exclusively: an existing file is never overwritten.
    /// Returns nil when the name is taken, so the caller tries the next number.
    init?(path: String, sampleRate: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 && errno == EEXIST { return nil }
        guard fd >= 0 else {
            throw PluginError.io("The speech file \(path) could not be created: \(String(cString: strerror(errno))).")
        }
        self.path = path
        self.sampleRate = sampleRate
        descriptor = fd
        do {
            try write(WAVHeader(sampleRate: sampleRate).bytes, at: 0)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(descriptor) }

    var durationSeconds: Double { Double(dataBytes / 2) / Double(sampleRate) }

    func append(_ samples: UnsafeBufferPointer<Int16>) throws {
        let room = WAVHeader.maximumDataBytes - dataBytes
        let count = min(samples.count, room / 2)
        guard count > 0 else { return }
        var littleEndian = [Int16](repeating: 0, count: count)
        for index in 0..<count { littleEndian[index] = samples[index].littleEndian }
        try littleEndian.withUnsafeBytes { try write(Array($0), at: WAVHeader.size + dataBytes) }
        dataBytes += count * 2
        let sizes = WAVHeader.sizeFields(dataBytes: dataBytes)
        try write(sizes.data, at: WAVHeader.dataSizeOffset)
        try write(sizes.riff, at: WAVHeader.riffSizeOffset)
    }

    private func write(_ bytes: [UInt8], at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw PluginError.io("The speech file \(path) could not be written: \(String(cString: strerror(errno))).")
            }
            done += n
        }
    }
}
