import Foundation
import SenseBridgeCore

/// Continuous listening's note that it is running: `$XDG_STATE_HOME/sensebridge/listening.json`,
/// written when listening starts and removed when it ends as the person asked. Found at
/// the next start, it means the one before ended without being asked to (a crash, a lost
/// microphone, a power cut), and its service restarted it: the person is told once that
/// sounds in the meantime were not heard (Invariant 6).
///
/// It holds when listening started and the process id, nothing heard: no audio, no label
/// (Invariant 11). It is the only file listening writes besides the targets' own outputs.
public struct ListeningMarker: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public static func standard(_ environment: [String: String]) -> ListeningMarker {
        ListeningMarker(url: HostPaths.stateHome(environment).appendingPathComponent("sensebridge/listening.json"))
    }

    /// Writes the marker; true when the one before was still there (an unclean end).
    /// A marker that cannot be read counts as there: telling the person of a gap that
    /// was not is better than keeping quiet about one that was.
    public func begin(now: Double = Date().timeIntervalSince1970) throws -> Bool {
        let leftOver: Bool
        switch StateFile.contents(of: url) {
        case .missing: leftOver = false
        case .data, .unreadable: leftOver = true
        }
        let text = "{\"startedAt\": \"\(ISO8601Timestamp.string(secondsSince1970: now))\", \"pid\": \(getpid())}\n"
        try StateFile.writeAtomically(Data(text.utf8), to: url, durable: false)
        return leftOver
    }

    /// Listening ended as asked: the next start is not a restart.
    public func end() {
        unlink(url.path)
    }
}
