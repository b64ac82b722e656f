import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Testing

/// The codec is the only reader of what a plugin hands over, so these tests give it
/// what a broken or hostile plugin would: NULLs, counts past every limit, bytes that
/// are not UTF-8, kinds from the future.
@Suite struct CodecRoundTripTests {
    let records = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.91, box: NormalizedBox(x: 0.1, y: 0.2, width: 0.3, height: 0.4)),
        PerceptionRecord(kind: .text, label: "Café Sol", confidence: 0.8),
        PerceptionRecord(kind: .depth, label: "depth", confidence: 1, distanceMetres: 1.25),
    ]

    @Test func recordsSurviveTheBoundary() throws {
        let array = CRecordArray(records)
        let decoded = try RecordCodec.decodeAll(array.pointer, count: array.count).get()
        #expect(decoded.map(\.label) == ["chair", "Café Sol", "depth"])
        #expect(decoded.map(\.kind) == [.object, .text, .depth])
        #expect(decoded[0].box != nil && decoded[1].box == nil)
        #expect(decoded[2].distanceMetres == 1.25 && decoded[0].distanceMetres == nil)
        #expect(abs(decoded[0].confidence - 0.91) < 1e-6)
    }

    @Test func badRecordsAreRefusedByIndex() {
        let unknownKind = CRecordArray(records, rawKinds: [SB_RECORD_OBJECT, 77, SB_RECORD_DEPTH])
        #expect(RecordCodec.decodeAll(unknownKind.pointer, count: 3) == .failure(.init(index: 1, reason: "has unknown kind 77")))
        var nullLabel = sb_record()
        nullLabel.kind = SB_RECORD_OBJECT
        #expect(RecordCodec.decode(nullLabel, index: 4) == .failure(.init(index: 4, reason: "has a NULL label")))
        let invalid: [CChar] = [CChar(bitPattern: 0xC3), CChar(bitPattern: 0x28), 0]
        invalid.withUnsafeBufferPointer { bytes in
            var record = sb_record()
            record.kind = SB_RECORD_TEXT
            record.label = bytes.baseAddress
            #expect(RecordCodec.decode(record, index: 0) == .failure(.init(index: 0, reason: "has a label that is not UTF-8")))
        }
        #expect(RecordCodec.decodeAll(nil, count: 2).isFailure)
        // A hostile count is refused before any memory is read.
        #expect(RecordCodec.decodeAll(unknownKind.pointer, count: ABICodec.maximumFrameRecords + 1).isFailure)
    }

    /// What lets a plugin's cancel land while a huge request is still being read.
    @Test func aCheckpointEveryStrideCanStopDecoding() throws {
        struct Stop: Error {}
        let many = CRecordArray(Array(repeating: records[0], count: 3 * RecordCodec.checkpointStride + 1))
        var calls = 0
        let all = try RecordCodec.decodeAll(many.pointer, count: many.count) { calls += 1 }.get()
        #expect(all.count == many.count)
        #expect(calls == 4)
        calls = 0
        #expect(throws: Stop.self) {
            _ = try RecordCodec.decodeAll(many.pointer, count: many.count) { () throws(Stop) in
                calls += 1
                if calls == 2 { throw Stop() }
            }
        }
        #expect(calls == 2)
    }

    @Test func composeRequestCarriesLimitsAndLocale() throws {
        let request = CComposeRequest(records, locale: "vi", maximumWords: 9, maximumLabels: 3, deadline: 42)
        #expect(request.pointer.pointee.struct_size == UInt32(MemoryLayout<sb_compose_request>.size))
        #expect(request.maximumWords == 9 && request.maximumLabels == 3 && request.pointer.pointee.deadline_ns == 42)
        let decoded = try CComposeRequest.decode(request.pointer.pointee).get()
        #expect(decoded.locale == "vi" && decoded.records.map(\.label) == records.map(\.label))
    }

    @Test func phrasesRoundTripAndMalformedOnesAreNamed() {
        let arena = CArena()
        let phrases = [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0]),
                       SubjectPhrase(stream: .text, text: "Café Sol", recordIndices: [1])]
        var result = sb_compose_result()
        (result.phrases, result.phrase_count) = PhraseCodec.encode(phrases, into: arena)
        let decoded = PhraseCodec.decode(result)
        #expect(decoded.phrases == phrases && decoded.problems.isEmpty)

        var broken = [sb_phrase(stream: 9, text: arena.string("a chair"), record_indices: nil, record_index_count: 0),
                      sb_phrase(stream: SB_STREAM_SIGHT, text: nil, record_indices: nil, record_index_count: 0),
                      sb_phrase(stream: SB_STREAM_SIGHT, text: arena.string("a door"), record_indices: nil, record_index_count: 3),
                      sb_phrase(stream: SB_STREAM_SOUND, text: arena.string("a doorbell"), record_indices: nil, record_index_count: 0)]
        broken.withUnsafeBufferPointer { buffer in
            var c = sb_compose_result(struct_size: 0, phrases: buffer.baseAddress, phrase_count: buffer.count)
            let read = PhraseCodec.decode(c)
            #expect(read.phrases.map(\.text) == ["a doorbell"])
            #expect(read.problems == ["phrase 0 has unknown stream 9 (unknown-stream)", "phrase 1 has NULL text (null-text)",
                                      "phrase 2 has 3 record indices at NULL (invalid-indices)"])
            // Kept in place, so the host reports which entry it was and still says its records.
            #expect(read.proposed.count == 4)
            #expect(read.proposed[1] == .unreadable(UnreadablePhrase(stream: .sight, recordIndices: [], reason: .nullText)))
            c.phrase_count = ABICodec.maximumPhrases + 1
            let hostile = PhraseCodec.decode(c)
            #expect(hostile.phrases.isEmpty && hostile.problems.count == 1)
        }
        let nullPhrases = PhraseCodec.decode(sb_compose_result(struct_size: 0, phrases: nil, phrase_count: 2))
        #expect(nullPhrases.phrases.isEmpty && nullPhrases.problems == ["phrases is NULL with phrase_count 2"])
        #expect(nullPhrases.refusal == .malformedResult)
    }

    @Test func textOverTheByteCapIsRefusedUnreadAndBadUTF8IsNamed() {
        let arena = CArena()
        let huge = String(repeating: "a chair ", count: 1_300_000)  // about 10 MB
        let indices = arena.array([UInt32(0)])
        let bytes: [CChar] = [0x61, 0x20, CChar(bitPattern: 0xC3), 0x28, 0]
        bytes.withUnsafeBufferPointer { invalid in
            let phrases = [sb_phrase(stream: SB_STREAM_SIGHT, text: arena.string(huge), record_indices: indices, record_index_count: 1),
                           sb_phrase(stream: SB_STREAM_SIGHT, text: invalid.baseAddress, record_indices: indices, record_index_count: 1)]
            phrases.withUnsafeBufferPointer { buffer in
                let decoded = PhraseCodec.decode(sb_compose_result(struct_size: 0, phrases: buffer.baseAddress, phrase_count: 2),
                                                 maximumWords: 19, recordCount: 2)
                #expect(decoded.proposed == [.unreadable(UnreadablePhrase(stream: .sight, recordIndices: [0], reason: .tooLong)),
                                             .unreadable(UnreadablePhrase(stream: .sight, recordIndices: [0], reason: .invalidUTF8))])
                #expect(Set(decoded.problems) == ["phrase 0 has text longer than 608 bytes, the cap for its word ceiling (too-long)",
                                                  "phrase 1 has text that is not valid UTF-8 (invalid-utf8)"])
                // Exactly at the cap is still read.
                let atCap = String(repeating: "a", count: PhraseValidator.maximumBytes(forWords: 19))
                let fits = [sb_phrase(stream: SB_STREAM_SIGHT, text: arena.string(atCap), record_indices: indices, record_index_count: 1)]
                fits.withUnsafeBufferPointer { one in
                    let read = PhraseCodec.decode(sb_compose_result(struct_size: 0, phrases: one.baseAddress, phrase_count: 1), maximumWords: 19)
                    #expect(read.phrases.map(\.text) == [atCap])
                }
            }
        }
    }

    @Test func morePhrasesThanRecordsIsRefusedAsAWhole() {
        let arena = CArena()
        let phrases = (0..<3).map { _ in SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0]) }
        var result = sb_compose_result()
        (result.phrases, result.phrase_count) = PhraseCodec.encode(phrases, into: arena)
        let decoded = PhraseCodec.decode(result, recordCount: 2)
        #expect(decoded.refusal == .tooManyPhrases && decoded.proposed.isEmpty)
        #expect(decoded.problems == ["3 phrases for 2 records; every phrase must name a record"])
        #expect(PhraseCodec.decode(result, recordCount: 3).refusal == nil)
    }

    @Test func framesRoundTrip() throws {
        let arena = CArena()
        let map = DepthMap(width: 3, height: 2, metres: [1, 2, 3, 4, .nan, 6], intrinsics: .init(fx: 2, fy: 2, cx: 1.5, cy: 1))
        let depth = FrameCodec.encode(SensingFrame(timestampNanoseconds: 7, runID: 2, content: .depth(map)), into: arena)
        guard case .depth(let back) = try FrameCodec.decode(depth).get().content else { Issue.record("not a depth frame"); return }
        #expect(back.width == 3 && back.height == 2 && back.intrinsics == map.intrinsics)
        #expect(back.metres[0] == 1 && back.metres[5] == 6 && back.metres[4].isNaN)

        let frame = FrameCodec.encode(SensingFrame(timestampNanoseconds: 9, runID: 3, content: .records(records)), into: arena)
        let decoded = try FrameCodec.decode(frame).get()
        #expect(decoded.timestampNanoseconds == 9 && decoded.runID == 3)
        guard case .records(let read) = decoded.content else { Issue.record("not a records frame"); return }
        #expect(read.map(\.label) == records.map(\.label))
    }

    /// A plugin built against a later minor must not write past the buffer an older host passed.
    @Test func aFrameIsWrittenOnlyAsFarAsTheHostsStructSize() {
        let arena = CArena()
        let c = FrameCodec.encode(SensingFrame(timestampNanoseconds: 5, runID: 1, content: .records(records)), into: arena)
        let size = MemoryLayout<sb_frame>.size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<sb_frame>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0xAB, count: size)
        let destination = raw.bindMemory(to: sb_frame.self, capacity: 1)
        destination.pointee.struct_size = 16
        FrameCodec.write(c, to: destination)
        let bytes = UnsafeRawBufferPointer(start: raw, count: size)
        #expect(bytes[16...].allSatisfy { $0 == 0xAB })
        #expect(destination.pointee.struct_size == 16 && destination.pointee.timestamp_ns == 5)

        destination.pointee.struct_size = UInt32(size)
        FrameCodec.write(c, to: destination)
        #expect(destination.pointee.record_count == records.count && destination.pointee.kind == SB_FRAME_RECORDS)
    }

    @Test func badFramesAreRefusedWithTheShape() {
        var frame = sb_frame()
        frame.kind = SB_FRAME_DEPTH
        frame.depth.width = 4
        frame.depth.height = 4
        frame.depth.row_stride = 8
        #expect(FrameCodec.decode(frame).failureReason == "a depth frame's row_stride 8 is less than width x 4")
        frame.depth.row_stride = 16
        #expect(FrameCodec.decode(frame).failureReason == "a depth frame's metres is NULL")
        frame.depth.width = 9000
        #expect(FrameCodec.decode(frame).failureReason == "a depth frame is 9000x4")
        frame.kind = 42
        #expect(FrameCodec.decode(frame).failureReason == "frame kind 42 is not SB_FRAME_DEPTH, SB_FRAME_RECORDS, SB_FRAME_IMAGE or SB_FRAME_AUDIO")
        var records = sb_frame()
        records.kind = SB_FRAME_RECORDS
        records.record_count = 3
        #expect(FrameCodec.decode(records).failureReason?.hasPrefix("a records frame's record 0 is missing") == true)
    }

    /// A C stride is removed on the way in; the Swift side never sees padding.
    @Test func imageFramesRoundTripAndAStrideIsHonoured() throws {
        let arena = CArena()
        let image = ImageFrame(format: .rgb24, width: 3, height: 2, pixels: Array(0..<18), intrinsics: .init(fx: 500, fy: 500, cx: 1.5, cy: 1))
        let c = FrameCodec.encode(SensingFrame(timestampNanoseconds: 4, runID: 1, content: .image(image)), into: arena)
        #expect(c.kind == SB_FRAME_IMAGE && c.image?.pointee.row_stride == 9)
        guard case .image(let back) = try FrameCodec.decode(c).get().content else { Issue.record("not an image frame"); return }
        #expect(back == image)

        // The same picture with 7 bytes of padding after each row.
        var padded: [UInt8] = Array(0..<9) + [UInt8](repeating: 0xEE, count: 7) + Array(9..<18) + [UInt8](repeating: 0xEE, count: 7)
        let read = padded.withUnsafeMutableBufferPointer { buffer in
            ImageCodec.decode(sb_image(struct_size: UInt32(MemoryLayout<sb_image>.size), format: SB_PIXEL_RGB24, width: 3, height: 2,
                                       row_stride: 16, pixels: UnsafePointer(buffer.baseAddress!), intrinsics: (0, 0, 0, 0)))
        }
        #expect(try read.get() == ImageFrame(format: .rgb24, width: 3, height: 2, pixels: Array(0..<18)))
    }

    @Test func badImagesAreRefusedWithTheShape() {
        var pixel: UInt8 = 0
        withUnsafePointer(to: &pixel) { one in
            let good = sb_image(struct_size: UInt32(MemoryLayout<sb_image>.size), format: SB_PIXEL_GRAY8, width: 1, height: 1,
                                row_stride: 1, pixels: one, intrinsics: (0, 0, 0, 0))
            func reason(_ change: (inout sb_image) -> Void) -> String? {
                var image = good
                change(&image)
                return ImageCodec.decode(image).failureReason
            }
            #expect(reason { _ in } == nil)
            #expect(reason { $0.format = 7 } == "an image's format 7 is not SB_PIXEL_GRAY8 or SB_PIXEL_RGB24")
            #expect(reason { $0.pixels = nil } == "an image's pixels is NULL")
            #expect(reason { $0.width = 2 } == "an image's row_stride 1 is less than its 2-byte rows")
            #expect(reason { $0.height = 0 } == "an image is 1x0")
            #expect(reason { $0.width = 20000; $0.row_stride = 20000 } == "an image is 20000x1")
            #expect(reason { $0.width = 9000; $0.height = 9000; $0.row_stride = 9000 } == "an image is 9000x9000")
            #expect(reason { $0.struct_size = 8 } == "an image's struct_size 8 is smaller than the 1.4 sb_image")
        }
        // A frame too short to hold the image field cannot claim an image.
        var frame = sb_frame()
        frame.struct_size = UInt32(FrameCodec.version10FrameSize)
        frame.kind = SB_FRAME_IMAGE
        #expect(FrameCodec.decode(frame).failureReason == "an image frame's struct_size 144 has no room for its image")
        frame.struct_size = UInt32(MemoryLayout<sb_frame>.size)
        #expect(FrameCodec.decode(frame).failureReason == "an image frame's image is NULL")
    }

    /// The header's caps on a perceive result: more records, or a label longer than the
    /// cap (with no NUL in sight), refuse the whole result.
    @Test func perceiveResultsBeyondTheCapsAreRefused() throws {
        let arena = CArena()
        var result = sb_perceive_result()
        result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
        PerceiveCodec.encodeResult(Perception(records: records), into: arena, result: &result)
        #expect(try PerceiveCodec.decodeResult(result, pluginABIMinor: SB_ABI_MINOR).get().records.map(\.label) == records.map(\.label))

        var long = [CChar](repeating: 65, count: 5000)  // no NUL within the cap
        long.append(0)
        let refused = long.withUnsafeBufferPointer { label in
            var record = sb_record(kind: SB_RECORD_TEXT, flags: 0, label: label.baseAddress, confidence: 0.5, box: sb_box(), distance_m: 0)
            return withUnsafePointer(to: &record) { one in
                PerceiveCodec.decodeResult(sb_perceive_result(struct_size: 24, records: one, record_count: 1, turned_degrees: 0, page_flags: 0),
                                           pluginABIMinor: SB_ABI_MINOR).failureReason
            }
        }
        #expect(refused == "record 0 has a label longer than 4096 bytes")
        let many = PerceiveCodec.decodeResult(sb_perceive_result(struct_size: 24, records: nil, record_count: 4097, turned_degrees: 0, page_flags: 0),
                                              pluginABIMinor: SB_ABI_MINOR)
        #expect(many.failureReason == "4097 records; the limit is 4096")
    }

    /// A message's session time reaches the ABI whatever it is: `UInt64(seconds * 1e9)`
    /// trapped on +∞ and past 1.8e10 s.
    @Test(arguments: [(Double.infinity, UInt64.max), (1e300, .max), (1.9e10, .max), (-.infinity, 0), (.nan, 0),
                      (-1, 0), (1_733_480_000.5, 1_733_480_000_500_000_000)])
    func aMessagesSessionTimeIsTotal(_ seconds: Double, _ nanoseconds: UInt64) {
        let message = OutputMessage(signal: .status, text: "x", locale: .en, isUrgent: false, sessionTime: seconds, sequence: 1)
        #expect(MessageFields(message).sessionTimeNanoseconds == nanoseconds)
    }

    @Test func messagesRoundTripAndInvalidTextIsRefused() throws {
        let message = OutputMessage(signal: .awarenessAlert, text: "Cerca, a la izquierda.", locale: .es, isUrgent: true,
                                    sessionTime: 2.5, sequence: 4)
        let c = CMessage(message)
        #expect(c.pointer.pointee.flags == SB_MESSAGE_URGENT && c.pointer.pointee.session_time_ns == 2_500_000_000)
        #expect(try MessageCodec.decode(c.pointer.pointee).get() == message)

        let invalid = CMessage(bytes: [0xFF, 0xFE], signal: SB_SIGNAL_STATUS, flags: 0, locale: "en", sessionTimeNanoseconds: 0, sequence: 1)
        #expect(MessageCodec.decode(invalid.pointer.pointee) == .failure(.textNotUTF8))
        let future = CMessage(bytes: Array("later".utf8), signal: 99, flags: 0, locale: "en", sessionTimeNanoseconds: 0, sequence: 1)
        #expect(try MessageCodec.decode(future.pointer.pointee).get() == nil)
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

extension Result where Failure == FrameCodec.Problem {
    var failureReason: String? {
        if case .failure(let problem) = self { return problem.reason }
        return nil
    }
}

extension Result where Failure == RecordCodec.Problem {
    var failureReason: String? {
        if case .failure(let problem) = self { return problem.description }
        return nil
    }
}
