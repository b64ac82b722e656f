import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// How one spoken message ended, as speech-dispatcher reported it.
enum SpeechdEvent: Equatable {
    case end
    case cancel
}

/// One connection's end-of-speech and cancel events, and the render waiting on them.
///
/// libspeechd calls its callbacks on the connection's own thread with a message id and
/// a client id, and no pointer of ours: `SpeechdEventRouter` finds the board by client
/// id. An event may arrive before `spd_say` has even returned the message's id, so every
/// event is kept until the render that sent the message has looked for it.
///
/// Never held while libspeechd is called: libspeechd's thread delivers a reply and an
/// event through the same loop, so a render waiting here on libspeechd's reply while
/// the thread waited here to deliver an event would never wake.
/// Unchecked Sendable: `condition` guards every stored property.
final class SpeechdEventBoard: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [Int: SpeechdEvent] = [:]
    /// The render in progress's checkpoint, which its interrupt marks; nil between renders.
    private var render: CallCheckpoint?

    /// Called by libspeechd's thread.
    func record(messageID: Int, _ event: SpeechdEvent) {
        condition.lock()
        // The first word on a message stands: a CANCEL after its END changes nothing.
        if events[messageID] == nil { events[messageID] = event }
        condition.broadcast()
        condition.unlock()
    }

    /// The interrupt is the checkpoint's (it applies to this render only); the board only
    /// wakes its waits when it lands, since they sleep on events under this condition.
    func beginRender(_ checkpoint: CallCheckpoint) {
        condition.withLock { render = checkpoint }
        checkpoint.onCancel { [weak self] in self?.wake() }
    }

    func endRender() {
        condition.withLock { render = nil }
    }

    private func wake() {
        condition.withLock { condition.broadcast() }
    }

    var isInterrupted: Bool {
        condition.withLock { interruptedLocked }
    }

    private var interruptedLocked: Bool { render?.isCancelled ?? false }

    /// Sleeps until `deadline` or an interrupt, whichever comes first.
    func pause(until deadline: Date) {
        condition.lock()
        while !interruptedLocked && Date() < deadline { _ = condition.wait(until: deadline) }
        condition.unlock()
    }

    enum Wait: Equatable {
        case event(SpeechdEvent)
        case interrupted
        case connectionLost
        case timedOut
    }

    /// Waits for `messageID`'s END or CANCEL, an interrupt, the connection's death (asked
    /// every 50 ms: libspeechd calls no callback when its socket closes) or `deadline`.
    func wait(for messageID: Int, until deadline: Date, isAlive: () -> Bool) -> Wait {
        condition.lock()
        defer {
            // Older messages' events are of no further use; later ones are kept.
            events = events.filter { $0.key > messageID }
            condition.unlock()
        }
        while true {
            if let event = events[messageID] { return .event(event) }
            if interruptedLocked { return .interrupted }
            if !isAlive() { return .connectionLost }
            let now = Date()
            if now >= deadline { return .timedOut }
            _ = condition.wait(until: min(deadline, now.addingTimeInterval(0.05)))
        }
    }
}

/// The process-wide table from speech-dispatcher client id to the boards of the
/// connections with that id. Client ids are unique within one daemon; two instances
/// talking to two different daemons at once can share one, and then each board also
/// sees the other's events, which matters only if their message ids coincide while both
/// wait (documented in docs/SPEECH_DISPATCHER.md).
enum SpeechdEventRouter {
    private struct Entry {
        weak var board: SpeechdEventBoard?
    }

    private static let boards = Locked<[Int: [Entry]]>([:])

    static func register(_ board: SpeechdEventBoard, clientID: Int) {
        boards.withLock { table in
            table[clientID, default: []].removeAll { $0.board == nil }
            table[clientID, default: []].append(Entry(board: board))
        }
    }

    static func unregister(_ board: SpeechdEventBoard, clientID: Int) {
        boards.withLock { table in
            table[clientID]?.removeAll { $0.board == nil || $0.board === board }
            if table[clientID]?.isEmpty == true { table[clientID] = nil }
        }
    }

    static func deliver(messageID: Int, clientID: Int, _ event: SpeechdEvent) {
        let targets = boards.withLock { table in (table[clientID] ?? []).compactMap(\.board) }
        for board in targets { board.record(messageID: messageID, event) }
    }
}
