import CLibAV

/// One opened input's best audio stream, demuxed by libavformat, decoded by libavcodec and
/// converted by libswresample to interleaved 32-bit float at the asked rate and channels.
/// It decides nothing: `FileCapture` and `AlsaCapture` say what a failure means.
///
/// Memory is bounded: one AVPacket and one AVFrame are allocated with the stream and
/// reused, and the converted samples of one decoded frame are handed out at a time.
/// Other streams of the input (a video's pictures, subtitles) are never read.
final class AudioDecoder {
    enum Next {
        /// Converted samples of one decoded frame, and the time of the first of them in
        /// nanoseconds on the stream's own clock (nil without one).
        case samples([Float], streamNanoseconds: Int64?)
        /// A non-blocking input (ALSA) had nothing yet.
        case notYet
        /// Everything was delivered, the resampler's last samples included.
        case ended
    }

    enum Phase {
        case open
        case read
        case decode
    }

    struct Failure: Error {
        var phase: Phase
        var code: Int32
        var reason: String { LibAV.describe(code) }
    }

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private var streamIndex: Int32 = -1
    private var timeBase = AVRational(num: 1, den: 1)
    private let outputRate: Int32
    private let outputChannels: Int32
    private var draining = false
    private var drained = false

    /// Opens `url` with `inputFormat` (nil: libav recognises the content) and demuxer
    /// `options`. `nonBlocking` makes a read return `.notYet` instead of waiting, which a
    /// live input needs to keep the host's frame timeout.
    init(url: String, inputFormat: UnsafePointer<AVInputFormat>?, options: [String: String], nonBlocking: Bool,
         sampleRate: Int, channels: Int) throws {
        _ = LibAV.prepared
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw Failure(phase: .open, code: sb_av_error_from_errno(ENOMEM))
        }
        self.packet = packet
        self.frame = frame
        outputRate = Int32(sampleRate)
        outputChannels = Int32(channels)
        // Every stored property is set now, so a throw below runs deinit, which frees
        // whatever was opened by then.
        var context = avformat_alloc_context()
        if nonBlocking { context?.pointee.flags |= AVFMT_FLAG_NONBLOCK }
        var dictionary: OpaquePointer?
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        let opened = avformat_open_input(&context, url, inputFormat, &dictionary)
        av_dict_free(&dictionary)
        guard opened >= 0, let context else { throw Failure(phase: .open, code: opened) }
        format = context
        if !nonBlocking {
            let probed = avformat_find_stream_info(context, nil)
            guard probed >= 0 else { throw Failure(phase: .open, code: probed) }
        }
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        guard index >= 0, let codec else { throw Failure(phase: .open, code: index >= 0 ? sb_av_error_decoder_not_found() : index) }
        let stream = context.pointee.streams[Int(index)]!
        for other in 0..<Int(context.pointee.nb_streams) where other != Int(index) {
            context.pointee.streams[other]!.pointee.discard = AVDISCARD_ALL
        }
        guard let decoder = avcodec_alloc_context3(codec) else { throw Failure(phase: .open, code: sb_av_error_from_errno(ENOMEM)) }
        self.decoder = decoder
        let copied = avcodec_parameters_to_context(decoder, stream.pointee.codecpar)
        guard copied >= 0 else { throw Failure(phase: .open, code: copied) }
        decoder.pointee.pkt_timebase = stream.pointee.time_base
        // One thread, the caller's: the ABI calls an instance from one thread at a time.
        decoder.pointee.thread_count = 1
        let ready = avcodec_open2(decoder, codec, nil)
        guard ready >= 0 else { throw Failure(phase: .open, code: ready) }
        streamIndex = index
        timeBase = stream.pointee.time_base
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_frame_free(&frame)
        av_packet_free(&packet)
        swr_free(&resampler)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }

    /// The input's own sample rate, once known (a live input states it when opened).
    var inputRate: Int { Int(decoder?.pointee.sample_rate ?? 0) }

    /// The next decoded frame, converted. At the end of the input drains the decoder and
    /// then the resampler, so no sample held back by either is lost.
    func next() throws -> Next {
        guard let format, let decoder else { return .ended }
        av_frame_unref(frame)
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received >= 0 {
                // The resampler holds back the end of each frame until the next arrives, so
                // what comes out now starts that much before this frame.
                let heldBack = resampler.map { swr_get_delay($0, 1_000_000_000) } ?? 0
                let samples = try convert(frame)
                let time = frame.pointee.best_effort_timestamp
                return .samples(samples, streamNanoseconds: time == sb_av_no_pts()
                    ? nil : av_rescale_q(time, timeBase, AVRational(num: 1, den: 1_000_000_000)) - heldBack)
            }
            if received == sb_av_error_eof() {
                guard !drained else { return .ended }
                drained = true
                let rest = try convert(nil)
                return rest.isEmpty ? .ended : .samples(rest, streamNanoseconds: nil)
            }
            guard received == sb_av_error_eagain() else { throw Failure(phase: .decode, code: received) }
            let read = av_read_frame(format, packet)
            if read == sb_av_error_eagain() { return .notYet }
            if read == sb_av_error_eof() {
                guard !draining else { return .ended }
                draining = true
                _ = avcodec_send_packet(decoder, nil)
                continue
            }
            guard read >= 0 else { throw Failure(phase: .read, code: read) }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(decoder, packet)
            guard sent >= 0 || sent == sb_av_error_eagain() else { throw Failure(phase: .decode, code: sent) }
        }
    }

    /// Converts one decoded frame (nil: what the resampler still holds) to the output
    /// format. The resampler is made for the first frame, from what it says of itself:
    /// a container's header may be wrong about an MP3's rate or a WAV's channel layout.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>?) throws -> [Float] {
        if resampler == nil {
            guard let frame else { return [] }
            resampler = try makeResampler(for: frame)
        }
        let incoming = frame.map { Int32($0.pointee.nb_samples) } ?? 0
        let capacity = max(swr_get_out_samples(resampler, incoming), 0) + 32
        var samples = [Float](repeating: 0, count: Int(capacity * outputChannels))
        let written = samples.withUnsafeMutableBytes { bytes in
            sb_swr_convert_frame(resampler, frame, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), capacity)
        }
        guard written >= 0 else { throw Failure(phase: .decode, code: written) }
        samples.removeLast(samples.count - Int(written * outputChannels))
        return samples
    }

    /// Levels are kept: stereo becomes mono as the mean of the two (rematrix_maxval 1:
    /// without it a float output sums them at -3 dB each, and a tone in both channels comes
    /// out 41 % louder than it was, which a detector's level thresholds would misread), and
    /// mono becomes stereo as the same sound in each (libswresample's own matrix
    /// would put it at -3 dB).
    private func makeResampler(for frame: UnsafeMutablePointer<AVFrame>) throws -> OpaquePointer {
        var inputLayout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || frame.pointee.ch_layout.nb_channels == 0 {
            av_channel_layout_default(&inputLayout, max(frame.pointee.ch_layout.nb_channels, 1))
        } else {
            guard av_channel_layout_copy(&inputLayout, &frame.pointee.ch_layout) >= 0 else {
                throw Failure(phase: .decode, code: sb_av_error_from_errno(ENOMEM))
            }
        }
        defer { av_channel_layout_uninit(&inputLayout) }
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, outputChannels)
        defer { av_channel_layout_uninit(&outputLayout) }
        var context: OpaquePointer?
        var status = swr_alloc_set_opts2(&context, &outputLayout, AV_SAMPLE_FMT_FLT, outputRate,
                                         &inputLayout, AVSampleFormat(rawValue: frame.pointee.format), frame.pointee.sample_rate, 0, nil)
        guard status >= 0, let context else { throw Failure(phase: .decode, code: status) }
        av_opt_set_double(UnsafeMutableRawPointer(context), "rematrix_maxval", 1.0, 0)
        if inputLayout.nb_channels == 1 {
            let copies = [Double](repeating: 1, count: Int(outputChannels))
            status = swr_set_matrix(context, copies, 1)
            guard status >= 0 else {
                var failed: OpaquePointer? = context
                swr_free(&failed)
                throw Failure(phase: .decode, code: status)
            }
        }
        status = swr_init(context)
        guard status >= 0 else {
            var failed: OpaquePointer? = context
            swr_free(&failed)
            throw Failure(phase: .decode, code: status)
        }
        return context
    }
}
