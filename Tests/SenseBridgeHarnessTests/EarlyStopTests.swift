import CSenseBridgeABI
import Foundation
import Testing
@testable import SenseBridgeHarness
import SenseBridgeHost

/// The rule render-interrupt and compose-cancel apply, on plain figures: a call is judged
/// only by how it compares with itself uninterrupted, so the same plugin gets the same
/// verdict on an idle machine and on one four times slower.
@Suite struct EarlyStopTests {
    let words = RenderTargetChecks.interruptWords

    func judge(uninterrupted: TimeInterval, interrupted: TimeInterval, _ status: sb_status = SB_ERR_CANCELLED,
               hasMessage: Bool = true) -> EarlyStop.Verdict {
        EarlyStop.judge(words, input: "render of 264600 bytes", uninterrupted: uninterrupted, interrupted: interrupted,
                        status: status, described: "status \(status)", hasMessage: hasMessage, pokes: 3)
    }

    func passes(_ verdict: EarlyStop.Verdict) -> Bool {
        if case .pass = verdict { return true }
        return false
    }

    func reason(_ verdict: EarlyStop.Verdict) -> String {
        switch verdict {
        case .pass(let text), .fail(let text), .hung(let text): return text
        }
    }

    @Test func aCallThatStopsEarlyPassesAtAnySpeed() {
        // An idle release build, a debug build, and the same under a CPU hog on both cores.
        for slowdown in [1.0, 4.0, 20.0] {
            #expect(passes(judge(uninterrupted: 0.8 * slowdown, interrupted: 0.004 * slowdown)))
        }
    }

    @Test func aCallThatIgnoresInterruptFailsAtAnySpeed() {
        for slowdown in [1.0, 4.0, 20.0] {
            let verdict = judge(uninterrupted: 2.6 * slowdown, interrupted: 2.6 * slowdown, SB_OK)
            #expect(reason(verdict).hasPrefix("interrupt was ignored: render of 264600 bytes returned SB_OK after"))
            #expect(!passes(verdict))
        }
    }

    @Test func noticingInterruptOnlyAtTheEndFails() {
        let verdict = judge(uninterrupted: 2.6, interrupted: 2.5)
        #expect(!passes(verdict))
        #expect(reason(verdict).contains("interrupt is noticed at the end of the render, not while it runs"))
    }

    @Test func stoppingEarlyButReportingDeliveryFails() {
        let verdict = judge(uninterrupted: 1.0, interrupted: 0.01, SB_OK)
        #expect(!passes(verdict))
        #expect(reason(verdict).contains("returned SB_OK; the header's code when interrupt cut a call short is SB_ERR_CANCELLED"))
    }

    @Test func aCancelledCallMustSayWhy() {
        #expect(reason(judge(uninterrupted: 1.0, interrupted: 0.01, hasMessage: false)).contains("without a message"))
    }

    @Test func anotherStatusFails() {
        let verdict = judge(uninterrupted: 1.0, interrupted: 0.01, SB_ERR_IO)
        #expect(!passes(verdict))
        #expect(reason(verdict).contains("expected SB_ERR_CANCELLED"))
    }

    @Test func aCallTooQuickToJudgePassesWhateverItReturns() {
        // 7 ms for the whole render: there is nothing in flight for interrupt to cut short.
        #expect(passes(judge(uninterrupted: 0.007, interrupted: 0.007, SB_OK)))
        #expect(reason(judge(uninterrupted: 0.007, interrupted: 0.007, SB_OK)).contains("too quick for interrupt to matter"))
        #expect(passes(judge(uninterrupted: 0.007, interrupted: 0.001)))
    }

    @Test func theBoundsAreHangSizedAndFitTheCheckTimeout() {
        // render-interrupt at the default 20 s (40 s with its time scale): seconds of
        // uninterrupted timing and a double-digit hang ceiling, never a sub-second bound.
        #expect(EarlyStop.calibrationCap(timeout: 40) == 3)
        #expect(EarlyStop.hangCeiling(timeout: 40) == 14)
        // The tests' --timeout 5: the calibration and two hang waits still fit in 10 s.
        for timeout: TimeInterval in [2, 10, 40, 120] {
            let cap = EarlyStop.calibrationCap(timeout: timeout), ceiling = EarlyStop.hangCeiling(timeout: timeout)
            #expect(cap >= EarlyStop.judgeable)
            #expect(cap + 2 * ceiling < timeout, "timeout \(timeout)")
        }
    }
}
