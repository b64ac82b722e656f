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
        var line = text
        line.append("\n")
        line.withUTF8 { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(StandardOutputGuard.hostDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    stdoutFailure.store(true, ordering: .relaxed)
                    return
                }
                offset += written
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
