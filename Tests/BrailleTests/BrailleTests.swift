import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The built library through the host's loader, writing to a real BRLTTY whose display
/// is Tests/Servers/brltty_display.py: what reached the display is read back from it.
@Suite(.serialized) struct BrailleTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("braille.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.braille")
    }

    func target(_ brltty: TestBRLTTY, _ extra: String = "") throws -> RenderTargetInstance {
        try host.renderTarget(manifest, rawConfig: #"{"host": "\#(brltty.host)"\#(extra)}"#)
    }

    static let sentences: [(SpokenLocale, String, String)] = [
        (.en, "It looks like there's a chair.", "en-us-g2.ctb"),
        (.es, "Parece que hay una silla y una puerta.", "es-g2.ctb"),
        (.vi, "Có vẻ như có một cái ghế.", "vi-vn-g2.ctb"),
    ]

    @Test func knownSentencesReachTheDisplayAsLouTranslateGivesThem() throws {
        let brltty = try TestBRLTTY(cells: 80)
        let target = try target(brltty)
        for (locale, text, table) in Self.sentences {
            let expected = try LouTranslate.cells(text, table: table)
            #expect(!expected.isEmpty && expected.count <= 80)
            try target.render(OutputMessage(signal: .description, text: text, locale: locale))
            #expect(brltty.waitUntilShowing(expected), "\(locale): shown \(brltty.current ?? []) expected \(expected)")
        }
        // Uncontracted, and a table given per locale.
        let plain = try self.target(brltty, #", "contracted": false, "tables": {"es": "es-g1.ctb"}"#)
        for (locale, text, table) in [(SpokenLocale.en, "It looks like there's a chair.", "en-us-g1.ctb"),
                                      (.es, "Parece que hay una silla.", "es-g1.ctb")] {
            let expected = try LouTranslate.cells(text, table: table)
            try plain.render(OutputMessage(signal: .status, text: text, locale: locale))
            #expect(brltty.waitUntilShowing(expected), "\(table): shown \(brltty.current ?? []) expected \(expected)")
        }
        #expect(try LouTranslate.cells("It looks like there's a chair.", table: "en-us-g1.ctb")
                != LouTranslate.cells("It looks like there's a chair.", table: "en-us-g2.ctb"), "grade 1 and 2 should differ")
    }

    static let long = "The text appears to say: platform two departs at seven fifteen for the northern coast, change at the central station."

    @Test func aLongMessageIsSplitAtWordsAndPannedWithTheDisplayKeys() throws {
        let brltty = try TestBRLTTY(cells: 20)
        let target = try target(brltty)
        let windows = LouTranslate.windows(try LouTranslate.cells(Self.long, table: "en-us-g2.ctb"), width: 20)
        #expect(windows.count >= 4)
        #expect(windows.allSatisfy { $0.count <= 20 && $0.first != 0 && $0.last != 0 })
        let firstShown = brltty.shown().count
        try target.render(OutputMessage(signal: .description, text: Self.long))
        #expect(brltty.waitUntilShowing(windows[0]))
        brltty.press("FWinRt")
        #expect(brltty.waitUntilShowing(windows[1]), "pan right: \(brltty.current ?? [])")
        brltty.press("LnDn")
        #expect(brltty.waitUntilShowing(windows[2]), "line down pans on too")
        brltty.press("FWinLt")
        #expect(brltty.waitUntilShowing(windows[1]), "pan left")
        // A routing key is ignored: the next pan goes to window 2, not further.
        // BRLTTY 6.5 often drops the command the display sends right after a routing key:
        // its server log (SENSEBRIDGE_BRLTTY_LOG=info,server) shows the route passed to
        // the client and no command at all for the pan that followed. So the pan is
        // pressed again only when the display did not move: were routing a pan, window 3
        // would show.
        let before = brltty.shown().count
        brltty.press("Route 3")
        brltty.press("FWinRt")
        if !brltty.waitUntilShowing(windows[2], timeout: 3) {
            brltty.press("FWinRt")
        }
        #expect(brltty.waitUntilShowing(windows[2]), "after a routing key: \(brltty.current ?? [])")
        let third = windows[3] + [UInt8](repeating: 0, count: 20 - windows[3].count)
        #expect(!brltty.shown().dropFirst(before).contains(third), "a routing key moved the window")
        // Every window the display showed was one of the expected windows, none a cut word.
        let padded = Set(windows.map { $0 + [UInt8](repeating: 0, count: 20 - $0.count) })
        let seen = brltty.shown().dropFirst(firstShown).filter { $0.contains { $0 != 0 } }
        #expect(!seen.isEmpty && seen.allSatisfy { padded.contains($0) }, "\(seen)")
    }

    @Test func aReadingSegmentEndsWhenThePersonPansPastTheLastWindow() throws {
        let brltty = try TestBRLTTY(cells: 20)
        let target = try target(brltty, #", "readingWindowSeconds": 30"#)
        let text = "Change at the central station for the coast."
        let windows = LouTranslate.windows(try LouTranslate.cells(text, table: "en-us-g2.ctb"), width: 20)
        #expect(windows.count == 2)
        let reading = CallOnAnotherThread { try target.render(OutputMessage(signal: .readingSegment, text: text)) }
        #expect(brltty.waitUntilShowing(windows[0]))
        brltty.press("FWinRt")
        #expect(brltty.waitUntilShowing(windows[1]))
        #expect(!reading.isFinished, "the render returned before the person read the last window")
        let pressed = Date()
        brltty.press("FWinRt")
        #expect(try reading.wait(seconds: 10) == nil)
        #expect(Date().timeIntervalSince(pressed) < 3, "the render did not end on the pan past the end")
    }

    @Test func anInterruptEndsAReadingSegment() throws {
        let brltty = try TestBRLTTY(cells: 20)
        let target = try target(brltty, #", "readingWindowSeconds": 30"#)
        let windows = LouTranslate.windows(try LouTranslate.cells(Self.long, table: "en-us-g2.ctb"), width: 20)
        let outcome = Locked<Error?>(nil)
        let reading = CallOnAnotherThread {
            do { try target.render(OutputMessage(signal: .readingSegment, text: Self.long)) } catch { outcome.withLock { $0 = error } }
        }
        #expect(brltty.waitUntilShowing(windows[0]))
        #expect(!reading.isFinished)
        let interrupted = Date()
        _ = CallOnAnotherThread.until(seconds: 5) { target.interrupt(); return reading.isFinished }
        #expect(try reading.wait(seconds: 5) == nil)
        #expect(Date().timeIntervalSince(interrupted) < 2)
        let error = outcome.withLock { $0 } as? PluginCallError
        #expect(error?.isCancelled == true, "\(String(describing: error))")
        // The next render works as usual.
        try target.render(OutputMessage(signal: .status, text: "Stopped."))
        #expect(brltty.waitUntilShowing(try LouTranslate.cells("Stopped.", table: "en-us-g2.ctb")))
    }

    @Test func anAlertTakesTheDisplayAtOnceAndHoldsItAgainstRoutineMessages() throws {
        let brltty = try TestBRLTTY(cells: 40)
        let target = try target(brltty, #", "alertHoldSeconds": 2"#)
        let routine = try LouTranslate.cells("A chair.", table: "en-us-g2.ctb")
        let alert = try LouTranslate.cells("Something close ahead.", table: "en-us-g2.ctb")
        let second = try LouTranslate.cells("Very close.", table: "en-us-g2.ctb")
        try target.render(OutputMessage(signal: .description, text: "A chair."))
        #expect(brltty.waitUntilShowing(routine))
        // The alert shows at once and its render returns at once.
        let started = Date()
        try target.render(OutputMessage(signal: .awarenessAlert, text: "Something close ahead.", isUrgent: true))
        #expect(Date().timeIntervalSince(started) < 1, "an alert render must return at once")
        #expect(brltty.waitUntilShowing(alert, timeout: 1))
        // A routine message waits for the hold to end.
        let waiting = CallOnAnotherThread { try target.render(OutputMessage(signal: .description, text: "A chair.")) }
        #expect(brltty.current == alert + [UInt8](repeating: 0, count: 40 - alert.count))
        // Another urgent message replaces the alert at once (the host interrupts the
        // routine render first, as it does for every urgent message).
        // Interrupted until it ends: one that lands before the render begins is ignored.
        _ = CallOnAnotherThread.until(seconds: 5) { target.interrupt(); return waiting.isFinished }
        let ended = try waiting.wait(seconds: 5)
        #expect((ended as? PluginCallError)?.isCancelled == true, "the waiting routine render: \(String(describing: ended))")
        try target.render(OutputMessage(signal: .awarenessAlert, text: "Very close.", isUrgent: true))
        #expect(brltty.waitUntilShowing(second, timeout: 1))
        let heldFrom = Date()
        try target.render(OutputMessage(signal: .description, text: "A chair."))
        let held = Date().timeIntervalSince(heldFrom)
        #expect(held >= 1.7 && held < 4, "the routine render waited \(held) s for a 2 s hold")
        #expect(brltty.waitUntilShowing(routine))
    }

    /// Invariant 10: a safety alert is held like every alert, and felt as no other message
    /// is: dots 7 and 8 under every cell, the six-dot text as liblouis gives it.
    @Test func aSafetyAlertIsHeldAndUnderlinedWithDotsSevenAndEight() throws {
        let brltty = try TestBRLTTY(cells: 40)
        let target = try target(brltty, #", "alertHoldSeconds": 2"#)
        let text = "Alert: it sounds like a smoke alarm."
        let cells = try LouTranslate.cells(text, table: "en-us-g2.ctb")
        #expect(!cells.isEmpty && cells.count <= 40 && cells.allSatisfy { $0 & 0xC0 == 0 }, "six-dot text: \(cells)")
        let started = Date()
        try target.render(OutputMessage(signal: .safetyAlert, text: text, isUrgent: true))
        #expect(Date().timeIntervalSince(started) < 1, "an alert render must return at once")
        let marked = cells.map { $0 | 0xC0 }
        #expect(brltty.waitUntilShowing(marked, timeout: 1), "shown \(brltty.current ?? [])")
        let heldFrom = Date()
        try target.render(OutputMessage(signal: .description, text: "A chair."))
        #expect(Date().timeIntervalSince(heldFrom) >= 1.7, "a routine message waits for the alert's hold")
        // The same words as an obstacle alert carry no mark.
        try target.render(OutputMessage(signal: .awarenessAlert, text: text, isUrgent: true))
        #expect(brltty.waitUntilShowing(cells, timeout: 1), "shown \(brltty.current ?? [])")
    }

    @Test func noBRLTTYIsAClearErrorAtCreate() throws {
        // A BrlAPI number whose socket does not exist.
        let number = (900...999).first { !FileManager.default.fileExists(atPath: "/var/lib/BrlAPI/\($0)") } ?? 999
        #expect {
            _ = try host.renderTarget(manifest, rawConfig: #"{"host": ":\#(number)"}"#)
        } throws: { error in
            let text = "\(error)"
            return text.contains("BRLTTY is not reachable through BrlAPI at :\(number)")
        }
    }

    @Test func aBRLTTYWithoutADisplayIsAClearErrorAtCreate() throws {
        let brltty = try TestBRLTTY(noDisplay: true)
        #expect {
            _ = try target(brltty)
        } throws: { error in
            "\(error)".contains("BRLTTY at \(brltty.host) has no braille display")
        }
    }

    @Test func aBadTableIsAClearErrorAtCreate() throws {
        let brltty = try TestBRLTTY()
        #expect {
            _ = try target(brltty, #", "tables": {"vi": "no-such-table.ctb"}"#)
        } throws: { error in
            "\(error)".contains("The liblouis table no-such-table.ctb (for vi) was not found")
        }
    }

    @Test func whenBRLTTYDiesARenderIsUnavailableAndALaterOneReconnects() throws {
        let brltty = try TestBRLTTY(cells: 40)
        let target = try target(brltty)
        try target.render(OutputMessage(signal: .status, text: "Started."))
        #expect(brltty.waitUntilShowing(try LouTranslate.cells("Started.", table: "en-us-g2.ctb")))
        #expect(brltty.stopDaemon())
        let started = Date()
        #expect {
            try target.render(OutputMessage(signal: .description, text: "A chair."))
        } throws: { error in
            (error as? PluginCallError)?.status == 11 && "\(error)".contains("BRLTTY")
        }
        #expect(Date().timeIntervalSince(started) < 1, "a failed reconnect must not block")
        // Still gone: still unavailable, still at once.
        #expect(throws: PluginCallError.self) { try target.render(OutputMessage(signal: .description, text: "A chair.")) }
        #expect(brltty.startDaemon())
        try target.render(OutputMessage(signal: .description, text: "A table."))
        #expect(brltty.waitUntilShowing(try LouTranslate.cells("A table.", table: "en-us-g2.ctb")))
    }

    /// In its own process (`sensebridge-plugin-runner`, no network: an empty network
    /// namespace or a seccomp filter on AF_INET), the target still reaches BRLTTY over the
    /// local BrlAPI socket, a file-system socket, and pans with the display's keys.
    @Test func isolatedInTheRunnerItStillReachesTheLocalBRLTTY() throws {
        let brltty = try TestBRLTTY(cells: 20)
        let target = try host.renderTarget(manifest, rawConfig: #"{"host": "\#(brltty.host)"}"#, placement: Placement(isolated: true))
        #expect(target.isolated)
        let windows = LouTranslate.windows(try LouTranslate.cells(Self.long, table: "en-us-g2.ctb"), width: 20)
        try target.render(OutputMessage(signal: .description, text: Self.long))
        #expect(brltty.waitUntilShowing(windows[0]))
        brltty.press("FWinRt")
        #expect(brltty.waitUntilShowing(windows[1]))
    }
}
