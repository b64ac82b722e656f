import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// Checks for perceivers that listen ("sounds" in the manifest's modalities, ABI 1.6):
/// the image checks' counterparts, on blocks of sound at the manifest's `audioInput`.
enum ListenerChecks {
    /// The deadline each quarter-second block gets; a listener keeps up with a
    /// microphone only far below it. A ceiling against a hang, never a speed test.
    static let blockDeadline: TimeInterval = 10

    static func deadline(in seconds: TimeInterval) -> UInt64 { ComposerChecks.deadline(in: seconds) }

    static func sounds(_ c: CheckContext) -> HarnessSounds {
        let input = c.manifest.capabilities.audioInput ?? AudioInput(sampleRate: 16000, channels: 1)
        return HarnessSounds(sampleRate: input.sampleRate, channels: input.channels)
    }

    /// What a record from a listener must look like for the host to use it.
    static func problems(in records: [PerceptionRecord]) -> [String] {
        var problems: [String] = []
        for (index, record) in records.enumerated() {
            if record.kind != .sound {
                problems.append("record \(index) is a \(record.kind.rawValue) record; a listening perceiver returns sound records")
            }
            if record.box != nil {
                problems.append("record \(index) has a box; a sound has none")
            }
            if record.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("record \(index) has an empty label; a listener returns what it heard, or no record")
            }
            if !(record.confidence.isFinite && (0...1).contains(record.confidence)) {
                problems.append("record \(index) has confidence \(record.confidence), outside 0...1")
            }
        }
        return problems
    }

    static func hear(_ c: CheckContext) throws -> CheckReport {
        guard c.manifest.capabilities.audioInput != nil else {
            throw CheckFailure("the manifest lists the \"sounds\" modality without capabilities.audioInput; the host cannot tell the source what rate and channels to give it")
        }
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let error = ErrorSlot()
        var problems: [String] = []
        var total = 0
        var silentAnswers: [String: Int] = [:]
        let stream = sounds(c).stream()
        // The stream twice: the second time from a discontinuous start, as after a restart.
        let restarted = sounds(c).stream(start: 60_000_000_000).map { ($0.name + " (after a restart)", $0.block) }
        for (name, block) in stream + restarted {
            c.step("perceive \(name)")
            let due = deadline(in: blockDeadline)
            let (status, result, _) = perceiver.perceive(HarnessAudioRequest(block), deadline: due, error: error)
            if MonotonicClock.nanoseconds() > due { problems.append("\(name): returned after its \(Int(blockDeadline)) s deadline") }
            guard status == SB_OK else {
                problems.append("\(name): perceive returned \(error.describe(status: status))")
                continue
            }
            switch result {
            case .failure(let problem): problems.append("\(name): the host would refuse the result: \(problem)")
            case .success(let perception):
                let records = perception.records
                problems += Self.problems(in: records).map { "\(name): \($0)" }
                total += records.count
                if name.hasPrefix("silence") && !name.contains("after sound") { silentAnswers[name] = records.count }
            }
        }
        for (name, count) in silentAnswers.sorted(by: { $0.key < $1.key }) where count > 0 {
            problems.append("\(name) gave \(count) record(s); nothing in it can be heard, so the answer is no records (the host, not a plugin, decides what silence means)")
        }
        if !problems.isEmpty { throw CheckFailure(listing: problems) }
        return .pass("\(stream.count * 2) blocks (twice one stream, the second from a discontinuous start) gave \(total) well-formed sound record(s) within the deadline; silence gave none")
    }

    /// Blocks no listener can use, each with what broke it.
    static let brokenBlocks: [(String, @Sendable (inout sb_audio) -> Void)] = [
        ("a block whose samples is NULL", { $0.samples = nil }),
        ("a block at 0 Hz", { $0.sample_rate = 0 }),
        ("a block with 0 channels", { $0.channels = 0 }),
        ("a block of 0 frames", { $0.frame_count = 0 }),
        ("a block of unknown format 99", { $0.format = 99 }),
        ("a block whose struct_size is 4", { $0.struct_size = 4 }),
    ]

    static func badAudio(_ c: CheckContext) throws -> CheckReport {
        let good = sounds(c).stream()[2].block
        return try PerceiverChecks.refusals(c, brokenBlocks.map { ($0.0, HarnessAudioRequest(good).breaking($0.1)) },
                                            then: HarnessAudioRequest(good), item: (what: "audio", one: "block", many: "blocks"), seconds: blockDeadline)
    }

    static func cancel(_ c: CheckContext) throws -> CheckReport {
        let sounds = sounds(c)
        let words = EarlyStop.Words(call: "perceive", poke: "cancel", input: { scale in
            "perceive of \(String(format: "%.2f", Double(sounds.long(scale: scale).frameCount) / Double(sounds.sampleRate))) s of sound"
        })
        return try PerceiverChecks.cancel(c, words, long: { HarnessAudioRequest(sounds.long(scale: $0)) },
                                          after: HarnessAudioRequest(sounds.stream()[0].block), seconds: blockDeadline)
    }

    static func leakPerCall(_ c: CheckContext) throws -> CheckReport {
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let stream = sounds(c).stream().map { HarnessAudioRequest($0.block) }
        let error = ErrorSlot()
        var next = 0
        c.step("perceive in a loop")
        let measurement = try ResidentMemory.measure(budget: c.timeout * 0.8) {
            let status = perceiver.perceiveDiscarding(stream[next % stream.count], deadline: deadline(in: blockDeadline), error: error)
            next += 1
            guard status == SB_OK else { throw CheckFailure("perceive failed during the loop with \(error.describe(status: status))") }
        }
        return try ResidentMemory.report(measurement, unit: "perceive")
    }

    static func threading(_ c: CheckContext) throws -> CheckReport {
        try PerceiverChecks.threading(c, sounds(c).stream().map { HarnessAudioRequest($0.block) }, rounds: 2, seconds: blockDeadline)
    }

    static func provokeErrors(_ c: CheckContext, _ provoked: inout ErrorProvocations) throws {
        let perceiver = try RawPerceiver(c)
        defer { perceiver.destroy() }
        let error = ErrorSlot()
        let block = sounds(c).stream()[1].block
        c.step("perceive with a deadline already past")
        let past = perceiver.perceiveDiscarding(HarnessAudioRequest(block), deadline: MonotonicClock.nanoseconds() - 1, error: error)
        provoked.record("perceive with a deadline already past", status: past, error)
        c.step("perceive a block whose samples is NULL")
        let broken = perceiver.perceiveDiscarding(HarnessAudioRequest(block).breaking { $0.samples = nil },
                                                  deadline: deadline(in: blockDeadline), error: error)
        provoked.record("perceive a block whose samples is NULL", status: broken, error)
    }
}
