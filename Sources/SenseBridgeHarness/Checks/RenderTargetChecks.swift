import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeHost
import SenseBridgeCore

/// Checks for render targets.
enum RenderTargetChecks {
    /// An obstacle alert must cut off reading at once; a second is the most a person
    /// walking can afford, and the header asks for "within one buffer".
    static let interruptBound: TimeInterval = 1

    /// Long enough that no real target finishes delivering it before an interrupt lands.
    static let longText: [UInt8] = Array(String(repeating: "The quick brown fox reads the sign aloud. ", count: 6_300).utf8)  // ~256 KiB

    /// One sample per signal and locale; the non-English ones carry multi-byte UTF-8.
    static let samples: [(OutputSignal, String, String, UInt32)] = [
        (.description, "It looks like there's a chair ahead.", "en", 0),
        (.description, "Parece que hay una silla.", "es", 0),
        (.description, "Có vẻ như có một cái ghế.", "vi", 0),
        (.awarenessAlert, "Something is close.", "en", SB_MESSAGE_URGENT),
        (.awarenessClear, "The way looks clear of that object.", "en", 0),
        (.readingSegment, "Exit through the door on the left.", "en", 0),
        (.status, "Speech output is back.", "en", 0),
        (.sessionSummary, "You walked for ten minutes.", "en", 0),
    ]

    static let threadingRounds = 5

    static func renderOrFail(_ target: RawRenderTarget, _ message: CMessage, _ what: String, _ c: CheckContext) throws {
        let error = ErrorSlot()
        c.step("render \(what)")
        let status = target.render(message, error: error)
        guard status == SB_OK else { throw CheckFailure("render \(what) returned \(error.describe(status: status))") }
    }

    static func signals(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        for (index, (signal, text, locale, flags)) in samples.enumerated() {
            let message = CMessage(text, signal: signal.abiValue, flags: flags, locale: locale, sequence: UInt64(index + 1))
            try renderOrFail(target, message, "of signal \(signal) (\(signal.rawValue)) in \(locale)", c)
        }
        return .pass("\(samples.count) messages covering all \(OutputSignal.allCases.count) signals rendered")
    }

    static func unknownSignal(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        let unknown: [UInt32] = [0, UInt32(OutputSignal.allCases.count + 1), 1000, UInt32.max]
        for value in unknown {
            try renderOrFail(target, CMessage("A future kind of message.", signal: value), "of unknown signal \(value)", c)
        }
        return .pass("signals \(unknown.map(String.init).joined(separator: ", ")) accepted")
    }

    static func textLengths(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        try renderOrFail(target, CMessage(bytes: []), "of empty text (0 bytes)", c)
        let long = Array(longText.prefix(64 * 1024))
        let start = MonotonicClock.nanoseconds()
        try renderOrFail(target, CMessage(bytes: long), "of very long text (\(long.count) bytes)", c)
        return .pass("empty text, and \(long.count) bytes in \(Int(ResidentMemory.seconds(since: start) * 1000)) ms")
    }

    /// Each a way text goes wrong in practice: a Latin-1 byte, a truncated sequence,
    /// an encoded surrogate (CESU-8 from Java or JavaScript), an overlong slash.
    static let invalidTexts: [(String, [UInt8])] = [
        ("a Latin-1 byte", Array("caf".utf8) + [0xE9]),
        ("a truncated sequence", Array("note ".utf8) + [0xE2, 0x82]),
        ("an encoded surrogate", [0xED, 0xA0, 0x80] + Array(" x".utf8)),
        ("an overlong encoding", [0xC0, 0xAF]),
        ("a lone continuation byte", [0x80]),
    ]

    static func invalidUTF8(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        let error = ErrorSlot()
        for (what, bytes) in invalidTexts {
            c.step("render of text with \(what)")
            let status = target.render(CMessage(bytes: bytes), error: error)
            if status == SB_OK {
                throw CheckFailure("render accepted text with \(what) (\(hex(bytes))); it must return SB_ERR_INVALID_ARGUMENT")
            }
            if status != SB_ERR_INVALID_ARGUMENT {
                throw CheckFailure("render refused text with \(what) with \(error.describe(status: status)); the header's code is SB_ERR_INVALID_ARGUMENT")
            }
            if error.isEmpty { throw CheckFailure("render refused text with \(what) with SB_ERR_INVALID_ARGUMENT but no message") }
        }
        try renderOrFail(target, CMessage("Valid text after invalid text."), "of valid text after the refusals", c)
        return .pass("\(invalidTexts.count) invalid texts refused with SB_ERR_INVALID_ARGUMENT; valid text still renders")
    }

    /// Renders the long text on a worker while another thread interrupts it.
    /// Returns the status, or nil when the render did not end within `bound`.
    static func interruptedRender(_ target: RawRenderTarget, _ c: CheckContext, bound: TimeInterval = interruptBound)
        -> (status: sb_status, error: ErrorSlot, seconds: TimeInterval, pokes: Int)? {
        let message = CMessage(bytes: longText, signal: SB_SIGNAL_READING_SEGMENT)
        let error = ErrorSlot()
        var status: sb_status = SB_OK
        c.step("render of \(longText.count) bytes on a worker thread, interrupted from another")
        let start = MonotonicClock.nanoseconds()
        let render = BackgroundCall("sensebridge.harness.render") { status = target.render(message, error: error) }
        let poke = RepeatedPoke { target.interrupt() }
        poke.waitForFirstPoke(seconds: 5)
        let finished = render.wait(seconds: bound)
        let pokes = poke.pokes
        poke.stop()
        guard finished else { return nil }
        return (status, error, ResidentMemory.seconds(since: start), pokes)
    }

    static func interrupt(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        guard let outcome = interruptedRender(target, c) else {
            // The worker is still inside render: destroying the instance would be a use
            // after free, so the instance is left for the process exit to reclaim.
            throw CheckFailure("render of \(longText.count) bytes was still running \(HarnessRunner.formatSeconds(interruptBound)) s after interrupt was first called from another thread")
        }
        defer { target.destroy() }
        switch outcome.status {
        case SB_OK, SB_ERR_CANCELLED:
            if outcome.status == SB_ERR_CANCELLED && outcome.error.isEmpty {
                throw CheckFailure("the interrupted render returned SB_ERR_CANCELLED without a message")
            }
            let how = outcome.status == SB_OK ? "returned SB_OK" : "returned SB_ERR_CANCELLED"
            return .pass("a \(longText.count)-byte render \(how) \(Int(outcome.seconds * 1000)) ms after it began (\(outcome.pokes) interrupt call(s))")
        default:
            throw CheckFailure("the interrupted render returned \(outcome.error.describe(status: outcome.status)); expected SB_ERR_CANCELLED or SB_OK")
        }
    }

    static func afterInterrupt(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        c.step("interrupt with no render in progress")
        target.interrupt()
        try renderOrFail(target, CMessage("After an idle interrupt."), "after an interrupt with no render in progress", c)
        // How fast the interrupt lands is render-interrupt's concern; this check only
        // needs the call over, so it waits as long as a worker may take.
        guard interruptedRender(target, c, bound: CommonChecks.workerBound) != nil else {
            throw CheckFailure("render of \(longText.count) bytes, interrupted, was still running after \(Int(CommonChecks.workerBound)) s; nothing after it could be tried")
        }
        defer { target.destroy() }
        try renderOrFail(target, CMessage("After an interrupted render."), "after an interrupted render", c)
        return .pass("renders after an idle and a mid-call interrupt both returned SB_OK")
    }

    static func leakPerCall(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        let message = CMessage("It looks like there's a cup.")
        let error = ErrorSlot()
        c.step("render in a loop")
        let measurement = try ResidentMemory.measure(budget: c.timeout * 0.8) {
            let status = target.render(message, error: error)
            guard status == SB_OK else { throw CheckFailure("render failed during the loop with \(error.describe(status: status))") }
        }
        return try ResidentMemory.report(measurement, unit: "render")
    }

    static func threading(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)  // created on the main thread
        var problems: [String] = []
        let lock = NSLock()
        c.step("renders on a worker thread while a third thread interrupts")
        let poke = RepeatedPoke(every: 1) { target.interrupt() }
        poke.waitForFirstPoke(seconds: 5)
        let worker = BackgroundCall("sensebridge.harness.worker") {
            let error = ErrorSlot()
            for (index, (signal, text, locale, flags)) in (0..<threadingRounds).flatMap({ _ in samples }).enumerated() {
                let status = target.render(CMessage(text, signal: signal.abiValue, flags: flags, locale: locale, sequence: UInt64(index + 1)), error: error)
                if status != SB_OK && status != SB_ERR_CANCELLED {
                    lock.lock(); problems.append("render of signal \(signal) on a worker thread returned \(error.describe(status: status))"); lock.unlock()
                }
            }
        }
        let finished = worker.wait(seconds: CommonChecks.workerBound)
        poke.stop()
        guard finished else {
            throw CheckFailure("renders on a worker thread, interrupted from another, did not finish within \(Int(CommonChecks.workerBound)) s")
        }
        if let problem = problems.first { throw CheckFailure(problem) }
        try renderOrFail(target, CMessage("Back on the main thread."), "on the main thread after the worker", c)
        c.step("destroy on the main thread")
        target.destroy()
        return .pass("\(samples.count * threadingRounds) renders on a worker with \(poke.pokes) interrupts from a third thread")
    }

    static func provokeErrors(_ c: CheckContext, _ provoked: inout ErrorProvocations) throws {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        let error = ErrorSlot()
        for (what, bytes) in invalidTexts {
            c.step("render of text with \(what)")
            let status = target.render(CMessage(bytes: bytes), error: error)
            provoked.record("render of text with \(what)", status: status, error, ownsEmptiness: false)
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}
