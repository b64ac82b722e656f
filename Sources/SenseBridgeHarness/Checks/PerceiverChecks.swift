import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// Checks for perceivers.
enum PerceiverChecks {
    /// The deadline each standard image gets: reading a page live means a frame every
    /// second or two, and a debug build of an OCR engine reads a 640x480 page in well
    /// under this. Only a ceiling against a hang, never a speed test.
    static let imageDeadline: TimeInterval = 20

    static func deadline(in seconds: TimeInterval) -> UInt64 { ComposerChecks.deadline(in: seconds) }

    /// What a record from a perceiver must look like for the host to use it; the codec
    /// has already refused NULL and non-UTF-8 labels and anything over the caps.
    static func problems(in records: [PerceptionRecord]) -> [String] {
        var problems: [String] = []
        for (index, record) in records.enumerated() {
            if record.kind != .text && record.kind != .object {
                problems.append("record \(index) is a \(record.kind.rawValue) record; a perceiver returns text or object records")
            }
            if record.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("record \(index) has an empty label; a perceiver returns what it recognized, or no record")
            }
            if !(record.confidence.isFinite && (0...1).contains(record.confidence)) {
                problems.append("record \(index) has confidence \(record.confidence), outside 0...1")
            }
            if let box = record.box {
                let edges = [box.x, box.y, box.x + box.width, box.y + box.height]
                if !edges.allSatisfy({ $0.isFinite && $0 >= -0.001 && $0 <= 1.001 }) || box.width < 0 || box.height < 0 {
                    problems.append("record \(index) has a box outside the image (boxes are normalized to 0...1)")
                }
            }
        }
        return problems
    }

    static func images(_ c: CheckContext) throws -> CheckReport {
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let error = ErrorSlot()
        var problems: [String] = []
        var total = 0
        var answers: [String: [PerceptionRecord]] = [:]
        let padded = ("bars of print in RGB, rows padded by 13 bytes", HarnessImages.bars(), 13)
        for (name, image, padding) in HarnessImages.standard.map({ ($0.name, $0.image, 0) }) + [padded] {
            c.step("perceive \(name)")
            let request = HarnessImageRequest(image, padding: padding)
            let due = deadline(in: imageDeadline)
            let (status, result, undefinedFlags) = perceiver.perceive(request, deadline: due, error: error)
            if MonotonicClock.nanoseconds() > due {
                problems.append("\(name): returned after its \(Int(imageDeadline)) s deadline")
            }
            guard status == SB_OK else {
                problems.append("\(name): perceive returned \(error.describe(status: status))")
                continue
            }
            switch result {
            case .failure(let problem): problems.append("\(name): the host would refuse the result: \(problem)")
            case .success(let perception):
                let records = perception.records
                problems += Self.problems(in: records).map { "\(name): \($0)" }
                answers[name] = records
                total += records.count
            }
            if undefinedFlags != 0 {
                problems.append("\(name): page_flags holds bits the header does not define (\(undefinedFlags)); the host ignores them, and a later ABI may give them a meaning")
            }
        }
        if perceiver.abiMinor >= PerceiveCodec.pageMinor {
            c.step("perceive bars of print for a host before ABI 1.7")
            let (status, untouched) = perceiver.perceiveAsOlderHost(HarnessImageRequest(HarnessImages.bars()),
                                                                    deadline: deadline(in: imageDeadline), error: error)
            if status != SB_OK {
                problems.append("bars of print for a host before ABI 1.7: perceive returned \(error.describe(status: status))")
            } else if !untouched {
                problems.append("bars of print for a host before ABI 1.7: the perceiver wrote turned_degrees or page_flags past the result's struct_size; check SB_STRUCT_HAS(result, sb_perceive_result, page_flags) first")
            }
        }
        if let blank = answers["a blank gray page"], !blank.isEmpty {
            problems.append("a blank gray page gave \(blank.count) record(s); nothing on it can be recognized, so the answer is no records (the host, not a plugin, decides what an empty page means)")
        }
        if let packed = answers["bars of print in RGB"], let strided = answers[padded.0], packed != strided {
            problems.append("the same picture gave different records with padded rows (\(strided.count)) than packed (\(packed.count)); row_stride must be honoured")
        }
        if !problems.isEmpty { throw CheckFailure(listing: problems) }
        let older = perceiver.abiMinor >= PerceiveCodec.pageMinor ? "; a host before 1.7's shorter result was left alone past its end" : ""
        return .pass("\(HarnessImages.standard.count + 1) images gave \(total) well-formed record(s) and a well-formed page within the deadline; the blank page gave none; row_stride was honoured\(older)")
    }

    /// Pictures no reader can use, each with what broke it.
    static let brokenImages: [(String, @Sendable (inout sb_image) -> Void)] = [
        ("an image whose pixels is NULL", { $0.pixels = nil }),
        ("an image whose row_stride is shorter than a row", { $0.row_stride = $0.width - 1 }),
        ("an image of unknown format 99", { $0.format = 99 }),
        ("an image 0 pixels wide", { $0.width = 0 }),
        ("an image whose struct_size is 4", { $0.struct_size = 4 }),
    ]

    static func badImages(_ c: CheckContext) throws -> CheckReport {
        try refusals(c, brokenImages.map { ($0.0, HarnessImageRequest(HarnessImages.blankPage(width: 64, height: 48)).breaking($0.1)) },
                     then: HarnessImageRequest(HarnessImages.blankPage()), item: (what: "an image", one: "image", many: "images"), seconds: imageDeadline)
    }

    /// Each broken request refused with SB_ERR_INVALID_ARGUMENT and a message, then `good`
    /// works: for pictures and for sound alike. `item`: what cannot be read, one, many.
    static func refusals(_ c: CheckContext, _ broken: [(String, HarnessRequest)], then good: HarnessRequest,
                         item: (what: String, one: String, many: String), seconds: TimeInterval) throws -> CheckReport {
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let error = ErrorSlot()
        var problems: [String] = []
        for (name, request) in broken {
            c.step("perceive \(name)")
            let status = perceiver.perceiveDiscarding(request, deadline: deadline(in: seconds), error: error)
            if status != SB_ERR_INVALID_ARGUMENT {
                problems.append("\(name): perceive returned \(error.describe(status: status)); the header's code for \(item.what) it cannot read is SB_ERR_INVALID_ARGUMENT")
            } else if error.isEmpty {
                problems.append("\(name): refused with SB_ERR_INVALID_ARGUMENT but no message")
            }
        }
        let one = item.one
        c.step("perceive a good \(one) after the broken ones")
        let after = perceiver.perceiveDiscarding(good, deadline: deadline(in: seconds), error: error)
        if after != SB_OK { problems.append("a good \(one) after the broken ones returned \(error.describe(status: after))") }
        if !problems.isEmpty { throw CheckFailure(listing: problems) }
        return .pass("\(broken.count) broken \(item.many) refused with SB_ERR_INVALID_ARGUMENT and a message; the next \(one) worked")
    }

    static let cancelWords = EarlyStop.Words(call: "perceive", poke: "cancel", input: { scale in
        let image = HarnessImages.large(scale: scale)
        return "perceive of a \(image.width)x\(image.height) image"
    })

    static func cancel(_ c: CheckContext) throws -> CheckReport {
        try cancel(c, cancelWords, long: { HarnessImageRequest(HarnessImages.large(scale: $0)) },
                   after: HarnessImageRequest(HarnessImages.blankPage()), seconds: imageDeadline)
    }

    /// A long perceive (`long` at a scale) cancelled from another thread, judged by
    /// `EarlyStop`, then `after` must work: for pictures and for sound alike.
    static func cancel(_ c: CheckContext, _ words: EarlyStop.Words, long: @escaping (Int) -> HarnessRequest,
                       after: HarnessRequest, seconds: TimeInterval) throws -> CheckReport {
        let perceiver = try RawPerceiver(c)
        let verdict = EarlyStop.measure(c, words, make: { scale in
            let request = long(scale)
            return { error in perceiver.perceiveDiscarding(request, deadline: deadline(in: 600), error: error) }
        }, poke: { perceiver.cancel() })
        let detail: String
        switch verdict {
        case .hung(let reason):
            throw CheckFailure(reason)  // still inside perceive: it cannot be destroyed under it
        case .fail(let reason):
            perceiver.destroy()
            throw CheckFailure(reason)
        case .pass(let passed):
            detail = passed
        }
        defer { perceiver.destroy() }
        let error = ErrorSlot()
        c.step("perceive after a cancel")
        let status = perceiver.perceiveDiscarding(after, deadline: deadline(in: seconds), error: error)
        guard status == SB_OK else { throw CheckFailure("perceive after a cancel returned \(error.describe(status: status)); a cancel must not stick") }
        return .pass(detail + "; the next perceive worked")
    }

    static func leakPerCall(_ c: CheckContext) throws -> CheckReport {
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let request = HarnessImageRequest(HarnessImages.bars(width: 320, height: 240))
        let error = ErrorSlot()
        c.step("perceive in a loop")
        let measurement = try ResidentMemory.measure(budget: c.timeout * 0.8) {
            let status = perceiver.perceiveDiscarding(request, deadline: deadline(in: imageDeadline), error: error)
            guard status == SB_OK else { throw CheckFailure("perceive failed during the loop with \(error.describe(status: status))") }
        }
        return try ResidentMemory.report(measurement, unit: "perceive")
    }

    static func threading(_ c: CheckContext) throws -> CheckReport {
        try threading(c, [HarnessImages.blankPage(width: 160, height: 120), HarnessImages.bars(width: 320, height: 240)]
            .map { HarnessImageRequest($0) }, rounds: 5, seconds: imageDeadline)
    }

    /// `rounds` passes over `requests` on a worker thread while a third thread cancels,
    /// then one on the main thread and destroy there: for pictures and for sound alike.
    static func threading(_ c: CheckContext, _ requests: [HarnessRequest], rounds: Int, seconds: TimeInterval) throws -> CheckReport {
        let perceiver = try RawPerceiver(c)  // created on the main thread
        var problems: [String] = []
        let lock = NSLock()
        c.step("perceive on a worker thread while a third thread cancels")
        let poke = RepeatedPoke(every: 1) { perceiver.cancel() }
        poke.waitForFirstPoke(seconds: 5)
        let worker = BackgroundCall("sensebridge.harness.worker") {
            let error = ErrorSlot()
            for round in 0..<rounds {
                for request in requests {
                    let status = perceiver.perceiveDiscarding(request, deadline: deadline(in: seconds), error: error)
                    if status != SB_OK && status != SB_ERR_CANCELLED {
                        lock.withLock { problems.append("perceive \(round) on a worker thread returned \(error.describe(status: status))") }
                    }
                }
            }
        }
        let finished = worker.wait(seconds: CommonChecks.workerBound(c))
        poke.stop()
        guard finished else {
            throw CheckFailure("perceive calls on a worker thread, cancelled from another, did not finish within \(HarnessRunner.formatSeconds(CommonChecks.workerBound(c))) s")
        }
        if let problem = problems.first { throw CheckFailure(problem) }
        let error = ErrorSlot()
        c.step("perceive on the main thread after the worker")
        let status = perceiver.perceiveDiscarding(requests[0], deadline: deadline(in: seconds), error: error)
        guard status == SB_OK else { throw CheckFailure("perceive on the main thread after the worker returned \(error.describe(status: status))") }
        c.step("destroy on the main thread")
        perceiver.destroy()
        return .pass("\(rounds * requests.count) perceives on a worker with \(poke.pokes) cancels from a third thread")
    }

    static func provokeErrors(_ c: CheckContext, _ provoked: inout ErrorProvocations) throws {
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let error = ErrorSlot()
        c.step("perceive with a deadline already past")
        let past = perceiver.perceiveDiscarding(HarnessImageRequest(HarnessImages.bars()),
                                                deadline: MonotonicClock.nanoseconds() - 1, error: error)
        provoked.record("perceive with a deadline already past", status: past, error)
        c.step("perceive in an unsupported locale")
        let locale = perceiver.perceiveDiscarding(HarnessImageRequest(HarnessImages.bars(), locale: "xx"),
                                                  deadline: deadline(in: imageDeadline), error: error)
        provoked.record("perceive in an unsupported locale", status: locale, error)
        c.step("perceive an image whose pixels is NULL")
        let broken = perceiver.perceiveDiscarding(HarnessImageRequest(HarnessImages.blankPage()).breaking { $0.pixels = nil },
                                                  deadline: deadline(in: imageDeadline), error: error)
        provoked.record("perceive an image whose pixels is NULL", status: broken, error)
    }
}
