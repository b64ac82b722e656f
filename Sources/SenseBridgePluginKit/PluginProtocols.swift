/// Plugins name OutputMessage, PerceptionRecord and friends; the SDK brings them along.
@_exported import SenseBridgeCore

/// A scene composer turns perception records into subject phrases.
///
/// Conformance expectations (the host checks every one of them):
/// - Return subject phrases ("a chair and a doorway"), never sentences. No hedge,
///   number, distance, direction or danger word: the host supplies the hedge from the
///   detector's confidence, and discards any phrase that claims more.
/// - Stay within `request.maximumWords` words and `request.maximumLabels` labels.
/// - Return before `request.deadline`; throw `PluginError.cancelled` soon after
///   `cancel()` is called from another thread: check between records, not only at the
///   start (the harness times a cancelled compose against an uncancelled one). A cancel
///   with no compose in progress must be ignored. One that arrives while PluginKit is
///   still reading the request ends the call before `compose` is entered.
/// - `init` and `compose` are called from one thread at a time; `cancel` from any.
public protocol SceneComposerPlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase]
    func cancel()
}

/// A render target delivers messages to a person: speech, captions, haptics.
///
/// Conformance expectations:
/// - `render` returns when the message is delivered (spoken, written, played), so a
///   reading cursor can await each sentence.
/// - `interrupt` may be called from any thread and must cut off the render in
///   progress within one buffer, throwing `PluginError.cancelled`; an interrupt with no
///   render in progress is ignored, and later renders work as usual.
/// - Text arrives as valid UTF-8 (PluginKit rejects anything else) and is rendered
///   as text: markup inside it is never interpreted.
/// - A failure throws `PluginError`; it must never crash the host.
public protocol RenderTargetPlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    func render(_ message: OutputMessage) throws
    func interrupt()
}

/// A sensing source produces frames: depth maps or perception records.
///
/// Conformance expectations:
/// - Timestamps strictly increase within a run; each `start` begins a new run.
/// - `nextFrame` returns nil when nothing arrived within the timeout, throws
///   `PluginError.endOfStream` once exhausted (and on every later call), and
///   `PluginError.notStarted` before `start` or after `stop`.
/// - `stop` is idempotent.
public protocol SensingSourcePlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    func start() throws
    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame?
    func stop()
}

/// What a composer is asked.
public struct ComposeRequest {
    public var records: [PerceptionRecord]
    /// The locale string as the host sent it; `spokenLocale` is nil for one we do not speak.
    public var localeIdentifier: String
    public var maximumWords: Int
    public var maximumLabels: Int
    /// On the host's monotonic clock, in nanoseconds.
    public var deadline: UInt64

    public var spokenLocale: SpokenLocale? { SpokenLocale(identifier: localeIdentifier) }

    public init(records: [PerceptionRecord], localeIdentifier: String = "en",
                maximumWords: Int = 12, maximumLabels: Int = 5, deadline: UInt64 = .max) {
        self.records = records
        self.localeIdentifier = localeIdentifier
        self.maximumWords = maximumWords
        self.maximumLabels = maximumLabels
        self.deadline = deadline
    }
}

/// One subject phrase and the records it names; the Core type, so the host's
/// validator and a plugin's composer speak about the same value.
public typealias ComposedPhrase = SubjectPhrase
