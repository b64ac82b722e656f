import CFrameRing
import Foundation

/// The shared memory a frame's samples or pixels cross in between the host and a
/// runner, so the pipe carries only where they are (runner protocol 6).
///
/// A sealed memfd (`CFrameRing`), created by the host before it spawns the runner, sized
/// once, and mapped shared by both. Never a file on disk: anonymous memory that goes when
/// both processes have let go of it (Invariant 11). The seals matter for the host's
/// safety: a runner that could shrink the memfd would turn the host's next read of its
/// mapping into SIGBUS.
///
/// Two halves, one per writer: the host writes a perceive call's picture or sound in
/// the first, the runner writes a frame's samples or pixels in the second. Neither side
/// ever writes where the other does, so a block in flight in one direction can never be
/// overwritten by a block going the other way.
/// What is written through `base` is ordered by the pipe (see `RingSlot`).
/// Unchecked Sendable: `base` and `capacity` never change; writes through `base` are ordered by the pipe.
final class FrameRing: @unchecked Sendable {
    /// Why a ring could not be made or mapped.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    let capacity: Int
    let base: UnsafeMutableRawPointer
    /// The memfd, until `closeDescriptor` (the host closes its copy once the runner has one).
    private(set) var descriptor: Int32

    /// The host's: a fresh sealed memfd of `capacity` bytes, mapped.
    init(creating capacity: Int) throws(Unavailable) {
        let fd = sb_frame_ring_create(capacity)
        guard fd >= 0 else { throw Unavailable(description: "memfd_create failed (\(String(cString: strerror(errno))))") }
        self.capacity = capacity
        descriptor = fd
        do {
            base = try Self.map(fd, capacity)
        } catch {
            close(fd)
            throw error
        }
    }

    /// The runner's: the memfd it inherited, when it is `capacity` bytes and sealed as
    /// the host seals it.
    init(mapping fd: Int32, capacity: Int) throws(Unavailable) {
        guard sb_frame_ring_is_sealed(fd, capacity) == 1 else {
            throw Unavailable(description: "descriptor \(fd) is not a sealed ring of \(capacity) bytes")
        }
        self.capacity = capacity
        descriptor = fd
        base = try Self.map(fd, capacity)
    }

    deinit {
        munmap(base, capacity)
        closeDescriptor()
    }

    func closeDescriptor() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Where the host writes (a perceive call's input).
    var hostRegion: RingRegion { RingRegion(base: base, bounds: 0..<capacity / 2) }
    /// Where the runner writes (a frame's block).
    var runnerRegion: RingRegion { RingRegion(base: base, bounds: capacity / 2..<capacity) }

    private static func map(_ fd: Int32, _ capacity: Int) throws(Unavailable) -> UnsafeMutableRawPointer {
        guard let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw Unavailable(description: "mmap failed (\(String(cString: strerror(errno))))")
        }
        return mapped
    }
}

/// One writer's half of a `FrameRing`: offsets are the ring's own, so both sides name
/// the same byte the same way.
struct RingRegion {
    let base: UnsafeMutableRawPointer
    let bounds: Range<Int>
}
