import CSenseBridgeABI
import FuzzSupport
import SenseBridgeABICodec
import SenseBridgeCore

/// Sound as a source hands it over (`sb_audio`: 16-bit or float samples, any rate,
/// channels and block length, continuity flags), then heard and said as `listen` does it:
/// `AudioCodec.decode` (the host's only reader of a source's audio), the alarm-pattern
/// detector's `AlarmListener` block by block, per sound the strongest record
/// (`SoundCombination`), and `SoundAlerts` in the chosen locale, with the microphone
/// stopping and restarting where the input says.
///
/// Guards: a block inside the header's ranges is decoded, one outside is refused with a
/// reason, and decoded samples are finite and, from 16 bits, within full scale; the
/// detector reports only safety sounds it confirms, confident (0.5 to 1), never a NaN;
/// an alert (Invariant 10) is urgent, names a safety sound heard since its last alert,
/// and is hedged; "no longer heard" names a sound measured absent for the whole
/// `goneAfterSeconds`, never counted across a stopped microphone (Invariant 2).
/// The seeds (Fuzz/corpus/audio) are whole temporal-three and temporal-four alarms at
/// 8 kHz, so mutations start from audio that does alert.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAudio(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let rate = [8000, 16000, 1000, 44100, 999, 192_001, 11025, 0][input.choose(8)]
    let channels = input.choose(10)
    let format = [SB_SAMPLE_S16, SB_SAMPLE_F32, 9][input.choose(3)]
    let blockFrames = 1 + input.choose(64) * 250
    let locale = SpokenLocale.allCases[input.choose(SpokenLocale.allCases.count)]
    let stopEvery = input.choose(8)  // 0: the microphone never stops
    let settings = SoundAlertSettings(repeatSeconds: 0.5 + Double(input.choose(8)) / 2,
                                      goneAfterSeconds: 0.5 + Double(input.choose(8)) / 2)
    var samples = input.rest()
    let sampleBytes = format == SB_SAMPLE_S16 ? 2 : 4
    let frameBytes = max(1, channels) * sampleBytes

    var listener = AlarmListener()
    var alerts = SoundAlerts(locale: locale, settings: settings)
    var oracle = AlertOracle(settings: settings)
    var start: UInt64 = 0
    var offset = 0
    var index = 0
    samples.withUnsafeMutableBytes { raw in
        while offset + frameBytes <= raw.count {
            let frames = min(blockFrames, (raw.count - offset) / frameBytes)
            var c = sb_audio()
            c.struct_size = UInt32(MemoryLayout<sb_audio>.size)
            c.format = format
            c.sample_rate = UInt32(rate)
            c.channels = UInt32(channels)
            c.flags = index == 0 ? SB_AUDIO_DISCONTINUOUS : 0
            c.frame_count = UInt32(frames)
            c.first_sample_ns = start
            c.samples = UnsafeRawPointer(raw.baseAddress! + offset)
            let bytes = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + frames * frameBytes)])
            offset += frames * frameBytes
            index += 1
            let decoded = AudioCodec.decode(c)
            let inRanges = (1000...192_000).contains(rate) && (1...8).contains(channels) && format != 9 && frames <= rate * 10
            let finite = format != SB_SAMPLE_F32 || bytes.withMemoryRebound(to: Float.self) { $0.allSatisfy(\.isFinite) }
            let block: AudioBlock
            switch decoded {
            case .failure(let problem):
                fuzzCheck(!problem.reason.isEmpty, "a refusal with no reason")
                fuzzCheck(!(inRanges && finite), "a block inside the header's ranges was refused: \(problem.reason)")
                return
            case .success(let read):
                fuzzCheck(inRanges && finite, "a block outside the header's ranges was decoded (\(rate) Hz, \(channels) channels, format \(format))")
                block = read
            }
            fuzzCheck(block.samples.count == frames * channels, "\(block.samples.count) samples decoded from \(frames) frames")
            fuzzCheck(block.samples.allSatisfy(\.isFinite), "a decoded sample is not finite")
            if format == SB_SAMPLE_S16 { fuzzCheck(block.samples.allSatisfy { abs($0) <= 1 }, "a 16-bit sample past full scale") }

            let heard = listener.listen(block.samples, sampleRate: rate, channels: channels,
                                        continuesPrevious: block.continuesPrevious && !oracle.restarted) ?? []
            let records = AlarmListener.records(heard)
            for record in records {
                fuzzCheck(record.kind == .sound && record.box == nil, "a detector record that is not a sound")
                fuzzCheck(SoundAlerts.isSafetySound(record.label), "the detector reported '\(record.label)'")
                fuzzCheck(record.confidence.isFinite && (0.5...1).contains(record.confidence),
                          "a confirmed pattern with confidence \(record.confidence)")
            }
            let combined = SoundCombination.strongestPerLabel([records])
            let until = block.endNanoseconds
            let said = alerts.heard(combined, until: until)
            oracle.check(said, heard: combined, until: until, locale: locale)
            start = until
            if stopEvery > 0 && index % stopEvery == 0 {
                alerts.measuringStopped()
                oracle.measuringStopped()
            }
        }
    }
    return 0
}

/// What `SoundAlerts` may say, restated from Invariants 10 and 2 as times: kept beside the
/// real rules, never derived from them.
struct AlertOracle {
    let settings: SoundAlertSettings
    /// Per safety sound, the end of the last block that held any record of it.
    private var lastHeard: [String: UInt64] = [:]
    /// Per safety sound, heard at or above the floor since its last alert.
    private var heardSinceAlert: Set<String> = []
    /// Where measured absence may start: the end of the first block after a restart.
    private var measuredFrom: UInt64?
    private(set) var restarted = false

    init(settings: SoundAlertSettings) { self.settings = settings }

    mutating func measuringStopped() {
        measuredFrom = nil
        restarted = true
    }

    mutating func check(_ messages: [OutputMessage], heard records: [PerceptionRecord], until: UInt64, locale: SpokenLocale) {
        if measuredFrom == nil { measuredFrom = until }
        restarted = false
        for record in records {
            lastHeard[record.label] = until
            if Certainty(confidence: record.confidence) != nil { heardSinceAlert.insert(record.label) }
        }
        for message in messages {
            let named = SoundAlerts.safetySounds.filter {
                message.text.contains(SpokenVocabulary.subject(for: $0, locale: locale))
            }
            fuzzCheck(!named.isEmpty, "a message that names no safety sound: \(message.text)")
            switch message.signal {
            case .safetyAlert:
                fuzzCheck(message.isUrgent, "a safety alert that is not urgent")
                fuzzCheck(named.contains { heardSinceAlert.contains($0) }, "an alert for a sound not heard since its last: \(message.text)")
                named.forEach { heardSinceAlert.remove($0) }
            case .awarenessClear:
                let gone = UInt64(settings.goneAfterSeconds * 1e9)
                for label in named {
                    let since = max(lastHeard[label] ?? 0, measuredFrom ?? until)
                    fuzzCheck(until >= since && until - since >= gone - gone / 100,
                              "'no longer heard' after \(Double(until &- since) / 1e9) s of measured absence: \(message.text)")
                    lastHeard[label] = nil
                }
            default:
                fuzzCheck(false, "SoundAlerts said a \(message.signal) message")
            }
        }
    }
}
