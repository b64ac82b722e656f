import Foundation
import SenseBridgeCore

/// Reads what a camera, a video, an image or a folder of images shows: each image frame
/// through a perceiver (OCR), its text put in reading order, split into sentences, and
/// spoken one at a time through the profile under a `ReadingCursor`.
///
/// The decisions live in the core (`ReadingOrder`, `ReadingScript`, `ReadingCursor`,
/// `FramingGuidance`, `DarknessTracker`, `LiveReadingStabilizer`); this class is the
/// edge that feeds them frames and commands and hands their sentences to the fan-out.
///
/// - Document mode reads every frame as a page, once, in order.
/// - Live mode (`Configuration.live`) is for a camera held over a page: a page is read
///   once its recognized text has stopped changing (the stabiliser), framing guidance
///   and "too dark" are said once per change, and nothing is said while the text moves.
///
/// Each sentence is awaited before the next: the cursor moves only when the fan-out has
/// rendered it, so "next" and "back" land between sentences as the listener heard them.
/// A command cuts the sentence in progress off (`ProfileFanOut.cancel(.readingSegment)`).
/// A page the perceiver failed on is said to be unread, never to be empty (Invariant 2).
/// The cursor and the page reader live on `run()`'s thread alone.
/// Unchecked Sendable: `lock` guards `stopRequested` and `summary`; everything else is `let`.
public final class ReadingSession: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var locale: SpokenLocale = .en
        /// The person chose `locale` for this reading (`--locale`): every page is read in
        /// it. Otherwise a page may be in any locale SenseBridge speaks, and each block is
        /// spoken in its own language's voice; notices stay in `locale` either way.
        public var localePinned = true
        public var live = false
        /// How long one page may take to recognize before it is given up as unread.
        public var perceiveSeconds: Double = 30
        public var frameTimeoutMilliseconds: UInt32 = 1000
        /// Words per spoken segment at most (`TextSegmenter`).
        public var maximumWords = TextSegmenter.defaultMaximumWords

        public init() {}
    }

    /// A message handed to the fan-out, with the targets it went to.
    public struct Delivery: Sendable {
        public var message: OutputMessage
        public var targets: [String]
    }

    public struct Summary: Equatable, Sendable {
        public var frames = 0
        /// Pages whose text was read (started; the listener may have quit part-way).
        public var pagesRead = 0
        /// Pages the perceiver failed on.
        public var pagesUnread = 0
        public var segmentsSpoken = 0
        /// The source stopped (crashed, or a camera that went away), not merely ended.
        public var sourceStopped = false
        /// Pictures the source could not give (a corrupt image in a folder), each
        /// reported through `sourceProblem` with the file and the reason.
        public var sourceErrors = 0
        public var quit = false
        /// Each page's sentences as they were read (hedges included), for the reading
        /// history when the person keeps one; never logged.
        public var pageTexts: [String] = []
    }

    private let source: SensingSourceInstance
    private let perceiver: PerceiverInstance
    private let fanOut: ProfileFanOut
    private let configuration: Configuration
    private let commands: ReadingCommands?
    private let log: HostLog
    private let observer: @Sendable (Delivery) -> Void
    private let sourceProblem: @Sendable (String) -> Void
    private let lock = NSLock()
    private var stopRequested = false
    private var summary = Summary()
    /// The perceiver was stopped (crashed, hung) on a page said unread; its restarted
    /// runner's first reading is said as its return.
    private var perceiverStopped = false

    /// `commands` nil: nobody is at the keys, and every page is read through once.
    /// `sourceProblem` gets the source's own words for a picture it could not give (they
    /// name the file and the reason), for the person's terminal, never the log.
    public init(source: SensingSourceInstance, perceiver: PerceiverInstance, fanOut: ProfileFanOut,
                configuration: Configuration, commands: ReadingCommands? = nil, log: HostLog = .shared,
                sourceProblem: @escaping @Sendable (String) -> Void = { _ in },
                observer: @escaping @Sendable (Delivery) -> Void = { _ in }) {
        self.sourceProblem = sourceProblem
        self.source = source
        self.perceiver = perceiver
        self.fanOut = fanOut
        self.configuration = configuration
        self.commands = commands
        self.log = log
        self.observer = observer
    }

    /// Ends the session within a frame timeout or a poll; safe from any thread.
    public func stop() {
        lock.withLock { stopRequested = true }
        perceiver.cancel()
        fanOut.cancel(.readingSegment)
        commands?.close()
    }

    private var stopped: Bool { lock.withLock { stopRequested } }

    /// Runs until the source ends (and, with a listener at the keys, they quit), `stop()`
    /// is called, or the listener quits. Throws only when the source cannot start.
    @discardableResult
    public func run() throws -> Summary {
        try source.start()
        defer { source.stop() }
        log.event(.info, "reading.started", [.public("live", configuration.live ? "yes" : "no")])
        var pages = PageReader(locale: configuration.locale, live: configuration.live, pinned: configuration.localePinned,
                               maximumWords: configuration.maximumWords)
        let pageLocales = pages.pageLocales?.map(\.rawValue)
        var lastCursor: ReadingCursor?
        var lastProblem: String?
        loop: while !stopped {
            // Between pages (live, a camera still showing the page just read), a key still
            // reaches that page: "back" and "repeat" read its sentences again.
            if let command = commands?.take(timeout: 0) {
                if command == .quit { markQuit(); break loop }
                if var cursor = lastCursor {
                    if read(&cursor, startingWith: cursor.handle(command)) == .quit { markQuit(); break loop }
                    lastCursor = cursor
                }
            }
            let next: SensingSourceInstance.Next
            do {
                next = try source.next(timeoutMilliseconds: configuration.frameTimeoutMilliseconds)
                lastProblem = nil
            } catch {
                // A picture that cannot be decoded costs that page, said and reported with
                // the source's words. A crashed source, a camera gone (live), or a file
                // failing the same way again (unreadable as a whole) will give nothing
                // more: "reading stopped", said once.
                let problem = "\(error)"
                let over = error is PluginStopped || configuration.live || problem == lastProblem
                if over {
                    log.event(.error, "reading.source.stopped", [.public("source", source.pluginID)])
                    lock.withLock { summary.sourceStopped = true }
                    if problem != lastProblem { sourceProblem(problem) }
                    say(.status, Phrasing.reading(.sourceStopped, locale: configuration.locale), urgent: true)
                    break loop
                }
                log.event(.warning, "reading.source.picture-failed", [.public("source", source.pluginID)])
                lock.withLock { summary.sourceErrors += 1; summary.pagesUnread += 1 }
                sourceProblem(problem)
                say(.status, Phrasing.reading(.pageUnread, locale: configuration.locale))
                lastProblem = problem
                continue
            }
            switch next {
            case .endOfStream:
                // Live, the last frame holds still: what it was settling into is said now.
                if take(pages.finish(), into: &lastCursor) == .quit { markQuit() }
                break loop
            case .timedOut:
                continue
            case .frame(let frame):
                guard case .image(let image) = frame.content else { continue }
                lock.withLock { summary.frames += 1 }
                let step = pages.feed(image, perceive: { try self.perceive($0, at: frame.timestampNanoseconds, pageLocales: pageLocales) })
                if take(step, into: &lastCursor) == .quit { markQuit(); break loop }
            }
        }
        // Past the last page, with someone at the keys: "back" and "repeat" still reach it.
        if var cursor = lastCursor, commands != nil, !stopped, !lock.withLock({ summary.quit }) {
            if read(&cursor, startingWith: [], waitingAtTheEnd: true) == .quit { markQuit() }
        }
        fanOut.drain(timeout: 30)
        let ended = lock.withLock { summary }
        log.event(.info, "reading.ended", [.public("pages", String(ended.pagesRead)), .public("unread", String(ended.pagesUnread))])
        return ended
    }

    /// Says a step's notices and reads its page, if it has one; `lastCursor` becomes that
    /// page's cursor, for "back" and "repeat" after it.
    private func take(_ step: PageReader.Step, into lastCursor: inout ReadingCursor?) -> Ending {
        step.notices.forEach { say(.status, Phrasing.reading($0, locale: configuration.locale)) }
        if step.unread { lock.withLock { summary.pagesUnread += 1 } }
        guard let script = step.script else { return .endOfText }
        lock.withLock {
            summary.pagesRead += 1
            summary.pageTexts.append(script.texts.joined(separator: " "))
        }
        var cursor = ReadingCursor(segments: script.segments, locale: configuration.locale)
        let ending = read(&cursor, startingWith: cursor.handle(.resume))
        lastCursor = cursor
        return ending
    }

    private func markQuit() {
        lock.withLock { summary.quit = true }
        fanOut.cancel(.readingSegment)
    }

    private func perceive(_ image: ImageFrame, at timestamp: UInt64, pageLocales: [String]?) throws -> Perception {
        let deadline = MonotonicClock.nanoseconds() + UInt64(configuration.perceiveSeconds * 1e9)
        do {
            let perception = try perceiver.perceivePage(image, timestampNanoseconds: timestamp, locale: configuration.locale.rawValue,
                                                        pageLocales: pageLocales, deadline: deadline)
            let returned = lock.withLock { () -> Bool in
                defer { perceiverStopped = false }
                return perceiverStopped
            }
            if returned { say(.status, Phrasing.status(.perceiverReturned(.text), locale: configuration.locale)) }
            return perception
        } catch {
            if error is PluginStopped { lock.withLock { perceiverStopped = true } }
            // The reason by code only: a perceiver's message could quote the page.
            log.event(.warning, "reading.perceive.failed", [.public("perceiver", perceiver.pluginID),
                                                            .public("reason", String(describing: type(of: error)))])
            throw error
        }
    }

    private enum Ending { case endOfText, quit }

    /// Carries out `actions` (what the cursor answered to the command that started this),
    /// then speaks the cursor's sentences until it passes the end (or, `waitingAtTheEnd`,
    /// until the listener quits or the keys go away) or quits.
    private func read(_ cursor: inout ReadingCursor, startingWith actions: [ReadingAction], waitingAtTheEnd: Bool = false) -> Ending {
        var actions = actions
        while !stopped {
            var speaking: Int?
            for action in actions {
                switch action {
                case .speak(let utterance):
                    say(.readingSegment, utterance.text, locale: utterance.locale)
                    lock.withLock { summary.segmentsSpoken += 1 }
                    speaking = utterance.id
                case .stopSpeaking:
                    fanOut.cancel(.readingSegment)
                case .sayEndOfText(let sentence):
                    say(.status, sentence)
                }
            }
            actions = []
            switch cursor.state {
            case .quit: return .quit
            case .pastTheEnd, .paused:
                if cursor.state == .pastTheEnd && !waitingAtTheEnd { return .endOfText }
                // Paused, or past the end with the keys still live: wait for a command.
                guard let commands else { return .endOfText }
                guard let command = commands.take(timeout: 0.2) else {
                    if commands.isClosed { return .endOfText }
                    continue
                }
                actions = cursor.handle(command)
            case .reading:
                guard let id = speaking ?? currentUtterance(cursor) else { continue }
                if let command = awaitUtterance() {
                    actions = cursor.handle(command)
                } else {
                    actions = cursor.handle(.utteranceFinished(id: id))
                }
            }
        }
        return .quit
    }

    private func currentUtterance(_ cursor: ReadingCursor) -> Int? {
        if case let .reading(_, utterance) = cursor.state { return utterance }
        return nil
    }

    /// Waits for the fan-out to finish what it was given; a command that arrives first
    /// is returned instead (and the sentence is then the cursor's to stop).
    private func awaitUtterance() -> ReadingCommand? {
        guard let commands else {
            fanOut.drain(timeout: 120)
            return nil
        }
        while !stopped {
            if let command = commands.take(timeout: 0.05) { return command }
            if fanOut.drain(timeout: 0) { return nil }
        }
        return nil
    }

    /// `locale` nil: the person's (`Configuration.locale`), as every notice is; a page's
    /// sentence carries its own block's.
    private func say(_ signal: OutputSignal, _ text: String, locale: SpokenLocale? = nil, urgent: Bool = false) {
        let message: OutputMessage = lock.withLock {
            OutputMessage(signal: signal, text: text, locale: locale ?? configuration.locale, isUrgent: urgent,
                          sessionTime: fanOut.sessionTime, sequence: fanOut.nextSequence())
        }
        let targets = fanOut.deliver(message)
        observer(Delivery(message: message, targets: targets))
    }
}
