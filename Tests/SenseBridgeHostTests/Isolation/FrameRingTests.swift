import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// Frames cross between the host and a runner in a sealed memfd (`FrameRing`), the pipe
/// carrying only where each block lies. Every slot a runner names is hostile until
/// checked: outside the runner's half, past the ring's end, or over a slot the host still
/// holds is a `WireError` (so the runner is stopped as protocol garbage), and what the
/// host keeps is its own copy, which the runner can no longer change.
@Suite struct FrameRingTests {
    static let depth = DepthMap(width: 256, height: 192, metres: (0..<256 * 192).map { Float($0 % 977) / 100 },
                                intrinsics: DepthMap.Intrinsics(fx: 128, fy: 128, cx: 127.5, cy: 95.5))

    static func depthReply(_ map: DepthMap = depth) -> RunnerReply {
        .frame(SensingFrame(timestampNanoseconds: 7, runID: 3, content: .depth(map)))
    }

    // MARK: RingBounds

    @Test func aSlotInsideTheRegionAndClearOfHeldSlotsIsAccepted() throws {
        try RingBounds.check(RingSlot(offset: 100, length: 28), within: 100..<128, inUse: [])
        try RingBounds.check(RingSlot(offset: 128, length: 0), within: 100..<128, inUse: [])
        try RingBounds.check(RingSlot(offset: 110, length: 8), within: 100..<128, inUse: [RingSlot(offset: 100, length: 10)])
    }

    @Test(arguments: [
        RingSlot(offset: 99, length: 4),          // starts in the host's half
        RingSlot(offset: 0, length: 0),           // before the region, even empty
        RingSlot(offset: 129, length: 0),         // past the ring's end
        RingSlot(offset: 120, length: 9),         // runs past the end
        RingSlot(offset: 100, length: 1 << 40),   // a length no ring has
    ])
    func aSlotOutsideTheRegionIsRefused(slot: RingSlot) {
        #expect(throws: WireError.self) { try RingBounds.check(slot, within: 100..<128, inUse: []) }
    }

    @Test func aSlotOverAHeldOneIsRefused() {
        let held = [RingSlot(offset: 100, length: 16)]
        #expect(throws: WireError.self) { try RingBounds.check(RingSlot(offset: 112, length: 8), within: 100..<128, inUse: held) }
        #expect(throws: WireError.self) { try RingBounds.check(RingSlot(offset: 96, length: 8), within: 96..<128, inUse: held) }
    }

    @Test func slotsOverflowingAnIntAreRefusedNotTrapped() {
        #expect(throws: WireError.self) { try RingBounds.check(RingSlot(offset: .max - 2, length: 8), within: 0..<128, inUse: []) }
        #expect(throws: WireError.self) { try RingBounds.check(RingSlot(offset: -8, length: 8), within: 0..<128, inUse: []) }
    }

    // MARK: Through a real ring

    @Test func aDepthFrameCrossesInTheRingAndThePipeCarriesOnlyItsSlot() throws {
        let ring = try FrameRing(creating: RunnerProtocol.ringBytes)
        let body = Self.depthReply().encode(id: 9, ring: ring.runnerRegion)
        #expect(body.count < 128, "the pipe carried \(body.count) bytes")
        let decoded = try RunnerReply.decode(body, ring: ring.runnerRegion)
        guard case .frame(let frame) = decoded.reply, case .depth(let map) = frame.content else {
            Issue.record("not a depth frame: \(decoded.reply)")
            return
        }
        #expect(map == Self.depth)
        #expect(decoded.named == [RingSlot(offset: ring.runnerRegion.bounds.lowerBound, length: 256 * 192 * 4)])
    }

    @Test func aPerceiveCallsPictureCrossesInTheHostsHalf() throws {
        let ring = try FrameRing(creating: RunnerProtocol.ringBytes)
        let picture = ImageFrame(format: .rgb24, width: 640, height: 480, pixels: (0..<640 * 480 * 3).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let request = RunnerRequest.perceive(.init(input: .image(picture), timestampNanoseconds: 5, locale: "en", deadline: 9))
        let body = request.encode(id: 4, ring: ring.hostRegion)
        #expect(body.count < 128, "the pipe carried \(body.count) bytes")
        #expect(try RunnerRequest.decode(body, ring: ring.hostRegion).request == request)
        // The runner reads only the host's half: a request naming any other slot is refused.
        #expect(throws: WireError.self) { try RunnerRequest.decode(body, ring: ring.runnerRegion) }
    }

    @Test func aFrameLargerThanItsHalfCrossesOnThePipe() throws {
        let ring = try FrameRing(creating: 64 << 10)
        let map = DepthMap(width: 100, height: 100, metres: Array(repeating: 1.5, count: 10_000))
        let body = Self.depthReply(map).encode(id: 1, ring: ring.runnerRegion)
        #expect(body.count > 40_000)
        let decoded = try RunnerReply.decode(body, ring: ring.runnerRegion)
        #expect(decoded.named.isEmpty)
        guard case .frame(let frame) = decoded.reply, case .depth(let back) = frame.content else {
            Issue.record("not a depth frame")
            return
        }
        #expect(back == map)
    }

    @Test func aSlotOnAConnectionWithoutARingIsRefused() throws {
        let ring = try FrameRing(creating: RunnerProtocol.ringBytes)
        let body = Self.depthReply().encode(id: 1, ring: ring.runnerRegion)
        #expect(throws: WireError.invalid("a block lies in a ring this connection does not have")) {
            try RunnerReply.decode(body)
        }
    }

    /// A runner that names again a slot the host holds (two replies to one request)
    /// would be rewriting a frame the host owns.
    @Test func aReplyNamingASlotTheHostHoldsIsRefused() throws {
        let ring = try FrameRing(creating: RunnerProtocol.ringBytes)
        let body = Self.depthReply().encode(id: 1, ring: ring.runnerRegion)
        let first = try RunnerReply.decode(body, ring: ring.runnerRegion)
        #expect(throws: WireError.self) { try RunnerReply.decode(body, ring: ring.runnerRegion, inUse: first.named) }
    }

    /// The slot's length is the frame's: a 256x192 map in a slot of another size is not
    /// the codec's, whatever the ring holds.
    @Test func aSlotThatIsNotItsFramesSizeIsRefused() throws {
        let ring = try FrameRing(creating: RunnerProtocol.ringBytes)
        var body = Self.depthReply().encode(id: 1, ring: ring.runnerRegion)
        // The slot's length is the body's last four bytes.
        let short = UInt32(256 * 192 * 4 - 4)
        body.replaceSubrange(body.count - 4..<body.count, with: withUnsafeBytes(of: short.littleEndian, Array.init))
        #expect(throws: WireError.invalid("a 256x192 depth frame carries \(256 * 192 - 1) samples")) {
            try RunnerReply.decode(body, ring: ring.runnerRegion)
        }
        let long = UInt32(256 * 192 * 4 + 4)
        body.replaceSubrange(body.count - 4..<body.count, with: withUnsafeBytes(of: long.littleEndian, Array.init))
        #expect(throws: WireError.self) { try RunnerReply.decode(body, ring: ring.runnerRegion) }
    }

    /// Copied once, then checked: a runner that goes on writing its half after its reply
    /// changes nothing the host decoded (no value is read from the ring twice).
    @Test func whatTheHostDecodedIsItsOwnCopy() throws {
        let ring = try FrameRing(creating: RunnerProtocol.ringBytes)
        let body = Self.depthReply().encode(id: 1, ring: ring.runnerRegion)
        let decoded = try RunnerReply.decode(body, ring: ring.runnerRegion)
        (ring.base + ring.runnerRegion.bounds.lowerBound).initializeMemory(as: UInt8.self, repeating: 0xFF, count: 256 * 192 * 4)
        guard case .frame(let frame) = decoded.reply, case .depth(let map) = frame.content else {
            Issue.record("not a depth frame")
            return
        }
        #expect(map == Self.depth)
    }

    @Test func aRunnerMapsOnlyASealedRingOfTheSizeItWasTold() throws {
        let ring = try FrameRing(creating: 1 << 20)
        _ = try FrameRing(mapping: ring.descriptor, capacity: 1 << 20)
        #expect(throws: FrameRing.Unavailable.self) { try FrameRing(mapping: ring.descriptor, capacity: 2 << 20) }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(throws: FrameRing.Unavailable.self) { try FrameRing(mapping: ends[0], capacity: 1 << 20) }
    }

    /// The seals hold against the runner: a ring it could shrink would turn the host's
    /// next read of its mapping into SIGBUS.
    @Test func theRingCannotBeResized() throws {
        let ring = try FrameRing(creating: 1 << 20)
        #expect(ftruncate(ring.descriptor, 4096) != 0 && errno == EPERM)
        #expect(ftruncate(ring.descriptor, 4 << 20) != 0 && errno == EPERM)
    }
}
