/// Which call a cancel or interrupt reaches, in a runner: the runner's main thread
/// begins and ends requests, its nudge thread routes each cancel or interrupt by the id
/// of the call it names (the host sends the id of the call it has in flight).
///
/// Nudges cross on a pipe of their own, read on another thread, so one can overtake the
/// request it names: the host sends interrupt N just before or just after request N,
/// and the nudge thread reads it before the main thread has begun N. Dropped then, an
/// alert would wait behind the whole routine sentence it was meant to cut off
/// (Invariant 10). So a nudge for a call *ahead* of the last one begun is held, and the
/// call it names is answered cancelled when it begins, without reaching the plugin: what
/// the in-process call interrupted at once returns. A nudge for a call already answered
/// is still dropped, or it would cut off the next call, which after an interrupt is the
/// alert itself.
/// Pure: the runner keeps it under its lock.
struct RunnerCalls {
    /// The request being served now, if any.
    private(set) var serving: UInt32?
    /// The last request begun; nil before the first.
    private var lastBegun: UInt32?
    /// A cancel or interrupt for a call not begun yet.
    private var held: (id: UInt32, nudge: RunnerRequest)?

    enum Route: Equatable {
        /// To the plugin now: the call it names is being served.
        case deliver
        /// Until the call it names begins.
        case hold
        /// For a call already answered, or none the host could have begun.
        case drop
    }

    /// Where a cancel or interrupt for call `id` goes.
    mutating func route(_ nudge: RunnerRequest, id: UInt32) -> Route {
        if serving == id { return .deliver }
        // Calls are one at a time: while one is served, the host has begun no later one.
        guard serving == nil, isAhead(id) else { return .drop }
        held = (id, nudge)
        return .hold
    }

    /// Request `id` begins; true when a nudge that came ahead of it stops it (it is then
    /// answered cancelled, and never served).
    mutating func begin(_ request: RunnerRequest, id: UInt32) -> Bool {
        lastBegun = id
        defer { held = nil }
        if let held, held.id == id, Self.stops(held.nudge, request) { return true }
        serving = id
        return false
    }

    /// The request being served was answered.
    mutating func end() { serving = nil }

    /// The calls a nudge can stop, as in process: cancel a compose or a perceive,
    /// interrupt a render. Any other pairing is ignored by the plugin there, and here.
    static func stops(_ nudge: RunnerRequest, _ request: RunnerRequest) -> Bool {
        switch (nudge, request) {
        case (.interrupt, .render), (.cancel, .compose), (.cancel, .perceive): return true
        default: return false
        }
    }

    /// Ids count up from 1 and wrap: `id` is ahead when it is less than half the id space
    /// past the last one begun.
    private func isAhead(_ id: UInt32) -> Bool {
        guard let lastBegun else { return true }
        return Int32(bitPattern: id &- lastBegun) > 0
    }
}
