import CPulse

/// A microphone through the sound server, from the record stream opened at start to its
/// close at stop: 32-bit float at the asked rate and channels (the server converts), in
/// 20 ms fragments, never an end.
///
/// A chunk's time is the host's clock when it was read less how long ago its first
/// sample was heard (`take`): within 20 ms in the tests (Tests/AudioSourceTests).
///
/// A named source is held to (PA_STREAM_DONT_MOVE): unplugging it fails the stream, and
/// the person hears that listening stopped, rather than the server moving the stream to
/// another microphone they did not choose. The default source follows the server's
/// default, as every desktop application does.
///
/// The microphone is lost (`failRun`) when the connection fails (the server stopped or
/// restarted), when the stream fails (its source was removed), and when nothing arrives
/// for `MicrophoneStall.nanoseconds`. Sound the server dropped because it was not read in
/// time (an overflow) or a hole in the stream marks the next chunk as following a gap.
final class PulseCapture: AudioCapture {
    static let fragmentMilliseconds = 20

    private let name: String
    private let connection: PulseConnection
    private let stream: OpaquePointer
    private let channels: Int
    private let bytesPerSecond: UInt64
    private let clock: () -> UInt64
    private let overflowed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    private var holeSkipped = false
    private var lastSound: UInt64

    init(source: String?, name: String, sampleRate: Int, channels: Int, clock: @escaping () -> UInt64) throws {
        self.name = name
        self.channels = channels
        bytesPerSecond = UInt64(sampleRate * channels * MemoryLayout<Float>.size)
        self.clock = clock
        overflowed.pointee = false
        do {
            connection = try PulseConnection(clock: clock)
        } catch let failure as PulseConnection.Failure {
            overflowed.deallocate()
            throw CaptureFailure(message: PulseCapture.unreachable(name, failure.reason), outcome: .failRun)
        }
        var spec = pa_sample_spec(format: sb_pa_sample_float32ne(), rate: UInt32(sampleRate), channels: UInt8(channels))
        guard let stream = pa_stream_new(connection.context, "Listening", &spec, nil) else {
            overflowed.deallocate()
            throw CaptureFailure(message: "Cannot open \(name): \(connection.errorText).", outcome: .failRun)
        }
        self.stream = stream
        lastSound = clock()
        pa_stream_set_overflow_callback(stream, { _, userdata in
            userdata?.assumingMemoryBound(to: Bool.self).pointee = true
        }, overflowed)
        let fragment = UInt32(sampleRate * channels * MemoryLayout<Float>.size * Self.fragmentMilliseconds / 1000)
        var attributes = pa_buffer_attr(maxlength: sb_pa_buffer_default(), tlength: sb_pa_buffer_default(),
                                        prebuf: sb_pa_buffer_default(), minreq: sb_pa_buffer_default(), fragsize: fragment)
        var flags = PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
        if source != nil { flags |= PA_STREAM_DONT_MOVE.rawValue }
        guard pa_stream_connect_record(stream, source, &attributes, pa_stream_flags_t(rawValue: flags)) >= 0 else {
            throw CaptureFailure(message: Self.refused(name, connection.errorText), outcome: .failRun)
        }
        let deadline = clock() + PulseConnection.connectNanoseconds
        while pa_stream_get_state(stream) != PA_STREAM_READY {
            guard pa_stream_get_state(stream) == PA_STREAM_CREATING, connection.isReady else {
                throw CaptureFailure(message: Self.refused(name, connection.errorText), outcome: .failRun)
            }
            guard clock() < deadline else {
                throw CaptureFailure(message: Self.refused(name, "the sound server did not answer within 5 s"), outcome: .failRun)
            }
            connection.iterate(until: deadline)
        }
    }

    deinit {
        pa_stream_set_overflow_callback(stream, nil, nil)
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
        overflowed.deallocate()
    }

    func next(until deadline: UInt64) throws -> CaptureNext {
        while true {
            guard connection.isReady, pa_stream_get_state(stream) == PA_STREAM_READY else {
                throw CaptureFailure(message: "Lost \(name): \(connection.errorText); the sound server stopped or the microphone was unplugged.",
                                     outcome: .failRun)
            }
            var data: UnsafeRawPointer?
            var length = 0
            guard pa_stream_peek(stream, &data, &length) >= 0 else {
                throw CaptureFailure(message: "Lost \(name): \(connection.errorText).", outcome: .failRun)
            }
            if length > 0 {
                guard let data else {
                    // A hole: sound the server never had. Skipped, and the next chunk says so.
                    pa_stream_drop(stream)
                    holeSkipped = true
                    continue
                }
                return .chunk(take(data, length: length))
            }
            let now = clock()
            if now &- lastSound >= MicrophoneStall.nanoseconds {
                throw CaptureFailure(message: MicrophoneStall.message(name), outcome: .failRun)
            }
            guard now < deadline else { return .notYet }
            connection.iterate(until: deadline)
        }
    }

    /// Copies one peeked fragment out and stamps it with when its first sample was heard:
    /// the host's clock now, less the sound still waiting to be read (this fragment
    /// included) and the source's own latency (its buffer, as the server last reported it).
    /// libpulse's interpolated stream latency is not used: measured here, it runs ahead by
    /// up to 0.3 s at a stream's start while a source has not yet delivered, then settles.
    private func take(_ data: UnsafeRawPointer, length: Int) -> CapturedChunk {
        let waiting = UInt64(pa_stream_readable_size(stream))
        let sourceLatency = UInt64(pa_stream_get_timing_info(stream)?.pointee.source_usec ?? 0) * 1000
        let now = clock()
        lastSound = now
        let age = sourceLatency + waiting * 1_000_000_000 / bytesPerSecond
        let count = length / MemoryLayout<Float>.size / channels * channels
        let samples = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
        pa_stream_drop(stream)
        let gap = overflowed.pointee || holeSkipped
        overflowed.pointee = false
        holeSkipped = false
        return CapturedChunk(samples: samples, startNanoseconds: now > age ? now - age : 0, followsGap: gap)
    }

    static func unreachable(_ name: String, _ reason: String) -> String {
        "Cannot open \(name): cannot connect to the sound server (\(reason)). Check that PulseAudio or PipeWire is running (pactl info), or name an ALSA device (\"alsa:default\")."
    }

    static func refused(_ name: String, _ reason: String) -> String {
        "Cannot open \(name): the sound server refused it (\(reason)). List the microphones it has with 'pactl list short sources'."
    }
}
