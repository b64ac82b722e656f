import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeHost
import SenseBridgeCore

/// Checks for render targets.
enum RenderTargetChecks {
    /// Long enough that no real target finishes delivering it before an interrupt lands.
    static let longText: [UInt8] = Array(String(repeating: "The quick brown fox reads the sign aloud. ", count: 6_300).utf8)  // ~256 KiB

    /// `longText` `scale` times over, for a target that delivers even that too fast to judge.
    static func longText(scale: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(longText.count * scale)
        for _ in 0..<scale { text.append(contentsOf: longText) }
        return text
    }

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

    /// The cues with words, as the host sends them (`OutputCue.carriesWords`).
    static let cueSamples: [(OutputSignal, String, String, UInt32)] = [
        (.safetyAlert, "Alert: it sounds like a smoke alarm.", "en", SB_MESSAGE_URGENT),
        (.safetyAlert, "Alerta: suena como una alarma de humo.", "es", SB_MESSAGE_URGENT),
        (.safetyAlert, "Cảnh báo: nghe như có tiếng chuông báo khói.", "vi", SB_MESSAGE_URGENT),
    ]

    static let threadingRounds = 5

    static func renderOrFail(_ target: RawRenderTarget, _ message: CMessage, _ what: String, _ c: CheckContext) throws {
        let error = ErrorSlot()
        c.step("render \(what)")
        let status = target.render(message, error: error)
        guard status == SB_OK else { throw CheckFailure("render \(what) returned \(error.describe(status: status))") }
    }

    /// Every signal every target gets, then each cue the manifest offers as the host sends
    /// it: a cue without words with empty text, a safety alert as an urgent sentence in
    /// every locale; a cue it does not offer it never gets.
    static func signals(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        defer { target.destroy() }
        let cues = OutputCue.allCases.filter { c.manifest.capabilities.cues[$0] != nil }
        let messages = samples + cues.flatMap { cue in
            cue.carriesWords ? cueSamples.filter { $0.0 == cue.signal } : [(cue.signal, "", "en", UInt32(0))]
        }
        for (index, (signal, text, locale, flags)) in messages.enumerated() {
            let message = CMessage(text, signal: signal.abiValue, flags: flags, locale: locale, sequence: UInt64(index + 1))
            try renderOrFail(target, message, "of signal \(signal) (\(signal.rawValue)) in \(locale)", c)
        }
        let signals = Set(messages.map(\.0)).count
        let offered = cues.isEmpty ? "" : " (with the cue\(cues.count == 1 ? "" : "s") \(cues.map(\.rawValue).joined(separator: ", ")))"
        return .pass("\(messages.count) messages covering \(signals) signals rendered\(offered)")
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

    static let interruptWords = EarlyStop.Words(call: "render", poke: "interrupt",
                                                input: { "render of \(longText.count * $0) bytes" })

    /// A long reading-segment render on `target`, `scale` times the base text.
    static func longRender(_ target: RawRenderTarget, scale: Int) -> (ErrorSlot) -> sb_status {
        let message = CMessage(bytes: longText(scale: scale), signal: SB_SIGNAL_READING_SEGMENT)
        return { error in target.render(message, error: error) }
    }

    /// An obstacle alert must cut off reading at once, and the header asks for "within one
    /// buffer": judged against this target's own speed (EarlyStop), so a busy machine or a
    /// debug build slows the yardstick as much as the plugin.
    static func interrupt(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        let verdict = EarlyStop.measure(c, interruptWords, make: { longRender(target, scale: $0) }, poke: { target.interrupt() })
        switch verdict {
        case .hung(let reason):
            // The worker is still inside render: destroying the instance would be a use
            // after free, so the instance is left for the process exit to reclaim.
            throw CheckFailure(reason)
        case .fail(let reason):
            target.destroy()
            throw CheckFailure(reason)
        case .pass(let detail):
            target.destroy()
            return .pass(detail)
        }
    }

    static func afterInterrupt(_ c: CheckContext) throws -> CheckReport {
        let target = try RawRenderTarget(c)
        c.step("interrupt with no render in progress")
        target.interrupt()
        try renderOrFail(target, CMessage("After an idle interrupt."), "after an interrupt with no render in progress", c)
        // How early the interrupt lands is render-interrupt's concern; this check only
        // needs the call over, so it waits as long as a hang allows.
        c.step("render of \(longText.count) bytes on a worker thread, interrupted from another")
        let ceiling = CommonChecks.workerBound(c)
        guard EarlyStop.run("sensebridge.harness.render", pokeAfter: 0, ceiling: ceiling,
                            call: longRender(target, scale: 1), poke: { target.interrupt() }) != nil else {
            throw CheckFailure("render of \(longText.count) bytes, interrupted, was still running after \(HarnessRunner.formatSeconds(ceiling)) s; nothing after it could be tried")
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
        let finished = worker.wait(seconds: CommonChecks.workerBound(c))
        poke.stop()
        guard finished else {
            throw CheckFailure("renders on a worker thread, interrupted from another, did not finish within \(HarnessRunner.formatSeconds(CommonChecks.workerBound(c))) s")
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
