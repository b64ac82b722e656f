/// From one image frame to what is said about it: the notices (darkness, framing, an
/// unread page, a page read turned, text left out) and, when a page is to be read, its
/// script, each block in its own language when the person has not pinned one.
///
/// Pure but for the recognizer, which the caller passes in (the session gives it the
/// perceiver plugin, a test a closure), so every rule here is tested without a camera.
///
/// - Document mode: every frame is a page, read once; its framing problem, if any, is
///   said before it, since a still image gets no second look.
/// - Either mode: a page the reader turned upright is said to have been, before its
///   reading, once per change (`OrientationTracker`); the page's own cut edges come
///   before its text's in framing guidance (`FramingGuidance`).
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
    private var orientation: OrientationTracker
    /// The languages a page may be in, the person's first; nil when the person pinned
    /// theirs. The caller sends them to the reader (`PerceiveRequest.pageLocales`).
    public let pageLocales: [SpokenLocale]?
    private var unreadSaid = false
    /// What became of the last frame fed (live), which `finish` holds still.
    private var lastFrame = LastFrame.none

    private enum LastFrame: Sendable {
        case none
        /// Not recognized: only darkness can settle.
        case dim
        /// The recognizer failed, and was said to; holding it still would fail again.
        case unread
        case recognized(OrderedText, PageView)
    }

    /// - Parameter pinned: the person chose the locale for this reading (`--locale`), so
    ///   every page is read in it; otherwise a page may be in any locale SenseBridge
    ///   speaks (`BlockLanguage.pageLocales`), and each block is read in its own.
    public init(locale: SpokenLocale, live: Bool, pinned: Bool = true, maximumWords: Int = TextSegmenter.defaultMaximumWords) {
        self.live = live
        self.segmenter = TextSegmenter(locale: locale, maximumWords: maximumWords)
        self.orientation = OrientationTracker(live: live)
        self.pageLocales = pinned ? nil : BlockLanguage.pageLocales(person: locale)
    }

    public mutating func feed(_ image: ImageFrame, perceive: (ImageFrame) throws -> Perception) -> Step {
        var step = Step()
        let luminance = FrameLuminance.measure(image)
        if darkness.feed(luminance) { step.notices.append(.tooDark) }
        if live && luminance == .dim {
            lastFrame = .dim
            return step
        }

        var perception: Perception
        do {
            perception = try perceive(image)
            perception.records = perception.records.filter { $0.kind == .text }
        } catch {
            step.unread = true
            lastFrame = .unread
            if !live || !unreadSaid { step.notices.append(.pageUnread) }
            unreadSaid = true
            return step
        }
        unreadSaid = false
        let instruction = FramingGuidance.instruction(perception, frameWidth: image.width, frameHeight: image.height)
        let ordered = ReadingOrder.order(perception.records, frameAspectRatio: readAspectRatio(image, perception.page))
        if live {
            lastFrame = .recognized(ordered, perception.page)
            if let said = framing.feed(instruction) { step.notices.append(.framing(said)) }
            guard stabilizer.feed(ordered.text) != nil else { return step }
        } else {
            if let instruction { step.notices.append(.framing(instruction)) }
            guard !ordered.blocks.isEmpty else {
                // A cut page edge outranks "no text is recognized" as the one instruction,
                // but a page from which nothing at all was read is still said to be so
                // (Invariants 2 and 6): the edge alone would leave the person waiting.
                if instruction != .noTextRecognized, !perception.records.contains(where: { $0.label.contains { !$0.isWhitespace } }) {
                    step.notices.append(.framing(.noTextRecognized))
                }
                return step
            }
        }
        return scripted(ordered, perception.page, step)
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
        case let .recognized(ordered, page):
            if let said = framing.finish() { step.notices.append(.framing(said)) }
            // The stabilizer settles on the last frame's own text, so that frame is read.
            guard stabilizer.finish() != nil else { return step }
            return scripted(ordered, page, step)
        }
    }

    /// `step` with the reading of `ordered`, the turn it was read at when that is news,
    /// and the notice of text left out of it.
    private mutating func scripted(_ ordered: OrderedText, _ page: PageView, _ step: Step) -> Step {
        var step = step
        let script = ReadingScript(ordered, segmenter: segmenter, pageLocales: pageLocales)
        // The turn first: an edge named after it ("the top edge of the page") is the edge
        // of the page as read, which only makes sense once the person knows it was turned.
        if let turn = orientation.read(turnedDegrees: page.turnedDegrees) { step.notices.insert(.readTurned(turn), at: 0) }
        if script.skippedBlocks > 0 { step.notices.append(.partlyUnread) }
        if !script.segments.isEmpty { step.script = script }
        return step
    }

    /// The aspect ratio of the image as the reader read it: a page read on its side was
    /// read from an image turned a quarter, whose width is the frame's height. Reading
    /// order groups columns by the page's own proportions. (A flattened page's own
    /// proportions are unknown here; the frame's stand in for them.)
    private func readAspectRatio(_ image: ImageFrame, _ page: PageView) -> Double {
        guard image.width > 0, image.height > 0 else { return 1 }
        let ratio = Double(image.width) / Double(image.height)
        return page.turnedDegrees % 180 == 90 ? 1 / ratio : ratio
    }
}
