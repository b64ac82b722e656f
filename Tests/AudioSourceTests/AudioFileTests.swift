import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Files through libav: what comes out is the sound that went in, at the asked rate and
/// channels, in blocks stamped with their position in the file.
@Suite struct AudioFileTests {
    /// Blocks of 250 ms at 16 kHz: 4000 frames each, the last one possibly shorter,
    /// stamped 0, 250 ms, 500 ms…, the first one starting a run and each other continuing.
    static func expectBlocks(_ blocks: [(timestamp: UInt64, block: AudioBlock)], seconds: Double, rate: Int = 16_000,
                             blockFrames: Int = 4000, channels: Int = 1) {
        let total = blocks.reduce(0) { $0 + $1.block.frameCount }
        let expected = Int(seconds * Double(rate))
        #expect(abs(total - expected) <= 64, "\(total) frames for \(expected)")
        for (index, entry) in blocks.enumerated() {
            #expect(entry.block.sampleRate == rate && entry.block.channels == channels, "block \(index)")
            #expect(entry.timestamp == entry.block.firstSampleNanoseconds, "block \(index): the frame carries the first sample's time")
            #expect(entry.block.continuesPrevious == (index > 0), "block \(index): only the first starts afresh")
            if index < blocks.count - 1 {
                #expect(entry.block.frameCount == blockFrames, "block \(index): \(entry.block.frameCount) frames")
                let media = UInt64(index) * UInt64(blockFrames) * 1_000_000_000 / UInt64(rate)
                // Within a microsecond: each chunk's time is rounded to the nanosecond.
                #expect(max(entry.timestamp, media) - min(entry.timestamp, media) < 1000,
                        "block \(index) at \(entry.timestamp) ns, its media position \(media) ns")
            }
        }
    }

    /// The middle of the sound, away from the resampler's edges.
    static func middle(_ blocks: [(timestamp: UInt64, block: AudioBlock)]) -> [Float] {
        Array(blocks.dropFirst().dropLast().flatMap(\.block.samples))
    }

    @Test func aSixteenBitWAVAtTheAskedRateComesOutAsItWent() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 440, amplitudes: [0.5], rate: 16_000, seconds: 2),
                                   rate: 16_000, channels: 1, encoding: .s16)
        let source = try AudioSourceClient.source(wav)
        try source.start()
        let blocks = try AudioSourceClient.drain(source)
        Self.expectBlocks(blocks, seconds: 2)
        let tone = ToneMeasure(Self.middle(blocks), rate: 16_000)
        #expect(abs(tone.frequency - 440) < 2, "\(tone)")
        #expect(abs(tone.amplitude - 0.5) < 0.01, "\(tone)")
    }

    /// Stereo at 44.1 kHz in float, 1 kHz at 0.6 on the left and 0.2 on the right, asked
    /// as 16 kHz mono: the same tone at the mean level, 0.4 (not the 0.57 a -3 dB sum gives).
    @Test func aStereoFloatWAVIsResampledToMonoAtTheMeanLevel() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("stereo.wav", samples: AudioFixtures.tone(frequency: 1000, amplitudes: [0.6, 0.2], rate: 44_100, seconds: 1.5),
                                   rate: 44_100, channels: 2, encoding: .float32)
        let source = try AudioSourceClient.source(wav)
        try source.start()
        let blocks = try AudioSourceClient.drain(source)
        Self.expectBlocks(blocks, seconds: 1.5)
        let tone = ToneMeasure(Self.middle(blocks), rate: 16_000)
        #expect(abs(tone.frequency - 1000) < 3, "\(tone)")
        #expect(abs(tone.amplitude - 0.4) < 0.01, "\(tone)")
    }

    /// The config's rate, channels and block length are what comes out.
    @Test func theAskedRateChannelsAndBlockLengthAreKept() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("mono.wav", samples: AudioFixtures.tone(frequency: 500, amplitudes: [0.3], rate: 22_050, seconds: 1),
                                   rate: 22_050, channels: 1, encoding: .s16)
        let source = try AudioSourceClient.source(wav, ["sampleRate": .number(48_000), "channels": .number(2), "blockMilliseconds": .number(100)])
        try source.start()
        let blocks = try AudioSourceClient.drain(source)
        Self.expectBlocks(blocks, seconds: 1, rate: 48_000, blockFrames: 4800, channels: 2)
        let left = Self.middle(blocks).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let tone = ToneMeasure(left, rate: 48_000)
        #expect(abs(tone.frequency - 500) < 2 && abs(tone.amplitude - 0.3) < 0.01, "\(tone)")
    }

    /// FLAC, Ogg Vorbis, MP3 and a video's AAC sound track, made from one WAV by ffmpeg:
    /// each is heard as the same tone (lossy codecs within their error).
    @Test(arguments: [("flac", "tone.flac", [String]()), ("libvorbis", "tone.ogg", []), ("libmp3lame", "tone.mp3", []),
                      ("aac", "clip.mp4", ["-f", "lavfi", "-i", "color=size=64x48:rate=10:duration=2", "-shortest"])])
    func compressedFormatsAndVideosAreHeard(_ encoder: String, _ name: String, _ extra: [String]) throws {
        try #require(AudioFixtures.hasEncoder(encoder), "this ffmpeg has no \(encoder) encoder")
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 1000, amplitudes: [0.5], rate: 44_100, seconds: 2),
                                   rate: 44_100, channels: 1, encoding: .s16)
        let file = try fixtures.converted(wav, to: name, extra)
        let source = try AudioSourceClient.source(file)
        try source.start()
        let blocks = try AudioSourceClient.drain(source)
        let total = blocks.reduce(0) { $0 + $1.block.frameCount }
        // Encoders add priming and padding; the sound itself must all be there.
        #expect(total >= 31_000 && total <= 34_000, "\(name): \(total) frames")
        #expect(blocks.first?.block.continuesPrevious == false && blocks.dropFirst().allSatisfy { $0.block.continuesPrevious }, "\(name)")
        let timestamps = blocks.map(\.timestamp)
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 }, "\(name): \(timestamps)")
        let tone = ToneMeasure(Self.middle(blocks), rate: 16_000)
        #expect(abs(tone.frequency - 1000) < 5 && abs(tone.amplitude - 0.5) < 0.05, "\(name): \(tone)")
    }

    /// Each start reads the file again from its beginning, with the same timestamps, under
    /// a new run id; before start and after stop, NOT_STARTED.
    @Test func eachRunReadsTheFileAgainFromItsStart() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 300, amplitudes: [0.2], rate: 16_000, seconds: 1),
                                   rate: 16_000, channels: 1, encoding: .s16)
        let source = try AudioSourceClient.source(wav)
        try source.start()
        let first = try AudioSourceClient.drain(source)
        guard case .endOfStream = try source.next(timeoutMilliseconds: 10) else {
            Issue.record("the end of the file is not said again")
            return
        }
        try source.start()
        let second = try AudioSourceClient.drain(source)
        #expect(first.map(\.timestamp) == second.map(\.timestamp) && first.map(\.block) == second.map(\.block))
        source.stop()
        let afterStop = AudioSourceClient.error("next after stop") { _ = try source.next(timeoutMilliseconds: 10) }
        #expect(afterStop?.status == AudioSourceClient.notStarted)
    }

    /// A FLAC with 400 bytes scrambled in its middle: the damaged stretch is one call's
    /// error naming the file and the position (or, where the parser resynchronises
    /// silently, nothing), what came before goes out as a shorter block and the next
    /// starts afresh; the rest is heard, then the end.
    @Test func aDamagedStretchOfAFileIsAGapNotTheEnd() throws {
        try #require(AudioFixtures.hasEncoder("flac"), "this ffmpeg has no flac encoder")
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 1000, amplitudes: [0.5], rate: 16_000, seconds: 3),
                                   rate: 16_000, channels: 1, encoding: .s16)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try fixtures.converted(wav, to: "tone.flac"))))
        for index in (bytes.count / 2)..<(bytes.count / 2 + 400) { bytes[index] = bytes[index] &* 7 &+ 13 }
        let damaged = try fixtures.write("damaged.flac", Data(bytes))
        let source = try AudioSourceClient.source(damaged)
        try source.start()
        var blocks: [AudioBlock] = []
        var errors: [String] = []
        var ended = false
        for _ in 0..<200 where !ended {
            do {
                switch try source.next(timeoutMilliseconds: 5000) {
                case .frame(let frame): if let block = AudioSourceClient.audio(frame) { blocks.append(block) }
                case .timedOut: errors.append("timed out")
                case .endOfStream: ended = true
                }
            } catch let error as PluginCallError {
                errors.append("\(error.status): \(error.message)")
            }
        }
        #expect(ended, "the file's end after \(blocks.count) blocks and \(errors)")
        #expect(errors.allSatisfy { $0.hasPrefix("7: ") && $0.contains("'\(damaged)'") }, "\(errors)")
        let frames = blocks.reduce(0) { $0 + $1.frameCount }
        #expect(frames > 40_000 && frames <= 48_000, "most of the sound, and nothing invented: \(frames) frames, \(blocks.map(\.frameCount))")
        #expect(blocks.dropFirst().contains { !$0.continuesPrevious }, "the damage starts a block afresh: \(blocks.map(\.continuesPrevious))")
        let stamps = blocks.map(\.firstSampleNanoseconds)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 }, "\(stamps)")
    }

    /// In real time a block comes once its last sample would have been heard, stamped with
    /// its first on the host's clock.
    @Test func inRealTimeBlocksComeAtTheirOwnPace() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 300, amplitudes: [0.2], rate: 16_000, seconds: 1),
                                   rate: 16_000, channels: 1, encoding: .s16)
        let source = try AudioSourceClient.source(wav, ["realtime": .bool(true)])
        let started = Monotonic.now
        try source.start()
        var arrivals: [(stamp: UInt64, arrived: UInt64)] = []
        while true {
            guard case .frame(let frame) = try source.next(timeoutMilliseconds: 2000) else { break }
            arrivals.append((frame.timestampNanoseconds, Monotonic.now))
        }
        #expect(arrivals.count == 4, "\(arrivals)")
        for (index, arrival) in arrivals.enumerated() {
            let offset = UInt64(index) * 250_000_000
            #expect(arrival.stamp >= started + offset && arrival.stamp < started + offset + 100_000_000, "block \(index): \(arrival) from \(started)")
            #expect(arrival.arrived >= arrival.stamp + 250_000_000, "block \(index) came before its last sample was due: \(arrival)")
        }
    }
}

/// The host's clock (CLOCK_MONOTONIC), to compare a block's time with.
enum Monotonic {
    static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
