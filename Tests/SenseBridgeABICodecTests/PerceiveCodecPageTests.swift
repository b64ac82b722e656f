import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Testing

/// ABI 1.7's perceive fields across the boundary: the page's locales in a request, the
/// turn and the page flags in a result, each read and written no further than the
/// `struct_size` the other side set, and read from a plugin only when its manifest
/// declares 1.7.
@Suite struct PerceiveCodecPageTests {
    let picture = ImageFrame(format: .gray8, width: 2, height: 1, pixels: [1, 2])
    let records = [PerceptionRecord(kind: .text, label: "Salida", confidence: 0.75,
                                    box: NormalizedBox(x: 0.125, y: 0.25, width: 0.5, height: 0.0625))]  // exact in float, as the ABI carries them
    let page = PageView(turnedDegrees: 180, flattened: true, cutEdges: [.top, .right])

    @Test func pageLocalesCrossAsTheListTheHostSent() throws {
        let request = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 5, locale: "es",
                                       pageLocales: ["es", "en", "vi"], deadline: 9)
        #expect(String(cString: try #require(request.pointer.pointee.page_locales)) == "es,en,vi")
        let read = try PerceiveCodec.decodeRequest(at: request.pointer).get()
        #expect(read.pageLocales == ["es", "en", "vi"] && read.locale == "es" && read.input == .image(picture))

        let pinned = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 5, locale: "vi", deadline: 9)
        #expect(pinned.pointer.pointee.page_locales == nil)
        #expect(try PerceiveCodec.decodeRequest(at: pinned.pointer).get().pageLocales == nil)
    }

    /// A perceiver built against 1.7 loaded by a 1.6 host gets a request that ends at
    /// `audio`: it has no page locales, and the bytes after it are never read.
    @Test func aRequestFromAHostBefore17HasNoPageLocales() throws {
        let request = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 5, locale: "en",
                                       pageLocales: ["en", "es"], deadline: 9)
        request.pointer.pointee.struct_size = UInt32(PerceiveCodec.version16RequestSize)
        #expect(try PerceiveCodec.decodeRequest(request.pointer.pointee).get().pageLocales == nil)

        // From an allocation exactly as long as a 1.6 host's request (AddressSanitizer
        // would see a read past it).
        let old = UnsafeMutableRawPointer.allocate(byteCount: PerceiveCodec.version16RequestSize, alignment: 8)
        defer { old.deallocate() }
        old.copyMemory(from: request.pointer, byteCount: PerceiveCodec.version16RequestSize)
        let read = try PerceiveCodec.decodeRequest(at: old.assumingMemoryBound(to: sb_perceive_request.self)).get()
        #expect(read.pageLocales == nil && read.input == .image(picture) && read.locale == "en")
    }

    @Test func pageLocalesThatAreNotUTF8AreRefusedAndEmptyOnesArePinned() throws {
        let request = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 5, locale: "en", deadline: 9)
        let broken: [CChar] = [0x65, 0x6E, 0x2C, -1, 0]
        broken.withUnsafeBufferPointer { text in
            request.pointer.pointee.page_locales = text.baseAddress
            #expect(PerceiveCodec.decodeRequest(request.pointer.pointee).failureReason == "the request's page_locales is not UTF-8")
        }
        let empty: [CChar] = [0x2C, 0x20, 0x2C, 0]  // ", ,"
        let read = empty.withUnsafeBufferPointer { text in
            request.pointer.pointee.page_locales = text.baseAddress
            return PerceiveCodec.decodeRequest(request.pointer.pointee)
        }
        #expect(try read.get().pageLocales == nil)
    }

    func encoded(_ perception: Perception, structSize: Int) -> (sb_perceive_result, CArena) {
        let arena = CArena()
        var result = sb_perceive_result()
        result.struct_size = UInt32(structSize)
        result.turned_degrees = 0xA5A5_A5A5
        result.page_flags = 0xA5A5_A5A5
        PerceiveCodec.encodeResult(perception, into: arena, result: &result)
        return (result, arena)
    }

    @Test func aResultCarriesThePageToA17Host() throws {
        let (result, arena) = encoded(Perception(records: records, page: page), structSize: MemoryLayout<sb_perceive_result>.size)
        #expect(result.turned_degrees == 180 && result.page_flags == SB_PAGE_FLATTENED | SB_PAGE_CUT_TOP | SB_PAGE_CUT_RIGHT)
        #expect(try PerceiveCodec.decodeResult(result, pluginABIMinor: 7).get() == Perception(records: records, page: page))
        withExtendedLifetime(arena) {}
    }

    /// A 1.6 host's result ends at `record_count`: the page is not written there, and
    /// the host, reading no further, takes the page as given.
    @Test func aResultForAHostBefore17GetsNoPage() throws {
        let (result, arena) = encoded(Perception(records: records, page: page), structSize: PerceiveCodec.version14ResultSize)
        #expect(result.turned_degrees == 0xA5A5_A5A5 && result.page_flags == 0xA5A5_A5A5)
        #expect(try PerceiveCodec.decodeResult(result, pluginABIMinor: 7).get() == Perception(records: records))
        withExtendedLifetime(arena) {}
    }

    /// A perceiver whose manifest says 1.6 never wrote those bytes: whatever is there is
    /// not a turn, and is not read.
    @Test func aPerceiverBefore17HasItsPageTakenAsGiven() throws {
        var result = sb_perceive_result()
        result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
        result.turned_degrees = 45
        result.page_flags = SB_PAGE_CUT_TOP
        #expect(try PerceiveCodec.decodeResult(result, pluginABIMinor: 6).get() == Perception(records: []))
        #expect(PerceiveCodec.decodeResult(result, pluginABIMinor: 7).failureReason
                    == "turned_degrees is 45; only 0, 90, 180 or 270 can be reported")
    }

    /// Records that would be read are refused with the page: a wrong turn leaves no way to
    /// know which way up their boxes are.
    @Test func aTurnOf45DegreesRefusesTheWholeResult() throws {
        var (result, arena) = encoded(Perception(records: records, page: page), structSize: MemoryLayout<sb_perceive_result>.size)
        result.turned_degrees = 45
        #expect(PerceiveCodec.decodeResult(result, pluginABIMinor: 7).failureReason
                    == "turned_degrees is 45; only 0, 90, 180 or 270 can be reported")
        result.turned_degrees = 90
        result.page_flags |= 1 << 9  // a bit no minor defines yet
        #expect(try PerceiveCodec.decodeResult(result, pluginABIMinor: 7).get().page
                    == PageView(turnedDegrees: 90, flattened: true, cutEdges: [.top, .right]))
        withExtendedLifetime(arena) {}
    }
}
