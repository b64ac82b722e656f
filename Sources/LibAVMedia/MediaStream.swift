import CLibAV

/// One opened input's best stream of one kind (a video's pictures, or its sound),
/// demuxed by libavformat and decoded by libavcodec, one frame at a time. It decides
/// nothing: its callers (the camera source's `FileRun`, `CameraRun`, `FolderRun`, the
/// audio source's `FileCapture`, `AlsaCapture`) say what a failure means for a file, a
/// device or a page.
///
/// Memory per frame is bounded: one AVPacket and one AVFrame are allocated with the
/// stream and reused; a packet is unreferenced as soon as the decoder has it, and a
/// frame when the next is asked for. `deinit` frees the rest.
public final class MediaStream {
    public enum Next {
        /// A decoded frame, valid until the next call or deinit; its presentation time in
        /// nanoseconds from the stream's first frame, when the stream has one.
        case decoded(UnsafePointer<AVFrame>, mediaNanoseconds: UInt64?)
        /// A non-blocking input (a camera, a microphone) had nothing yet.
        case notYet
        /// Every frame has been delivered (after the decoder was drained).
        case ended
    }

    /// Where libav failed, so a caller can tell a bad frame from a lost input.
    public enum Phase {
        case open
        case read
        case decode
    }

    public struct Failure: Error {
        public var phase: Phase
        public var code: Int32
        public var reason: String { LibAV.describe(code) }

        public init(phase: Phase, code: Int32) {
            self.phase = phase
            self.code = code
        }
    }

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private var streamIndex: Int32 = -1
    private var streamTimeBase = AVRational(num: 1, den: 1)
    private var draining = false
    private var firstTimestamp: Int64?

    /// Opens `url` with `inputFormat` (nil: libav recognises the content) and demuxer
    /// `options`, for its best stream of `kind`. `nonBlocking` makes a read return
    /// `.notYet` instead of waiting, which a device needs: libavdevice's V4L2 and ALSA
    /// reads otherwise block without a timeout. `probeStreams` reads ahead to learn
    /// stream parameters a container's header leaves out; a device states them all when
    /// opened.
    public init(url: String, inputFormat: UnsafePointer<AVInputFormat>?, options: [String: String],
                nonBlocking: Bool, probeStreams: Bool, kind: AVMediaType = AVMEDIA_TYPE_VIDEO) throws {
        _ = LibAV.prepared
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw Failure(phase: .open, code: sb_av_error_from_errno(ENOMEM))
        }
        self.packet = packet
        self.frame = frame
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
        if probeStreams {
            let probed = avformat_find_stream_info(context, nil)
            guard probed >= 0 else { throw Failure(phase: .open, code: probed) }
        }
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, kind, -1, -1, &codec, 0)
        guard index >= 0, let codec else { throw Failure(phase: .open, code: index >= 0 ? sb_av_error_decoder_not_found() : index) }
        let stream = context.pointee.streams[Int(index)]!
        // Only the chosen stream is demuxed: the others (a video's sound when pictures
        // are read, its pictures when sound is, subtitles) are never read.
        for other in 0..<Int(context.pointee.nb_streams) where other != Int(index) {
            context.pointee.streams[other]!.pointee.discard = AVDISCARD_ALL
        }
        guard let decoder = avcodec_alloc_context3(codec) else { throw Failure(phase: .open, code: sb_av_error_from_errno(ENOMEM)) }
        self.decoder = decoder
        let copied = avcodec_parameters_to_context(decoder, stream.pointee.codecpar)
        guard copied >= 0 else { throw Failure(phase: .open, code: copied) }
        decoder.pointee.pkt_timebase = stream.pointee.time_base
        // One thread, the caller's: the ABI calls an instance from one thread at a time
        // and the plugin starts none of its own, and a decoder reopened every run does
        // not create and join a pool of threads each time.
        decoder.pointee.thread_count = 1
        let ready = avcodec_open2(decoder, codec, nil)
        guard ready >= 0 else { throw Failure(phase: .open, code: ready) }
        streamIndex = index
        streamTimeBase = stream.pointee.time_base
    }

    deinit {
        // av_*_free take the address of the pointer they clear.
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }

    /// The stream's nominal time between pictures, for a picture without a timestamp.
    public var nominalFrameNanoseconds: UInt64? {
        guard let format, streamIndex >= 0 else { return nil }
        let rate = format.pointee.streams[Int(streamIndex)]!.pointee.avg_frame_rate
        guard rate.num > 0, rate.den > 0 else { return nil }
        return UInt64(1_000_000_000 * Int64(rate.den) / Int64(rate.num))
    }

    /// The stream's time base, for a caller that needs a frame's own timestamp (a live
    /// input's, which libavdevice takes from the wall clock).
    public var timeBase: AVRational { streamTimeBase }

    /// The next decoded frame. Reads packets until the decoder has one, skipping other
    /// streams; at the end of input drains the decoder so its held-back frames (a video's
    /// B-frames, an audio decoder's last samples) are delivered too.
    public func next() throws -> Next {
        guard let format, let decoder else { return .ended }
        av_frame_unref(frame)
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received >= 0 { return .decoded(UnsafePointer(frame), mediaNanoseconds: mediaNanoseconds(of: frame)) }
            if received == LibAV.endOfFile { return .ended }
            guard received == LibAV.tryAgain else { throw Failure(phase: .decode, code: received) }
            // The decoder wants input.
            let read = av_read_frame(format, packet)
            if read == LibAV.tryAgain { return .notYet }
            if read == LibAV.endOfFile {
                guard !draining else { return .ended }
                draining = true
                _ = avcodec_send_packet(decoder, nil)
                continue
            }
            guard read >= 0 else { throw Failure(phase: .read, code: read) }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(decoder, packet)
            // EAGAIN cannot happen here (every frame was received first); a damaged
            // packet is the caller's to judge.
            guard sent >= 0 || sent == LibAV.tryAgain else { throw Failure(phase: .decode, code: sent) }
        }
    }

    /// The frame's presentation time from the stream's first frame; nil without one.
    private func mediaNanoseconds(of frame: UnsafeMutablePointer<AVFrame>) -> UInt64? {
        let timestamp = frame.pointee.best_effort_timestamp
        guard timestamp != sb_av_no_pts() else { return nil }
        let first = firstTimestamp ?? timestamp
        firstTimestamp = first
        let offset = av_rescale_q(timestamp - first, streamTimeBase, AVRational(num: 1, den: 1_000_000_000))
        return UInt64(max(offset, 0))
    }
}
