import Foundation
import Testing
@testable import SenseBridgeHarness
import SenseBridgeHost

/// The nonce-tagged line protocol between a check's child and the harness.
@Suite struct ResultChannelTests {
    let nonce = "0123abcd"

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aResultAndTheLastStepAreRead() {
        let text = ResultChannel.stepLine(nonce: nonce, "create") + ResultChannel.stepLine(nonce: nonce, "render of\nempty text")
            + ResultChannel.resultLine(nonce: nonce, .fail("it broke"))
        let parsed = ResultChannel.parse(bytes(text), nonce: nonce)
        #expect(parsed.report == .fail("it broke"))
        #expect(parsed.lastStep == "render of empty text")
        #expect(parsed.problem == nil)
    }

    @Test func aLineWithAnotherNonceIsNeverTrusted() {
        let forged = "SBRESULT 0 {\"status\":\"pass\"}\nSBRESULT deadbeef {\"status\":\"pass\"}\n"
        let parsed = ResultChannel.parse(bytes(forged), nonce: nonce)
        #expect(parsed.report == nil)
        let withReal = ResultChannel.parse(bytes(forged + ResultChannel.resultLine(nonce: nonce, .fail("real"))), nonce: nonce)
        #expect(withReal.report == .fail("real"))
    }

    @Test func twoResultsOrUnreadableJSONAreProblems() {
        let twice = ResultChannel.resultLine(nonce: nonce, .pass()) + ResultChannel.resultLine(nonce: nonce, .pass())
        let parsed = ResultChannel.parse(bytes(twice), nonce: nonce)
        #expect(parsed.report == nil)
        #expect(parsed.problem?.contains("2 results") == true)
        let garbled = ResultChannel.parse(bytes("SBRESULT \(nonce) {not json\n"), nonce: nonce)
        #expect(garbled.report == nil)
        #expect(garbled.problem != nil)
    }

    @Test func selfTestNamesTravelWithTheManifestResult() {
        let line = ResultChannel.resultLine(nonce: nonce, CheckReport(status: .pass, reason: "ok", selfTests: ["a", "b-c"]))
        #expect(ResultChannel.parse(bytes(line), nonce: nonce).report?.selfTests == ["a", "b-c"])
    }

    @Test func noncesDiffer() {
        #expect(ResultChannel.makeNonce() != ResultChannel.makeNonce())
        #expect(ResultChannel.makeNonce().count >= 16)
    }
}

/// How the harness turns a child's end into a check result.
@Suite struct HarnessResultTests {
    func outcome(_ termination: ChildProcess.Termination, output: String = "") -> ChildProcess.Outcome {
        var tail = OutputTail()
        tail.append(Array(output.utf8))
        return ChildProcess.Outcome(termination: termination, output: tail, standardOutputBytes: 0, channel: [], duration: 1.25)
    }

    @Test func aTimeoutNamesTheStepItHungIn() {
        let parsed = ResultChannel.Parsed(report: nil, lastStep: "render of empty text (0 bytes)", problem: nil)
        let result = HarnessRunner.result("render-text-lengths", outcome(.timedOut), parsed, timeout: 3)
        #expect(result.status == .fail)
        #expect(result.reason == "timed out after 3 s during: render of empty text (0 bytes); its process group was killed")
        #expect(result.durationMilliseconds == 1250)
    }

    @Test func aCrashNamesTheSignalAndKeepsTheLastOutput() {
        let parsed = ResultChannel.Parsed(report: nil, lastStep: "create with the default config {}", problem: nil)
        let result = HarnessRunner.result("create-default", outcome(.signalled(SIGABRT), output: "one\ntwo\nassertion failed\n"), parsed, timeout: 20)
        #expect(result.signal == "SIGABRT")
        #expect(result.reason == "crashed with SIGABRT (abort(), e.g. a failed assertion) during: create with the default config {}")
        #expect(result.outputTail == "one\ntwo\nassertion failed")
    }

    @Test func anExitWithoutAResultIsAFailure() {
        let result = HarnessRunner.result("create-default", outcome(.exited(0)), ResultChannel.Parsed(), timeout: 20)
        #expect(result.status == .fail)
        #expect(result.reason?.contains("exited with status 0 before reporting") == true)
    }

    @Test func aReportedPassIsAPassWithoutTail() {
        let parsed = ResultChannel.Parsed(report: .pass("fine"), lastStep: nil, problem: nil)
        let result = HarnessRunner.result("x", outcome(.exited(0), output: "noise"), parsed, timeout: 20)
        #expect(result.status == .pass && result.reason == "fine" && result.outputTail == nil)
    }
}

/// What the CLI remembers as breakage: a process that died, never a verdict.
@Suite struct ProcessDiedTests {
    func outcome(_ termination: ChildProcess.Termination) -> ChildProcess.Outcome {
        ChildProcess.Outcome(termination: termination, output: OutputTail(), standardOutputBytes: 0, channel: [], duration: 0.1)
    }

    @Test func aCrashAHangAndAnEarlyExitAreDeaths() {
        for termination: ChildProcess.Termination in [.signalled(SIGSEGV), .timedOut, .exited(0), .exited(3)] {
            #expect(HarnessRunner.result("create-default", outcome(termination), ResultChannel.Parsed(), timeout: 5).processDied, "\(termination)")
        }
    }

    @Test func aReportedFailureIsAVerdictNotADeath() {
        let parsed = ResultChannel.Parsed(report: .fail("create returned NULL without a message"), lastStep: nil, problem: nil)
        let result = HarnessRunner.result("create-default", outcome(.exited(0)), parsed, timeout: 5)
        #expect(result.status == .fail)
        #expect(!result.processDied)
    }
}
