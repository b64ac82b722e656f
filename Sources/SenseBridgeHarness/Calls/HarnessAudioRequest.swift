import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A perceive request carrying one block of sound, whose `sb_audio` fields the harness
/// may break on purpose (NULL samples, a rate of 0, an unknown format), which a
/// well-formed `CPerceiveRequest` cannot express. Owns everything it points at.
final class HarnessAudioRequest: HarnessRequest {
    let pointer: UnsafeMutablePointer<sb_perceive_request>
    private let audio: UnsafeMutablePointer<sb_audio>
    private let samples: UnsafeMutableBufferPointer<Float>
    private let locale: UnsafeMutablePointer<CChar>

    init(_ block: AudioBlock, locale: String = "en") {
        samples = .allocate(capacity: max(1, block.samples.count))
        _ = samples.initialize(from: block.samples)
        audio = .allocate(capacity: 1)
        audio.initialize(to: sb_audio(struct_size: UInt32(MemoryLayout<sb_audio>.size), format: SB_SAMPLE_F32,
                                      sample_rate: UInt32(block.sampleRate), channels: UInt32(block.channels),
                                      flags: block.continuesPrevious ? 0 : SB_AUDIO_DISCONTINUOUS,
                                      frame_count: UInt32(block.frameCount), first_sample_ns: block.firstSampleNanoseconds,
                                      samples: UnsafeRawPointer(samples.baseAddress!)))
        self.locale = strdup(locale)!
        var request = sb_perceive_request()
        request.struct_size = UInt32(MemoryLayout<sb_perceive_request>.size)
        request.audio = UnsafePointer(audio)
        request.timestamp_ns = block.firstSampleNanoseconds
        request.locale = UnsafePointer(self.locale)
        request.deadline_ns = .max
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: request)
    }

    /// Breaks the block the way `change` says; the request keeps owning the samples.
    func breaking(_ change: (inout sb_audio) -> Void) -> Self {
        change(&audio.pointee)
        return self
    }

    deinit {
        pointer.deallocate()
        audio.deallocate()
        samples.deallocate()
        free(locale)
    }
}
