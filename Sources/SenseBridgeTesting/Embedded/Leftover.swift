import Foundation

/// Something an embedded host still held when the test finished: work the test
/// queued but never ran, output it never read, a rule the plugin broke, or an
/// instance that outlived its host.
///
/// Ending every test with `try host.finish()` turns "the test forgot to look" into
/// a failure, the way swift-nio's `EmbeddedChannel.finish()` does.
public enum Leftover: Equatable, Sendable, CustomStringConvertible {
    case unrenderedMessages(Int)
    case uncomposedRequests(Int)
    case unreadPhrases(batches: Int)
    case unperceivedRequests(Int)
    case unreadPerceptions(Int)
    case unreadFrames(Int)
    case sourceStillStarted
    /// The plugin object was still alive after the host released it: a retain cycle
    /// or a global holds it, so a real host's destroy would not free it either.
    case instanceNotDestroyed(type: String)
    /// A contract rule the host checks on every call (phrase validation, timestamps, deadlines).
    case brokenRule(String)

    public var description: String {
        switch self {
        case .unrenderedMessages(let count): return "\(count) message(s) enqueued but never rendered"
        case .uncomposedRequests(let count): return "\(count) request(s) sent but never composed"
        case .unreadPhrases(let batches): return "\(batches) batch(es) of phrases composed but never read"
        case .unperceivedRequests(let count): return "\(count) request(s) sent but never perceived"
        case .unreadPerceptions(let count): return "\(count) result(s) perceived but never read"
        case .unreadFrames(let count): return "\(count) frame(s) received but never read"
        case .sourceStillStarted: return "the source was still started (call stop() before finish())"
        case .instanceNotDestroyed(let type): return "the \(type) instance was not destroyed when the host released it (a retain cycle or a global keeps it alive)"
        case .brokenRule(let rule): return rule
        }
    }
}
