/// Plugins name OutputMessage, PerceptionRecord and friends; the SDK brings them along.
@_exported import SenseBridgeCore

/// A scene composer turns perception records into subject phrases.
///
/// Conformance expectations (the host checks every one of them):
/// - Return subject phrases ("a chair and a doorway"), never sentences. No hedge,
///   number, distance, direction or danger word: the host supplies the hedge from the
///   detector's confidence, and discards any phrase that claims more.
/// - Stay within `request.maximumWords` words and `request.maximumLabels` labels.
/// - Return before `request.deadline`, and stop soon after a cancel: call
///   `try request.checkpoint.check()` between records, not only at the start (the
///   harness times a cancelled compose against an uncancelled one). The checkpoint
///   keeps the header's rules (a cancel with no compose in progress is ignored; one that
///   arrives while PluginKit is still reading the request ends the call before `compose`
///   is entered), so a composer keeps no cancel flag of its own.
/// - `init` and `compose` are called from one thread at a time; `cancel` from any.
public protocol SceneComposerPlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase]
    /// Called after PluginKit has marked the call's checkpoint; the default does nothing
    /// more. Implement it only to stop what polling cannot reach, and prefer
    /// `request.checkpoint.onCancel` for that, which fires for this call alone.
    func cancel()
}

extension SceneComposerPlugin {
    /// The checkpoint is already marked: a composer that polls it needs nothing here.
    public func cancel() {}
}

/// A render target delivers messages to a person: speech, captions, haptics.
///
/// Conformance expectations:
/// - `render` returns when the message is delivered (spoken, written, played), so a
///   reading cursor can await each sentence.
/// - An interrupt from any thread must cut off the render in progress within one
///   buffer, throwing `PluginError.cancelled`: poll `request.checkpoint` between buffers
///   or cues (`isCancelled`, `check()`, `wait(seconds:)`). An interrupt with no render in
///   progress is ignored, and later renders work as usual; the checkpoint keeps that rule.
/// - Text arrives as valid UTF-8 (PluginKit rejects anything else) and is rendered
///   as text: markup inside it is never interpreted.
/// - A failure throws `PluginError`; it must never crash the host.
public protocol RenderTargetPlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    /// Takes a request, as every other call does, rather than the message and a second
    /// parameter: one shape for every kind, and room for what a later header adds to a
    /// render (as compose gained its deadline) without changing this signature again.
    /// This is the one change a Swift render target made before the checkpoint needs:
    /// `render(_ message:)` becomes `render(_ request:)` and reads `request.message`.
    func render(_ request: RenderRequest) throws
    /// Called after PluginKit has marked the render's checkpoint; the default does
    /// nothing more. Implement it only to stop what polling cannot reach.
    func interrupt()
}

extension RenderTargetPlugin {
    /// The checkpoint is already marked: a target that polls it needs nothing here.
    public func interrupt() {}
}

/// What a render target is asked: one message, and the checkpoint its interrupt marks.
public struct RenderRequest {
    public var message: OutputMessage
    public let checkpoint: CallCheckpoint

    public init(message: OutputMessage, checkpoint: CallCheckpoint = CallCheckpoint()) {
        self.message = message
        self.checkpoint = checkpoint
    }
}

/// A sensing source produces frames: depth maps, perception records or images.
///
/// Conformance expectations:
/// - Timestamps strictly increase within a run; each `start` begins a new run.
/// - `nextFrame` returns nil when nothing arrived within the timeout, throws
///   `PluginError.endOfStream` once exhausted (and on every later call), and
///   `PluginError.notStarted` before `start` or after `stop`.
/// - `stop` is idempotent.
/// - Audio frames (`.audio`) need a 1.6 host, as image frames need 1.4, refused the same way.
/// - Image frames need a 1.4 host: PluginKit refuses to hand one to an older host
///   (`PluginError.unsupported`), since its frame has no room for the picture.
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
    /// Whether to stop: the host's cancel, and the deadline on its clock.
    public let checkpoint: CallCheckpoint
    /// On the host's monotonic clock, in nanoseconds; the checkpoint's, so the two never
    /// differ. Kept beside it (with the initializer that takes one) so a composer that
    /// reads the deadline, and a test that makes a request with one, compile unchanged.
    public var deadline: UInt64 { checkpoint.deadline }

    public var spokenLocale: SpokenLocale? { SpokenLocale(identifier: localeIdentifier) }

    /// A request made outside a host (a test, a self-test) gets a checkpoint of its own
    /// for `deadline`; PluginKit passes the call's.
    public init(records: [PerceptionRecord], localeIdentifier: String = "en",
                maximumWords: Int = 12, maximumLabels: Int = 5, deadline: UInt64 = .max) {
        self.init(records: records, localeIdentifier: localeIdentifier, maximumWords: maximumWords,
                  maximumLabels: maximumLabels, checkpoint: CallCheckpoint(deadline: deadline))
    }

    public init(records: [PerceptionRecord], localeIdentifier: String = "en",
                maximumWords: Int = 12, maximumLabels: Int = 5, checkpoint: CallCheckpoint) {
        self.records = records
        self.localeIdentifier = localeIdentifier
        self.maximumWords = maximumWords
        self.maximumLabels = maximumLabels
        self.checkpoint = checkpoint
    }
}

/// One subject phrase and the records it names; the Core type, so the host's
/// validator and a plugin's composer speak about the same value.
public typealias ComposedPhrase = SubjectPhrase

/// A perceiver reads an image and returns perception records: recognized text (a word or
/// a line per record, its box normalized to the image, the engine's own confidence);
/// later, detected objects.
///
/// Conformance expectations (the harness checks them):
/// - Report what was recognized and nothing else. An image with nothing in it is an
///   empty array, never a record that says "blank": the host decides what silence means.
/// - Never log recognized text: it is what the user is reading (Invariant 4).
/// - Return before `request.deadline`, and stop soon after a cancel: poll
///   `request.checkpoint` between stages, or hand `shouldStop` to the engine's own poll
///   callback. A cancel with no perceive in progress is ignored; the checkpoint keeps that rule.
/// - At most SB_PERCEIVE_MAX_RECORDS records, each label at most
///   SB_PERCEIVE_MAX_LABEL_BYTES bytes: a result beyond either is refused whole.
/// - A reader that turns or flattens a page (ABI 1.7) implements `perceivePage` and says
///   so in `Perception.page` (turned 0, 90, 180 or 270 degrees clockwise; boxes in the
///   turned, flattened page), with `perceive` as `perceivePage(request).records`. Every
///   other perceiver implements `perceive` alone and reports the page as given.
/// - When `request.pageLocales` is set, read with every one of those languages you have
///   (at least `localeIdentifier`, the first), so a page in another of them is not read
///   as confident nonsense; telling the blocks' languages apart is the host's.
/// - `init` and `perceive` are called from one thread at a time; `cancel` from any.
public protocol PerceiverPlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord]
    /// Since 1.7. Default: `Perception(records: try perceive(request))`.
    func perceivePage(_ request: PerceiveRequest) throws -> Perception
    /// Called after PluginKit has marked the call's checkpoint; the default does nothing more.
    func cancel()
}

extension PerceiverPlugin {
    /// The checkpoint is already marked: a perceiver that polls it needs nothing here.
    public func cancel() {}

    /// A perceiver that never turns or flattens a page reads it as given.
    public func perceivePage(_ request: PerceiveRequest) throws -> Perception {
        Perception(records: try perceive(request))
    }
}

/// What a perceiver is asked: one image and the language expected in it.
public struct PerceiveRequest {
    public var image: ImageFrame
    public var timestampNanoseconds: UInt64
    /// The locale string as the host sent it; `spokenLocale` is nil for one we do not speak.
    public var localeIdentifier: String
    /// Nil when the language is pinned to `localeIdentifier` (always, from a host before
    /// 1.7); else the locales the text may be in, the person's first (["en", "es", "vi"]).
    public var pageLocales: [String]?
    /// Whether to stop: the host's cancel, and the deadline on its clock.
    public let checkpoint: CallCheckpoint
    /// On the host's monotonic clock, in nanoseconds; the checkpoint's.
    public var deadline: UInt64 { checkpoint.deadline }

    public var spokenLocale: SpokenLocale? { SpokenLocale(identifier: localeIdentifier) }

    /// A request made outside a host gets a checkpoint of its own for `deadline`.
    public init(image: ImageFrame, timestampNanoseconds: UInt64 = 0, localeIdentifier: String = "en",
                deadline: UInt64 = .max, pageLocales: [String]? = nil) {
        self.init(image: image, timestampNanoseconds: timestampNanoseconds, localeIdentifier: localeIdentifier,
                  pageLocales: pageLocales, checkpoint: CallCheckpoint(deadline: deadline))
    }

    public init(image: ImageFrame, timestampNanoseconds: UInt64 = 0, localeIdentifier: String = "en",
                pageLocales: [String]? = nil, checkpoint: CallCheckpoint) {
        self.image = image
        self.timestampNanoseconds = timestampNanoseconds
        self.localeIdentifier = localeIdentifier
        self.pageLocales = pageLocales
        self.checkpoint = checkpoint
    }
}

/// A perceiver that listens (ABI 1.6): consecutive blocks of one audio stream in, sound
/// records out. Its manifest lists the "sounds" modality and, under
/// `capabilities.audioInput`, the rate and channels it takes; the host asks the source
/// for exactly those, so a listener never resamples.
///
/// Conformance expectations (the harness checks them):
/// - Blocks arrive in order, one per call; keep what was heard across calls if a pattern
///   spans blocks, and start afresh when `request.audio.continuesPrevious` is false.
/// - Return `.sound` records (an identifier such as "smoke_alarm", the confidence, no
///   box) for what is heard as of the block's end; nothing heard is an empty array,
///   never a record that says "silence": the host decides what silence means.
/// - Never log, write or send audio or anything derived from it (Invariants 4 and 11).
/// - Return before `request.deadline`, and stop soon after a cancel: poll `request.checkpoint`.
/// - `init` and `perceive` are called from one thread at a time; `cancel` from any.
public protocol AudioPerceiverPlugin: AnyObject {
    init(host: HostServices, config: PluginConfig) throws
    func perceive(_ request: AudioPerceiveRequest) throws -> [PerceptionRecord]
    /// Called after PluginKit has marked the call's checkpoint; the default does nothing more.
    func cancel()
}

extension AudioPerceiverPlugin {
    /// The checkpoint is already marked: a listener that polls it needs nothing here.
    public func cancel() {}
}

/// What a listening perceiver is asked: one block of sound, always float samples.
public struct AudioPerceiveRequest {
    public var audio: AudioBlock
    /// The locale string as the host sent it; `spokenLocale` is nil for one we do not speak.
    public var localeIdentifier: String
    /// Whether to stop: the host's cancel, and the deadline on its clock.
    public let checkpoint: CallCheckpoint
    /// On the host's monotonic clock, in nanoseconds; the checkpoint's.
    public var deadline: UInt64 { checkpoint.deadline }

    public var spokenLocale: SpokenLocale? { SpokenLocale(identifier: localeIdentifier) }

    /// A request made outside a host gets a checkpoint of its own for `deadline`.
    public init(audio: AudioBlock, localeIdentifier: String = "en", deadline: UInt64 = .max) {
        self.init(audio: audio, localeIdentifier: localeIdentifier, checkpoint: CallCheckpoint(deadline: deadline))
    }

    public init(audio: AudioBlock, localeIdentifier: String = "en", checkpoint: CallCheckpoint) {
        self.audio = audio
        self.localeIdentifier = localeIdentifier
        self.checkpoint = checkpoint
    }
}
