/// From one image frame to what is said about it: the notices (darkness, framing, an
/// unread page, text left out) and, when a page is to be read, its script.
///
/// Pure but for the recognizer, which the caller passes in (the session gives it the
/// perceiver plugin, a test a closure), so every rule here is tested without a camera.
///
/// - Document mode: every frame is a page, read once; its framing problem, if any, is
///   said before it, since a still image gets no second look.
/// - Live mode: a camera held over a page. Framing and darkness are said once per change
///   (`FramingTracker`, `DarknessTracker`), a dim frame is not recognized at all, a
///   page is read only when its text has settled (`LiveReadingStabilizer`), and an
///   unread frame is said once per run of failures, not once per frame. When the input
///   ends (a video, or an image or folder read live), its last frame is taken to hold
///   still for good (`finish`): what it was settling into is said then, so a run too
///   short to settle (one image) is not read in silence (Invariant 6).
public struct PageReader: Sendable {
    public struct Step: Equatable, Sendable {
        public var notices: [ReadingNotice] = []
        /// The page to read now; nil to say only the notices.
        public var script: ReadingScript?
        /// The recognizer failed on this frame.
        public var unread = false

        public init(notices: [ReadingNotice] = [], script: ReadingScript? = nil, unread: Bool = false) {
            self.notices = notices
            self.script = script
            self.unread = unread
        }
    }

    public let live: Bool
    private let segmenter: TextSegmenter
    private var darkness = DarknessTracker()
    private var framing = FramingTracker()
    private var stabilizer = LiveReadingStabilizer()
    private var unreadSaid = false
    /// What became of the last frame fed (live), which `finish` holds still.
    private var lastFrame = LastFrame.none

    private enum LastFrame: Sendable {
        case none
        /// Not recognized: only darkness can settle.
        case dim
        /// The recognizer failed, and was said to; holding it still would fail again.
        case unread
        case recognized(OrderedText)
    }

    public init(locale: SpokenLocale, live: Bool, maximumWords: Int = TextSegmenter.defaultMaximumWords) {
        self.live = live
        self.segmenter = TextSegmenter(locale: locale, maximumWords: maximumWords)
    }

    public mutating func feed(_ image: ImageFrame, perceive: (ImageFrame) throws -> [PerceptionRecord]) -> Step {
        var step = Step()
        let luminance = FrameLuminance.measure(image)
        if darkness.feed(luminance) { step.notices.append(.tooDark) }
        if live && luminance == .dim {
            lastFrame = .dim
            return step
        }

        let records: [PerceptionRecord]
        do {
            records = try perceive(image).filter { $0.kind == .text }
        } catch {
            step.unread = true
            lastFrame = .unread
            if !live || !unreadSaid { step.notices.append(.pageUnread) }
            unreadSaid = true
            return step
        }
        unreadSaid = false
        let instruction = FramingGuidance.instruction(records: records, frameWidth: image.width, frameHeight: image.height)
        let ordered = ReadingOrder.order(records, frameAspectRatio: image.height > 0 ? Double(image.width) / Double(image.height) : 1)
        if live {
            lastFrame = .recognized(ordered)
            if let said = framing.feed(instruction) { step.notices.append(.framing(said)) }
            guard stabilizer.feed(ordered.text) != nil else { return step }
        } else {
            if let instruction { step.notices.append(.framing(instruction)) }
            guard !ordered.blocks.isEmpty else { return step }
        }
        return scripted(ordered, step)
    }

    /// The input ended (live only; a document reads every frame as it comes): what its
    /// last frame, held still for good, would have settled into, said once. A dark frame
    /// settles into "too dark", one without text into "no text is being recognized", a
    /// page into its reading; a frame already said about says nothing more.
    public mutating func finish() -> Step {
        var step = Step()
        guard live else { return step }
        defer { lastFrame = .none }
        switch lastFrame {
        case .none, .unread:
            return step
        case .dim:
            if darkness.finish() { step.notices.append(.tooDark) }
            return step
        case .recognized(let ordered):
            if let said = framing.finish() { step.notices.append(.framing(said)) }
            // The stabilizer settles on the last frame's own text, so that frame is read.
            guard stabilizer.finish() != nil else { return step }
            return scripted(ordered, step)
        }
    }

    /// `step` with the reading of `ordered` and the notice of text left out of it.
    private func scripted(_ ordered: OrderedText, _ step: Step) -> Step {
        var step = step
        let script = ReadingScript(ordered, segmenter: segmenter)
        if script.skippedBlocks > 0 { step.notices.append(.partlyUnread) }
        if !script.segments.isEmpty { step.script = script }
        return step
    }
}
