import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Testing

/// Audio crosses the boundary as 16-bit or float samples and reaches Swift as floats;
/// what a broken source could hand over is refused by its shape, never read past.
@Suite struct AudioCodecTests {
    let block = AudioBlock(sampleRate: 16000, channels: 2, samples: [0.5, -0.5, 0.25, -1], firstSampleNanoseconds: 7_000,
                           continuesPrevious: false)

    @Test func audioFramesRoundTripAsFloat() throws {
        let arena = CArena()
        let c = FrameCodec.encode(SensingFrame(timestampNanoseconds: 7_000, runID: 3, content: .audio(block)), into: arena)
        #expect(c.kind == SB_FRAME_AUDIO && c.audio?.pointee.format == SB_SAMPLE_F32)
        #expect(c.audio?.pointee.flags == SB_AUDIO_DISCONTINUOUS && c.audio?.pointee.frame_count == 2)
        guard case .audio(let back) = try FrameCodec.decode(c).get().content else { Issue.record("not an audio frame"); return }
        #expect(back == block)
        #expect(back.durationNanoseconds == 125_000 && back.endNanoseconds == 132_000)
    }

    /// Full scale is 32768: -32768 is exactly -1, and the scale is never 32767 (which
    /// would put the loudest negative sample past -1).
    @Test func sixteenBitSamplesBecomeFloats() throws {
        var samples: [Int16] = [0, 16384, -32768, 32767]
        let decoded = samples.withUnsafeMutableBufferPointer { buffer in
            AudioCodec.decode(sb_audio(struct_size: UInt32(MemoryLayout<sb_audio>.size), format: SB_SAMPLE_S16, sample_rate: 8000,
                                       channels: 1, flags: 0, frame_count: 4, first_sample_ns: 1,
                                       samples: UnsafeRawPointer(buffer.baseAddress!)))
        }
        let block = try decoded.get()
        #expect(block.samples == [0, 0.5, -1, Float(32767) / 32768])
        #expect(block.continuesPrevious)
    }

    @Test func badAudioIsRefusedWithTheShape() {
        var samples: [Float] = [0, 0, 0, .nan]
        samples.withUnsafeMutableBufferPointer { buffer in
            let good = sb_audio(struct_size: UInt32(MemoryLayout<sb_audio>.size), format: SB_SAMPLE_F32, sample_rate: 16000,
                                channels: 1, flags: 0, frame_count: 3, first_sample_ns: 0,
                                samples: UnsafeRawPointer(buffer.baseAddress!))
            func reason(_ change: (inout sb_audio) -> Void) -> String? {
                var audio = good
                change(&audio)
                return AudioCodec.decode(audio).failureReason
            }
            #expect(reason { _ in } == nil)
            #expect(reason { $0.frame_count = 4 } == "an audio block's sample 3 is not finite")
            #expect(reason { $0.format = 9 } == "an audio block's format 9 is not SB_SAMPLE_S16 or SB_SAMPLE_F32")
            #expect(reason { $0.samples = nil } == "an audio block's samples is NULL")
            #expect(reason { $0.sample_rate = 0 } == "an audio block's sample_rate 0 is outside 1000...192000 Hz")
            #expect(reason { $0.channels = 0 } == "an audio block has 0 channels; 1 to 8 are accepted")
            #expect(reason { $0.channels = 9 } == "an audio block has 9 channels; 1 to 8 are accepted")
            #expect(reason { $0.frame_count = 0 } == "an audio block's frame_count 0 is outside 1...160000 (10 s at its rate)")
            #expect(reason { $0.frame_count = 160_001 } == "an audio block's frame_count 160001 is outside 1...160000 (10 s at its rate)")
            #expect(reason { $0.struct_size = 8 } == "an audio block's struct_size 8 is smaller than the 1.6 sb_audio")
        }
        // A frame from a source built before 1.6 cannot claim audio: its frame ends before the field.
        var frame = sb_frame()
        frame.struct_size = UInt32(FrameCodec.imageFrameSize)
        frame.kind = SB_FRAME_AUDIO
        #expect(FrameCodec.decode(frame).failureReason == "an audio frame's struct_size 152 has no room for its audio")
        frame.struct_size = UInt32(MemoryLayout<sb_frame>.size)
        #expect(FrameCodec.decode(frame).failureReason == "an audio frame's audio is NULL")
    }

    /// A perceiver built against 1.6 loaded by a 1.4 or 1.5 host gets the shorter
    /// request; it reads the picture and never looks past the request's end.
    @Test func aPerceiveRequestFromAnOlderHostIsReadAsItsPicture() throws {
        let picture = ImageFrame(format: .gray8, width: 2, height: 1, pixels: [1, 2])
        let request = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 5, locale: "vi", deadline: 9)
        request.pointer.pointee.struct_size = UInt32(PerceiveCodec.version14RequestSize)
        request.pointer.pointee.audio = UnsafePointer(bitPattern: 0x10)  // past an old host's request: never read
        let read = try PerceiveCodec.decodeRequest(request.pointer.pointee).get()
        #expect(read.input == .image(picture) && read.locale == "vi" && read.deadline == 9)

        // Read through its pointer, from an allocation exactly as long as an old host's
        // request: nothing past struct_size is touched (AddressSanitizer would say).
        let old = UnsafeMutableRawPointer.allocate(byteCount: PerceiveCodec.version14RequestSize, alignment: 8)
        defer { old.deallocate() }
        old.copyMemory(from: request.pointer, byteCount: PerceiveCodec.version14RequestSize)
        let throughPointer = try PerceiveCodec.decodeRequest(at: old.assumingMemoryBound(to: sb_perceive_request.self)).get()
        #expect(throughPointer.input == .image(picture) && throughPointer.locale == "vi")

        let heard = CPerceiveRequest(input: .audio(block), timestampNanoseconds: 5, locale: "en", deadline: 9)
        #expect(try PerceiveCodec.decodeRequest(heard.pointer.pointee).get().input == .audio(block))
        heard.pointer.pointee.struct_size = UInt32(PerceiveCodec.version14RequestSize)
        #expect(PerceiveCodec.decodeRequest(heard.pointer.pointee).failureReason == "the request's image and audio are both NULL")
        heard.pointer.pointee.struct_size = UInt32(MemoryLayout<sb_perceive_request>.size)
        heard.pointer.pointee.image = request.pointer.pointee.image
        #expect(PerceiveCodec.decodeRequest(heard.pointer.pointee).failureReason == "the request carries both an image and audio")
    }
}
