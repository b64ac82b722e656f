import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeHost
import SenseBridgeCore

/// Checks for scene composers.
enum ComposerChecks {
    /// The deadline each corpus request gets. The awareness loop composes several
    /// times a second; a composer that needs more than this for a handful of records
    /// would leave a person waiting on every description.
    static let corpusDeadline: TimeInterval = 2

    static func deadline(in seconds: TimeInterval) -> UInt64 {
        MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
    }

    static func corpus(_ c: CheckContext) throws -> CheckReport {
        let composer = try RawComposer(c)
        defer { composer.destroy() }
        let error = ErrorSlot()
        var problems: [String] = []
        var phraseCount = 0
        var declined: [String] = []
        let entries = ComposeCorpus.entries
        for entry in entries {
            let request = CComposeRequest(entry.records, locale: entry.locale, maximumWords: entry.maximumWords, maximumLabels: entry.maximumLabels)
            c.step("compose \(entry.name)")
            let due = deadline(in: corpusDeadline)
            let (status, copy) = composer.compose(request, deadline: due, error: error)
            let finished = MonotonicClock.nanoseconds()
            if finished > due {
                problems.append("\(entry.name): returned \((finished - due) / 1_000_000) ms after its \(Int(corpusDeadline)) s deadline")
            }
            if status != SB_OK {
                if entry.mayBeUnsupported && status == SB_ERR_UNSUPPORTED && !error.isEmpty {
                    // "xx" is expected to be refused; a declined es or vi is worth saying.
                    if SpokenLocale(identifier: entry.locale) != nil && !declined.contains(entry.locale) { declined.append(entry.locale) }
                    continue
                }
                problems.append("\(entry.name): compose returned \(error.describe(status: status))")
                continue
            }
            problems += copy.problems.map { "\(entry.name): \($0)" }
            let judged = PhraseRequest(records: entry.records, locale: entry.locale,
                                       maximumWords: entry.maximumWords, maximumLabels: entry.maximumLabels)
            problems += c.validator.problems(with: copy.phrases, for: judged).map { "\(entry.name): \($0)" }
            phraseCount += copy.phrases.count
        }
        if !problems.isEmpty { throw CheckFailure(listing: problems) }
        return .pass("\(entries.count) requests gave \(phraseCount) phrases, all kept by the validator, each within its deadline"
            + ComposeCorpus.declinedNote(declined))
    }

    static let cancelWords = EarlyStop.Words(call: "compose", poke: "cancel",
                                             input: { "compose of \(ComposeCorpus.largeCount * $0) records" })

    /// 80,000 records at most: the ABI refuses a request of more than 100,000.
    static let cancelScales = EarlyStop.scales.filter { ComposeCorpus.largeCount * $0 <= ABICodec.maximumFrameRecords }

    /// Far enough away that only cancel, never the deadline, can end the compose early.
    static let cancelDeadline: TimeInterval = 600

    /// Cancel must free the loop for an urgent alert: judged against this composer's own
    /// speed (EarlyStop), so a busy machine or a debug build cannot fail a composer that
    /// honours it.
    static func cancel(_ c: CheckContext) throws -> CheckReport {
        let composer = try RawComposer(c)
        let verdict = EarlyStop.measure(c, cancelWords, scales: cancelScales, make: { scale in
            let request = CComposeRequest(ComposeCorpus.large(count: ComposeCorpus.largeCount * scale))
            return { error in composer.composeDiscarding(request, deadline: deadline(in: cancelDeadline), error: error) }
        }, poke: { composer.cancel() })
        let detail: String
        switch verdict {
        case .hung(let reason):
            // Still inside compose: the instance cannot be destroyed under it.
            throw CheckFailure(reason)
        case .fail(let reason):
            composer.destroy()
            throw CheckFailure(reason)
        case .pass(let passed):
            detail = passed
        }
        defer { composer.destroy() }
        let error = ErrorSlot()
        c.step("compose after a cancel")
        let (after, _) = composer.compose(CComposeRequest(ComposeCorpus.oneLabel), deadline: deadline(in: corpusDeadline), error: error)
        guard after == SB_OK else { throw CheckFailure("compose after a cancel returned \(error.describe(status: after)); a cancel must not stick") }
        return .pass(detail + "; the next compose worked")
    }

    static func leakPerCall(_ c: CheckContext) throws -> CheckReport {
        let composer = try RawComposer(c)
        defer { composer.destroy() }
        let request = CComposeRequest(ComposeCorpus.allStreams)
        let error = ErrorSlot()
        c.step("compose in a loop")
        let measurement = try ResidentMemory.measure(budget: c.timeout * 0.8) {
            let status = composer.composeDiscarding(request, deadline: deadline(in: corpusDeadline), error: error)
            guard status == SB_OK else { throw CheckFailure("compose failed during the loop with \(error.describe(status: status))") }
        }
        return try ResidentMemory.report(measurement, unit: "compose")
    }

    static func threading(_ c: CheckContext) throws -> CheckReport {
        let composer = try RawComposer(c)  // created on the main thread
        var problems: [String] = []
        let lock = NSLock()
        let requests = [ComposeCorpus.oneLabel, ComposeCorpus.allStreams, ComposeCorpus.manyLabels].map { CComposeRequest($0) }
        c.step("compose on a worker thread while a third thread cancels")
        let poke = RepeatedPoke(every: 1) { composer.cancel() }
        poke.waitForFirstPoke(seconds: 5)
        let worker = BackgroundCall("sensebridge.harness.worker") {
            let error = ErrorSlot()
            for round in 0..<10 {
                for request in requests {
                    let status = composer.composeDiscarding(request, deadline: deadline(in: corpusDeadline), error: error)
                    if status != SB_OK && status != SB_ERR_CANCELLED {
                        lock.lock(); problems.append("compose \(round) on a worker thread returned \(error.describe(status: status))"); lock.unlock()
                    }
                }
            }
        }
        let finished = worker.wait(seconds: CommonChecks.workerBound(c))
        poke.stop()
        guard finished else {
            throw CheckFailure("compose calls on a worker thread, cancelled from another, did not finish within \(HarnessRunner.formatSeconds(CommonChecks.workerBound(c))) s")
        }
        if let problem = problems.first { throw CheckFailure(problem) }
        let error = ErrorSlot()
        c.step("compose on the main thread after the worker")
        let (status, _) = composer.compose(requests[0], deadline: deadline(in: corpusDeadline), error: error)
        guard status == SB_OK else { throw CheckFailure("compose on the main thread after the worker returned \(error.describe(status: status))") }
        c.step("destroy on the main thread")
        composer.destroy()
        return .pass("30 composes on a worker with \(poke.pokes) cancels from a third thread")
    }

    static func provokeErrors(_ c: CheckContext, _ provoked: inout ErrorProvocations) throws {
        let composer = try RawComposer(c)
        defer { composer.destroy() }
        let error = ErrorSlot()
        c.step("compose with a deadline already past")
        let past = composer.composeDiscarding(CComposeRequest(ComposeCorpus.manyLabels), deadline: MonotonicClock.nanoseconds() - 1, error: error)
        provoked.record("compose with a deadline already past", status: past, error)
        c.step("compose in an unsupported locale")
        let locale = composer.composeDiscarding(CComposeRequest(ComposeCorpus.oneLabel, locale: "xx"), deadline: deadline(in: corpusDeadline), error: error)
        provoked.record("compose in an unsupported locale", status: locale, error)
    }
}
