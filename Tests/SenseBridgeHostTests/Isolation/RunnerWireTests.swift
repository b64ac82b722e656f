import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The runner protocol's codec: every message kind survives a round trip, and bytes a
/// hostile runner (or host) could write — truncated, oversized, unknown, trailing, not
/// UTF-8, a depth frame that is not its own shape — are a `WireError`, never a crash
/// and never a partial message.
@Suite struct RunnerWireTests {
    static let records = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.75,
                         box: NormalizedBox(x: 0.1, y: 0.2, width: 0.3, height: 0.4), distanceMetres: 1.5),
        PerceptionRecord(kind: .text, label: "cà phê sữa đá", confidence: 1),
        PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.5, distanceMetres: 3),
        PerceptionRecord(kind: .depth, label: "", confidence: 0.2, box: NormalizedBox(x: 0, y: 0, width: 1, height: 1)),
    ]

    static let requests: [RunnerRequest] = [
        .hello(version: RunnerProtocol.version, logThreshold: 2, ringBytes: 0),
        .create(kind: .sceneComposer, manifestPath: "/plugins/label-list.json", configJSON: #"{"mode":"well"}"#),
        .create(kind: .sensingSource, manifestPath: "/p/s.json", configJSON: "{}"),
        .compose(.init(records: records, locale: "vi", maximumWords: 24, maximumLabels: 3, deadline: 1_234_567_890_123)),
        .compose(.init(records: [], locale: "en", maximumWords: 0, maximumLabels: 0, deadline: .max)),
        .cancel,
        .render(.init(text: Array("It looks like there's a chair.".utf8), signal: 1, flags: 1, locale: "en",
                      sessionTimeNanoseconds: 5_000_000_000, sequence: 7)),
        .render(.init(text: [0x48, 0xFF, 0xFE, 0x00], signal: 99, flags: 0, locale: "es", sessionTimeNanoseconds: 0, sequence: 0)),
        .interrupt, .start, .nextFrame(timeoutMilliseconds: 33), .stop, .destroy,
        .create(kind: .perceiver, manifestPath: "/p/ocr.json", configJSON: "{}"),
        .perceive(.init(input: .image(grayImage), timestampNanoseconds: 12, locale: "es", deadline: 99)),
        .perceive(.init(input: .image(ImageFrame(format: .rgb24, width: 1, height: 1, pixels: [1, 2, 3],
                                                 intrinsics: .init(fx: 10, fy: 11, cx: 0.5, cy: 0.5))),
                        timestampNanoseconds: 0, locale: "vi", deadline: .max)),
        .perceive(.init(input: .audio(AudioBlock(sampleRate: 16000, channels: 1, samples: [0.25, -0.5, 1],
                                                 firstSampleNanoseconds: 42, continuesPrevious: false)),
                        timestampNanoseconds: 42, locale: "en", deadline: 7)),
        .perceive(.init(input: .image(grayImage), timestampNanoseconds: 13, locale: "es", pageLocales: ["es", "en", "vi"], deadline: 99)),
    ]

    static let grayImage = ImageFrame(format: .gray8, width: 4, height: 2, pixels: [0, 64, 128, 255, 1, 2, 3, 4])

    static var decodedPhrases: PhraseCodec.Decoded {
        var decoded = PhraseCodec.Decoded()
        decoded.proposed = [
            .phrase(SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0])),
            .unreadable(UnreadablePhrase(stream: .sound, recordIndices: [2, 3], reason: .tooLong)),
            .unreadable(UnreadablePhrase(stream: nil, recordIndices: [], reason: .unknownStream)),
            .unreadable(UnreadablePhrase(stream: .sight, recordIndices: [1], reason: .invalidUTF8)),
            .phrase(SubjectPhrase(stream: .text, text: "some text", recordIndices: [1, 4_000_000_000])),
        ]
        decoded.problems = ["phrase 1 has text longer than 768 bytes (too-long)", "phrase 2 has unknown stream 9 (unknown-stream)"]
        return decoded
    }

    static var refusedPhrases: PhraseCodec.Decoded {
        var decoded = PhraseCodec.Decoded()
        decoded.refusal = .tooManyPhrases
        decoded.problems = ["3 phrases for 1 records; every phrase must name a record"]
        return decoded
    }

    static let depthWithIntrinsics = DepthMap(width: 3, height: 2, metres: [0.5, 1, .nan, -1, 0, 7.25],
                                              cameraToWorld: [1, 0, 0, 0, 0, 0.8, -0.6, 0, 0, 0.6, 0.8, 0, 0, 1.4, 0, 1],
                                              intrinsics: DepthMap.Intrinsics(fx: 200, fy: 201, cx: 1.5, cy: 1))

    static let replies: [RunnerReply] = [
        .ready(version: RunnerProtocol.version, pid: 4242, network: "namespace"),
        .done,
        .failed(status: 5, message: "cancelled, as asked"),
        .problem("the library would not load: libfoo.so: cannot open shared object file"),
        .phrases(decodedPhrases),
        .phrases(refusedPhrases),
        .phrases(PhraseCodec.Decoded()),
        .frame(SensingFrame(timestampNanoseconds: 99, runID: 2, content: .depth(depthWithIntrinsics))),
        .frame(SensingFrame(timestampNanoseconds: 100, runID: 2, content: .depth(DepthMap(width: 1, height: 1, metres: [2])))),
        .frame(SensingFrame(timestampNanoseconds: .max, runID: 0, content: .records(records))),
        .frame(SensingFrame(timestampNanoseconds: 1, runID: 1, content: .records([]))),
        .frame(SensingFrame(timestampNanoseconds: 3, runID: 1, content: .image(grayImage))),
        .frame(SensingFrame(timestampNanoseconds: 4, runID: 1, content: .audio(AudioBlock(
            sampleRate: 48000, channels: 2, samples: [0, 0.5, -0.5, 1], firstSampleNanoseconds: 4, continuesPrevious: true)))),
        .perception(Perception(records: records)),
        .perception(Perception(records: [])),
        .perception(Perception(records: records, page: PageView(turnedDegrees: 270, flattened: true, cutEdges: [.right]))),  // one edge: a Set prints in no set order
        .log(.init(level: .warning, name: "device.opened",
                   fields: [.public("port", "3"), .private("label", "chair"), HostLog.Field(name: "raw", value: "x", privacy: .unlabelled)])),
        .log(.init(level: .debug, name: "tick", fields: [])),
        .refused("record 0 has a label longer than 4096 bytes"),
    ]

    /// Every field of a reply, for comparing two (RunnerReply is not Equatable).
    func fields(_ reply: RunnerReply) -> String { String(describing: reply) }

    func body(_ write: (inout WireWriter) -> Void) -> [UInt8] {
        var out = WireWriter()
        write(&out)
        return out.bytes
    }

    func replyError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> WireError? {
        do {
            let decoded = try RunnerReply.decode(bytes)
            Issue.record("decoded \(decoded.reply) from hostile bytes", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    func requestError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> WireError? {
        do {
            let decoded = try RunnerRequest.decode(bytes)
            Issue.record("decoded \(decoded.request) from hostile bytes", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Round trips

    @Test(arguments: requests)
    func everyRequestSurvivesARoundTrip(request: RunnerRequest) throws {
        let decoded = try RunnerRequest.decode(request.encode(id: 77))
        #expect(decoded.id == 77)
        #expect(decoded.request == request)
    }

    @Test(arguments: replies)
    func everyReplySurvivesARoundTrip(reply: RunnerReply) throws {
        let bytes = reply.encode(id: 0xDEAD_BEEF)
        let decoded = try RunnerReply.decode(bytes)
        #expect(decoded.id == 0xDEAD_BEEF)
        #expect(decoded.reply.kind == reply.kind)
        #expect(fields(decoded.reply) == fields(reply))
        #expect(decoded.reply.encode(id: 0xDEAD_BEEF) == bytes)
    }

    @Test func aDepthFrameKeepsItsShapeSamplesPoseAndIntrinsics() throws {
        let reply = RunnerReply.frame(SensingFrame(timestampNanoseconds: 99, runID: 2, content: .depth(Self.depthWithIntrinsics)))
        guard case .frame(let frame) = try RunnerReply.decode(reply.encode(id: 1)).reply, case .depth(let map) = frame.content else {
            Issue.record("not a depth frame")
            return
        }
        #expect(map.width == 3 && map.height == 2)
        #expect(map.cameraToWorld == Self.depthWithIntrinsics.cameraToWorld)
        #expect(map.intrinsics == Self.depthWithIntrinsics.intrinsics)
        #expect(map.metres.count == 6 && map.metres[2].isNaN)
        #expect(Array(map.metres[0..<2]) + Array(map.metres[3...]) == [0.5, 1, -1, 0, 7.25])
    }

    @Test func unreadablePhrasesStayInTheirPlaceWithTheirReasons() throws {
        guard case .phrases(let decoded) = try RunnerReply.decode(RunnerReply.phrases(Self.decodedPhrases).encode(id: 1)).reply else {
            Issue.record("not phrases")
            return
        }
        #expect(decoded.proposed == Self.decodedPhrases.proposed)
        #expect(decoded.problems == Self.decodedPhrases.problems)
        #expect(decoded.refusal == nil)
    }

    // MARK: Hostile bytes

    /// ImageCodec's limits hold on the wire too: the runner shares memory with the plugin.
    @Test func anImageWhosePixelsDoNotFitItsShapeIsRefused() {
        func image(_ format: String, _ width: UInt32, _ height: UInt32, bytes: Int) -> [UInt8] {
            body { out in
                out.u8(RunnerMessageKind.frame.rawValue); out.u32(1); out.u64(1); out.u64(1); out.u8(3)
                out.string(format); out.u32(width); out.u32(height); out.optional(nil as Int?) { _, _ in }
                out.block([UInt8](repeating: 7, count: bytes))
            }
        }
        #expect("\(replyError(image("gray8", 4, 2, bytes: 7))!)".contains("a 4x2 gray8 image carries 7 bytes"))
        #expect("\(replyError(image("rgb24", 4, 2, bytes: 8))!)".contains("a 4x2 rgb24 image carries 8 bytes"))
        #expect("\(replyError(image("yuv", 4, 2, bytes: 8))!)".contains("image format 'yuv' is unknown"))
        #expect("\(replyError(image("gray8", 0, 2, bytes: 0))!)".contains("an image is 0x2"))
    }

    @Test func everyTruncatedMessageIsRefused() {
        for request in Self.requests {
            let bytes = request.encode(id: 3)
            for length in 0..<bytes.count {
                _ = requestError(Array(bytes.prefix(length)))
            }
        }
        for reply in Self.replies {
            let bytes = reply.encode(id: 3)
            for length in 0..<bytes.count {
                _ = replyError(Array(bytes.prefix(length)))
            }
        }
    }

    @Test func bytesAfterTheEndOfAMessageAreRefused() {
        for request in Self.requests {
            #expect(requestError(request.encode(id: 1) + [0])?.description.contains("follow the end") == true)
        }
        for reply in Self.replies {
            #expect(replyError(reply.encode(id: 1) + [0, 0, 0, 0])?.description.contains("4 bytes follow the end") == true)
        }
    }

    @Test func unknownMessageKindsAreRefused() {
        let unknown = body { $0.u8(200); $0.u32(1) }
        #expect(replyError(unknown) == .invalid("message kind 200 is unknown"))
        #expect(requestError(unknown) == .invalid("message kind 200 is unknown"))
        #expect(replyError(RunnerRequest.destroy.encode(id: 1)) == .invalid("message kind 10 is not a reply"))
        #expect(requestError(RunnerReply.done.encode(id: 1)) == .invalid("message kind 65 is not a request"))
    }

    @Test func countsOverTheirLimitsAreRefusedBeforeAnythingIsAllocated() {
        let records = body {
            $0.u8(RunnerMessageKind.frame.rawValue); $0.u32(1); $0.u64(1); $0.u64(1); $0.u8(2)
            $0.u32(UInt32(ABICodec.maximumFrameRecords + 1))
        }
        #expect(replyError(records) == .invalid("a count of \(ABICodec.maximumFrameRecords + 1) is over the limit of \(ABICodec.maximumFrameRecords)"))

        let phrases = body {
            $0.u8(RunnerMessageKind.phrases.rawValue); $0.u32(1); $0.bool(false); $0.u32(0)
            $0.u32(UInt32(ABICodec.maximumPhrases + 1))
        }
        #expect(replyError(phrases)?.description.contains("over the limit of \(ABICodec.maximumPhrases)") == true)

        let fields = body { $0.u8(RunnerMessageKind.log.rawValue); $0.u32(0); $0.u8(1); $0.string("e"); $0.u32(65) }
        #expect(replyError(fields)?.description.contains("over the limit of 64") == true)

        let message = body { $0.u8(RunnerMessageKind.failed.rawValue); $0.u32(1); $0.i32(5); $0.u32(0xFFFF_FFF0) }
        #expect(replyError(message)?.description.contains("over the limit of \(RunnerProtocol.maximumNameBytes)") == true)

        let composeRecords = body {
            $0.u8(RunnerMessageKind.compose.rawValue); $0.u32(1); $0.u32(UInt32(ABICodec.maximumFrameRecords + 1))
        }
        #expect(requestError(composeRecords)?.description.contains("over the limit") == true)
    }

    @Test func aCountThatClaimsMoreThanTheMessageHoldsIsTruncation() {
        // 1,000 records would need at least 18,000 bytes; the message has none.
        let records = body {
            $0.u8(RunnerMessageKind.frame.rawValue); $0.u32(1); $0.u64(1); $0.u64(1); $0.u8(2); $0.u32(1000)
        }
        #expect(replyError(records) == .truncated)
        let label = body { $0.u8(RunnerMessageKind.problem.rawValue); $0.u32(1); $0.u32(4000); $0.u8(0x61) }
        #expect(replyError(label) == .truncated)
    }

    @Test func stringsThatAreNotUTF8AreRefused() {
        let problem = body { $0.u8(RunnerMessageKind.problem.rawValue); $0.u32(1); $0.data([0x61, 0xFF, 0xFE]) }
        #expect(replyError(problem) == .invalid("a string is not UTF-8"))

        let phrase = body {
            $0.u8(RunnerMessageKind.phrases.rawValue); $0.u32(1); $0.bool(false); $0.u32(0); $0.u32(1)
            $0.u8(0); $0.u32(1); $0.data([0xC3, 0x28]); $0.u32(0)
        }
        #expect(replyError(phrase) == .invalid("a string is not UTF-8"))

        let label = body {
            $0.u8(RunnerMessageKind.compose.rawValue); $0.u32(1); $0.u32(1)
            $0.u32(1); $0.data([0xED, 0xA0, 0x80]); $0.f64(0.5); $0.bool(false); $0.bool(false)
            $0.string("en"); $0.u32(24); $0.u32(3); $0.u64(0)
        }
        #expect(requestError(label) == .invalid("a string is not UTF-8"))
    }

    /// A depth frame: `samples` floats for a `width` x `height` map.
    func depthFrame(width: UInt32, height: UInt32, samples: Int, transform: [Float] = DepthMap.identity,
                    intrinsics: [Float]? = nil) -> [UInt8] {
        body {
            $0.u8(RunnerMessageKind.frame.rawValue); $0.u32(1); $0.u64(1); $0.u64(1); $0.u8(1)
            $0.u32(width); $0.u32(height)
            for value in transform { $0.f32(value) }
            $0.optional(intrinsics) { out, k in k.forEach { out.f32($0) } }
            $0.block([Float](repeating: 1, count: samples))
        }
    }

    @Test func aDepthFrameWhoseSamplesDoNotFillItIsRefused() throws {
        _ = try RunnerReply.decode(depthFrame(width: 2, height: 2, samples: 4))
        #expect(replyError(depthFrame(width: 2, height: 2, samples: 3)) == .invalid("a 2x2 depth frame carries 3 samples"))
        #expect(replyError(depthFrame(width: 2, height: 2, samples: 5)) == .invalid("a count of 20 is over the limit of 16"))
        #expect(replyError(depthFrame(width: 0, height: 2, samples: 0)) == .invalid("a depth frame is 0x2"))
        #expect(replyError(depthFrame(width: 9000, height: 1, samples: 0)) == .invalid("a depth frame is 9000x1"))
        var tilted = DepthMap.identity
        tilted[5] = .infinity
        #expect(replyError(depthFrame(width: 1, height: 1, samples: 1, transform: tilted))
                == .invalid("a depth frame's camera_to_world is not finite"))
    }

    /// In process, FrameCodec reads intrinsics that place no sample (fx or fy not above
    /// zero, cx or cy not finite) as "unknown"; a runner's codec therefore never sends
    /// them, and a runner that does is not to be believed about the floor.
    @Test func aDepthFrameWithIntrinsicsNoCodecWouldProduceIsRefused() throws {
        _ = try RunnerReply.decode(depthFrame(width: 1, height: 1, samples: 1, intrinsics: [200, 200, 0.5, 0.5]))
        for k: [Float] in [[0, 200, 0.5, 0.5], [200, -1, 0.5, 0.5], [.nan, 200, 0.5, 0.5], [200, 200, .infinity, 0.5], [200, 200, 0.5, .nan]] {
            #expect(replyError(depthFrame(width: 1, height: 1, samples: 1, intrinsics: k))
                    == .invalid("a depth frame's intrinsics place no sample (fx and fy must be above 0, cx and cy finite)"), "\(k)")
        }
    }

    @Test func valuesNoEncoderWritesAreRefused() {
        let kind = body {
            $0.u8(RunnerMessageKind.frame.rawValue); $0.u32(1); $0.u64(1); $0.u64(1); $0.u8(2); $0.u32(1)
            $0.u32(99); $0.string("x"); $0.f64(1); $0.bool(false); $0.bool(false)
        }
        #expect(replyError(kind) == .invalid("record kind 99 is unknown"))
        let frameKind = body { $0.u8(RunnerMessageKind.frame.rawValue); $0.u32(1); $0.u64(1); $0.u64(1); $0.u8(5) }
        #expect(replyError(frameKind) == .invalid("frame kind 5 is unknown"))
        let flag = body {
            $0.u8(RunnerMessageKind.frame.rawValue); $0.u32(1); $0.u64(1); $0.u64(1); $0.u8(2); $0.u32(1)
            $0.u32(1); $0.string("x"); $0.f64(1); $0.u8(2)
        }
        #expect(replyError(flag) == .invalid("a boolean is neither 0 nor 1"))

        func phrase(tag: UInt8, stream: UInt32, text: String) -> [UInt8] {
            body {
                $0.u8(RunnerMessageKind.phrases.rawValue); $0.u32(1); $0.bool(false); $0.u32(0); $0.u32(1)
                $0.u8(tag); $0.u32(stream); $0.string(text); $0.u32(0)
            }
        }
        #expect(replyError(phrase(tag: 0, stream: 9, text: "a chair")) == .invalid("a readable phrase has unknown stream 9"))
        #expect(replyError(phrase(tag: 1, stream: 1, text: "lies")) == .invalid("unreadable reason 'lies' is unknown"))
        #expect(replyError(phrase(tag: 7, stream: 1, text: "a chair")) == .invalid("phrase tag 7 is unknown"))
        let refusal = body { $0.u8(RunnerMessageKind.phrases.rawValue); $0.u32(1); $0.bool(true); $0.string("lies") }
        #expect(replyError(refusal) == .invalid("result refusal 'lies' is unknown"))

        let level = body { $0.u8(RunnerMessageKind.log.rawValue); $0.u32(0); $0.u8(9) }
        #expect(replyError(level) == .invalid("log level 9 is unknown"))
        let privacy = body {
            $0.u8(RunnerMessageKind.log.rawValue); $0.u32(0); $0.u8(1); $0.string("e"); $0.u32(1)
            $0.string("n"); $0.string("v"); $0.u8(7)
        }
        #expect(replyError(privacy) == .invalid("log privacy 7 is unknown"))
        let pluginKind = body { $0.u8(RunnerMessageKind.create.rawValue); $0.u32(1); $0.string("detector") }
        #expect(requestError(pluginKind) == .invalid("plugin kind 'detector' is unknown"))
    }

    /// ABI 1.7's page: a turn the codec refuses, a flag its encoder never writes; and
    /// page locales `CPerceiveRequest` could not carry (none, an empty one, a comma).
    @Test func aPageOrPageLocalesNoEncoderWritesAreRefused() throws {
        func page(turned: UInt32, flags: UInt32) -> [UInt8] {
            body { $0.u8(RunnerMessageKind.perception.rawValue); $0.u32(1); $0.u32(0); $0.u32(turned); $0.u32(flags) }
        }
        #expect(replyError(page(turned: 45, flags: 0)) == .invalid("a page's turned_degrees is 45; only 0, 90, 180 or 270 can be reported"))
        #expect(replyError(page(turned: 90, flags: 1 << 5)) == .invalid("a page's flags 32 hold an unknown bit"))
        #expect(try RunnerReply.decode(page(turned: 90, flags: 1)).reply.kind == .perception)
        func locales(_ list: [String]) -> [UInt8] {
            body {
                $0.u8(RunnerMessageKind.perceive.rawValue); $0.u32(1)
                WireFrames.writeInput(.image(Self.grayImage), to: &$0)
                $0.u64(1); $0.string("en"); $0.bool(true); $0.u32(UInt32(list.count))
                for locale in list { $0.string(locale) }
                $0.u64(9)
            }
        }
        #expect(requestError(locales([])) == .invalid("a perceive call's page locales are an empty list"))
        #expect(requestError(locales(["en", ""])) == .invalid("a perceive call's page locale is empty or holds a comma"))
        #expect(requestError(locales(["en,es"])) == .invalid("a perceive call's page locale is empty or holds a comma"))
        #expect(try RunnerRequest.decode(locales(["en", "es"])).request
                    == .perceive(.init(input: .image(Self.grayImage), timestampNanoseconds: 1, locale: "en", pageLocales: ["en", "es"], deadline: 9)))
    }

    /// Random bytes, and every valid message with each byte changed: whatever a hostile
    /// process writes decodes or throws, and never traps.
    @Test func noBytesCrashTheDecoders() {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<20_000 {
            var bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if !bytes.isEmpty && random.next() % 2 == 0 {
                bytes[0] = [1, 2, 3, 5, 8, 64, 66, 67, 68, 69, 70][Int(random.next() % 11)]
            }
            _ = try? RunnerReply.decode(bytes)
            _ = try? RunnerRequest.decode(bytes)
        }
        let messages = Self.requests.map { $0.encode(id: 1) } + Self.replies.map { $0.encode(id: 1) }
        for message in messages {
            for index in message.indices {
                for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF, UInt8(truncatingIfNeeded: random.next())] {
                    var mutated = message
                    mutated[index] = value
                    _ = try? RunnerReply.decode(mutated)
                    _ = try? RunnerRequest.decode(mutated)
                }
            }
        }
    }

    // MARK: Framing

    @Test func framesSplitAcrossReadsAreReassembled() throws {
        var stream: [UInt8] = []
        for reply in Self.replies {
            let body = reply.encode(id: 5)
            var header = WireWriter()
            header.u32(UInt32(body.count))
            stream += header.bytes + body
        }
        var accumulator = FrameAccumulator()
        var bodies: [[UInt8]] = []
        for byte in stream { bodies += try accumulator.append([byte][...]) }
        #expect(bodies == Self.replies.map { $0.encode(id: 5) })
    }

    @Test func aFrameThatClaimsMoreThanTheProtocolAllowsIsRefusedAtItsHeader() {
        var accumulator = FrameAccumulator()
        var header = WireWriter()
        header.u32(UInt32(RunnerProtocol.maximumBodyBytes + 1))
        #expect(throws: FramedPipe.Failure.tooLarge(RunnerProtocol.maximumBodyBytes + 1)) {
            _ = try accumulator.append(header.bytes[...])
        }
    }

    @Test func aPipeThatClosesMidMessageIsClosedNotAPartialMessage() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        let framed = FramedPipe(read: fds[0], write: fds[1])
        defer { close(fds[0]) }
        try framed.send(RunnerReply.done.encode(id: 9))
        #expect(try framed.receive() == RunnerReply.done.encode(id: 9))

        var header = WireWriter()
        header.u32(100)
        _ = header.bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        _ = [UInt8](repeating: 1, count: 10).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        #expect(throws: FramedPipe.Failure.closed) { _ = try framed.receive() }
    }

    @Test func aPipeMessageOverTheReadersCapIsRefusedUnread() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        let framed = FramedPipe(read: fds[0], write: fds[1])
        defer { framed.closeWriteEnd(); close(fds[0]) }
        try framed.send([UInt8](repeating: 0, count: 64))
        #expect(throws: FramedPipe.Failure.tooLarge(64)) { _ = try framed.receive(maximumBytes: 63) }
    }
}
