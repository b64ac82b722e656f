/// Where one block (a depth map's samples, a picture's pixels, a block of sound) lies
/// in a `FrameRing`, as a message on the pipe names it.
///
/// Ownership, which the protocol's order makes safe without any lock between the two
/// processes: a block is written whole before the message naming it is sent, and the
/// pipe's write and read order the memory for the reader. The reader then owns the
/// slot: the host owns a frame's slot from the runner's reply until its next request
/// to that runner, the runner owns a perceive call's slot until it replies. The writer
/// never writes a slot the reader owns; since one request is in flight at a time, each
/// writer starts every message at the start of its own half.
struct RingSlot: Equatable, Sendable {
    var offset: Int
    var length: Int

    var end: Int { offset + length }

    func overlaps(_ other: RingSlot) -> Bool {
        length > 0 && other.length > 0 && offset < other.end && other.offset < end
    }
}

/// The check of every slot a message names, made by whoever reads it; the host treats
/// what a runner names as hostile (the runner shares its address space with the
/// plugin). A slot outside the writer's half (before it, past the ring's end, or running
/// past it), or over a slot the reader still owns, is a protocol breach, and the host
/// stops such a runner as `protocol-garbage`: reading it would be reading the host's own
/// half or past the mapping.
enum RingBounds {
    static func check(_ slot: RingSlot, within region: Range<Int>, inUse: [RingSlot]) throws(WireError) {
        // Offsets and lengths come off the wire as u32, so neither is negative and their
        // sum cannot overflow; the guard says so for a caller that builds its own.
        guard slot.offset >= 0, slot.length >= 0, slot.offset <= Int.max - slot.length else {
            throw .invalid("a ring slot of \(slot.length) bytes at \(slot.offset) is not a slot")
        }
        guard slot.offset >= region.lowerBound, slot.end <= region.upperBound else {
            throw .invalid("a ring slot of \(slot.length) bytes at \(slot.offset) lies outside its writer's half of the ring "
                           + "(\(region.lowerBound)..<\(region.upperBound))")
        }
        if let held = inUse.first(where: slot.overlaps) {
            throw .invalid("a ring slot of \(slot.length) bytes at \(slot.offset) overlaps the one at \(held.offset), which the host still holds")
        }
    }
}
