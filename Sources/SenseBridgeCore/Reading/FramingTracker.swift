/// Decides when a framing instruction is said: once, when it changes and has held.
///
/// Guidance is judged on every frame, and recognition flickers. Said as it comes, "text
/// runs past the left edge" would be repeated several times a second, or alternate with
/// silence as a box brushes the edge, and a channel that repeats itself gets ignored
/// (Invariant 7). So an instruction, or the well-framed nil, becomes current only after
/// `confirmations` frames in a row, and a current instruction is said only when it
/// becomes current. Moving the camera until the instruction goes away, then drifting
/// back, says it again: that is a new change the person needs to hear.
public struct FramingTracker: Sendable {
    /// Two frames: one frame's verdict is the flicker this exists to remove, and two at
    /// a live-reading rate cost a fraction of a second.
    public static let defaultConfirmations = 2

    public let confirmations: Int
    /// The instruction last made current (nil: well framed, or nothing judged yet).
    public private(set) var current: FramingInstruction?
    /// A verdict that differs from `current`, and for how many frames in a row it has.
    private var pending: (instruction: FramingInstruction?, frames: Int)?

    public init(confirmations: Int = defaultConfirmations) {
        precondition(confirmations >= 1, "an instruction needs at least one frame to be said")
        self.confirmations = confirmations
    }

    /// Feeds one frame's instruction (`FramingGuidance`); returns the instruction to say
    /// now, or nil to say nothing.
    public mutating func feed(_ instruction: FramingInstruction?) -> FramingInstruction? {
        guard instruction != current else {
            pending = nil
            return nil
        }
        let frames = pending.map { $0.instruction == instruction ? $0.frames + 1 : 1 } ?? 1
        guard frames >= confirmations else {
            pending = (instruction, frames)
            return nil
        }
        current = instruction
        pending = nil
        return instruction
    }

    /// The input ended on the frame fed last, which now holds still for good: the verdict
    /// it was confirming becomes current, and is returned when there is one to say.
    public mutating func finish() -> FramingInstruction? {
        guard let pending else { return nil }
        current = pending.instruction
        self.pending = nil
        return pending.instruction
    }

    /// Forgets the current instruction, so the next one is said even if unchanged: for a
    /// new reading session, when the listener has heard other things in between.
    public mutating func reset() {
        current = nil
        pending = nil
    }
}
