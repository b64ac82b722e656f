import Foundation
import SenseBridgeHost
import Synchronization

/// Results go to stdout (through `StandardOutputGuard.hostDescriptor`, so no plugin in
/// process can write there), progress and diagnostics to stderr. A failed write to
/// stdout (a closed pipe, a full disk) is remembered so the process exits 74 instead
/// of claiming success for output nobody received.
enum Console {
    static var stdoutFailed: Bool { stdoutFailure.load(ordering: .relaxed) }
    private static let stdoutFailure = Atomic<Bool>(false)

    static func out(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// UTF-8 text already in bytes, and its newline.
    static func out(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// `raw` and a newline in one write (writev), without copying the text. A short write
    /// goes on from where it stopped; a failed one is remembered (`stdoutFailed`).
    private static func write(_ raw: UnsafeBufferPointer<UInt8>) {
        var newline = UInt8(ascii: "\n")
        withUnsafeMutablePointer(to: &newline) { newline in
            var parts = [iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress), iov_len: raw.count),
                         iovec(iov_base: UnsafeMutableRawPointer(newline), iov_len: 1)]
            var first = 0
            while first < parts.count {
                let written = parts.withUnsafeMutableBufferPointer { parts in
                    writev(StandardOutputGuard.hostDescriptor, parts.baseAddress! + first, Int32(parts.count - first))
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    stdoutFailure.store(true, ordering: .relaxed)
                    return
                }
                // Past what was written: whole parts dropped, the next one advanced.
                var done = written
                while first < parts.count, done >= parts[first].iov_len {
                    done -= parts[first].iov_len
                    first += 1
                }
                if first < parts.count, done > 0 {
                    parts[first].iov_base = parts[first].iov_base.map { $0 + done }
                    parts[first].iov_len -= done
                }
            }
        }
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Pretty, key-sorted JSON for `--json` output.
    static func json(_ value: Any) {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            err("sensebridge: internal error: output could not be encoded as JSON.")
            return
        }
        out(String(decoding: data, as: UTF8.self))
    }

    /// One compact, key-sorted JSON object per line (JSON Lines), for a stream of events.
    static func jsonLine(_ value: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            err("sensebridge: internal error: output could not be encoded as JSON.")
            return
        }
        out(String(decoding: data, as: UTF8.self))
    }
}

extension String {
    /// This text with its first letter capitalised, for a phrase ("your local endpoint",
    /// a plugin's "the reply was refused…") that starts a printed sentence.
    var sentenceStart: String { prefix(1).uppercased() + dropFirst() }
}
