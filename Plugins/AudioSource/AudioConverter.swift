import CLibAV
import LibAVMedia

/// Converts decoded audio frames with libswresample to interleaved 32-bit float at the
/// asked rate and channels. The resampler is made for the first frame, from what it says
/// of itself: a container's header may be wrong about an MP3's rate or a WAV's channels.
///
/// Levels are kept: stereo becomes mono as the mean of the two (rematrix_maxval 1: without
/// it a float output sums them at -3 dB each, and a tone in both channels comes out 41 %
/// louder than it was, which a detector's level thresholds would misread), and mono
/// becomes stereo as the same sound in each (libswresample's own matrix would put it at
/// -3 dB).
final class AudioConverter {
    private let outputRate: Int32
    private let outputChannels: Int32
    private var resampler: OpaquePointer?

    init(sampleRate: Int, channels: Int) {
        outputRate = Int32(sampleRate)
        outputChannels = Int32(channels)
    }

    deinit { swr_free(&resampler) }

    /// How much of what came in the resampler still holds back: what it gives out for the
    /// next frame starts that long before that frame.
    var heldBackNanoseconds: Int64 { resampler.map { swr_get_delay($0, 1_000_000_000) } ?? 0 }

    /// One decoded frame's samples, converted. Throws a decode-phase failure.
    func convert(_ frame: UnsafePointer<AVFrame>) throws -> [Float] {
        if resampler == nil { resampler = try makeResampler(for: frame) }
        return try run(frame)
    }

    /// What the resampler still holds, at the end of the input.
    func drain() throws -> [Float] {
        resampler == nil ? [] : try run(nil)
    }

    private func run(_ frame: UnsafePointer<AVFrame>?) throws -> [Float] {
        let incoming = frame.map { Int32($0.pointee.nb_samples) } ?? 0
        let capacity = max(swr_get_out_samples(resampler, incoming), 0) + 32
        var samples = [Float](repeating: 0, count: Int(capacity * outputChannels))
        let written = samples.withUnsafeMutableBytes { bytes in
            sb_swr_convert_frame(resampler, frame, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), capacity)
        }
        guard written >= 0 else { throw MediaStream.Failure(phase: .decode, code: written) }
        samples.removeLast(samples.count - Int(written * outputChannels))
        return samples
    }

    private func makeResampler(for frame: UnsafePointer<AVFrame>) throws -> OpaquePointer {
        var inputLayout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || frame.pointee.ch_layout.nb_channels == 0 {
            av_channel_layout_default(&inputLayout, max(frame.pointee.ch_layout.nb_channels, 1))
        } else {
            var source = frame.pointee.ch_layout
            guard av_channel_layout_copy(&inputLayout, &source) >= 0 else {
                throw MediaStream.Failure(phase: .decode, code: sb_av_error_from_errno(ENOMEM))
            }
        }
        defer { av_channel_layout_uninit(&inputLayout) }
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, outputChannels)
        defer { av_channel_layout_uninit(&outputLayout) }
        var context: OpaquePointer?
        var status = swr_alloc_set_opts2(&context, &outputLayout, AV_SAMPLE_FMT_FLT, outputRate,
                                         &inputLayout, AVSampleFormat(rawValue: frame.pointee.format), frame.pointee.sample_rate, 0, nil)
        guard status >= 0, context != nil else { throw MediaStream.Failure(phase: .decode, code: status) }
        av_opt_set_double(UnsafeMutableRawPointer(context), "rematrix_maxval", 1.0, 0)
        if inputLayout.nb_channels == 1 {
            status = swr_set_matrix(context, [Double](repeating: 1, count: Int(outputChannels)), 1)
        }
        if status >= 0 { status = swr_init(context) }
        guard status >= 0 else {
            swr_free(&context)
            throw MediaStream.Failure(phase: .decode, code: status)
        }
        return context!
    }
}
