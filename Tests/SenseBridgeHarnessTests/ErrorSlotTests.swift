import CSenseBridgeABI
import Testing
@testable import SenseBridgeHarness
import SenseBridgeHost

/// What the harness sees of a plugin's error message, byte for byte.
@Suite struct ErrorSlotTests {
    func write(_ bytes: [UInt8], to slot: ErrorSlot, at offset: Int = 0) {
        withUnsafeMutableBytes(of: &slot.pointer.pointee.message) { raw in
            for (index, byte) in bytes.enumerated() where offset + index < raw.count { raw[offset + index] = byte }
        }
    }

    @Test func aWellFormedMessageHasNoProblem() {
        let slot = ErrorSlot()
        write(Array("config is wrong: café".utf8), to: slot)
        #expect(slot.formProblem() == nil)
        #expect(slot.describe(status: SB_ERR_INVALID_CONFIG) == "SB_ERR_INVALID_CONFIG: \"config is wrong: café\"")
    }

    @Test func invalidUTF8IsLocated() {
        let slot = ErrorSlot()
        write(Array("abc".utf8) + [0xFF, 0x41], to: slot)
        #expect(slot.formProblem() == "the error message is not valid UTF-8 (byte 0xFF at offset 3)")
    }

    @Test func anUnterminatedMessageIsNamed() {
        let slot = ErrorSlot()
        write([UInt8](repeating: 0x41, count: Int(SB_ERROR_MESSAGE_CAPACITY)), to: slot)
        #expect(slot.formProblem() == "the error message is not NUL-terminated within 512 bytes")
    }

    @Test func aWritePastTheBufferTripsTheGuard() {
        let slot = ErrorSlot()
        let raw = UnsafeMutableRawPointer(slot.pointer) + MemoryLayout<sb_error>.size
        raw.storeBytes(of: 0x41, as: UInt8.self)
        #expect(slot.formProblem()?.contains("wrote past the end") == true)
        slot.reset()
        #expect(slot.guardIntact && slot.isEmpty)
    }

    @Test func utf8OffsetsOfCommonMistakes() {
        #expect(UTF8Check.firstInvalidOffset(Array("ok".utf8)) == nil)
        #expect(UTF8Check.firstInvalidOffset([0x61, 0xE2, 0x82]) == 1)
        #expect(UTF8Check.firstInvalidOffset([0xED, 0xA0, 0x80]) == 0)
        #expect(UTF8Check.firstInvalidOffset([0x61, 0xC0, 0xAF]) == 1)
    }
}
