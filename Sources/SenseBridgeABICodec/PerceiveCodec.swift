import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// An `sb_perceive_request` and the picture or sound and locale it points at, owned
/// together for as long as the call needs them (the host's side of a perceive call).
public final class CPerceiveRequest {
    public let pointer: UnsafeMutablePointer<sb_perceive_request>
    public let input: PerceptionInput
    private let arena = CArena()

    /// `pageLocales` only for a perceiver of 1.7 or later (the host decides); nil leaves
    /// `page_locales` NULL, the language pinned to `locale`.
    public init(input: PerceptionInput, timestampNanoseconds: UInt64, locale: String, pageLocales: [String]? = nil,
                deadline: UInt64) {
        self.input = input
        var request = sb_perceive_request()
        request.struct_size = UInt32(MemoryLayout<sb_perceive_request>.size)
        switch input {
        case .image(let image): request.image = ImageCodec.encode(image, into: arena)
        case .audio(let block): request.audio = AudioCodec.encode(block, into: arena)
        }
        request.timestamp_ns = timestampNanoseconds
        request.locale = arena.string(locale)
        request.deadline_ns = deadline
        if let pageLocales {
            precondition(!pageLocales.isEmpty && pageLocales.allSatisfy { !$0.isEmpty && !$0.utf8.contains(PerceiveCodec.localeSeparator) },
                         "page locales are identifiers such as \"es\", at least one, none empty or holding a comma")
            request.page_locales = arena.string(pageLocales.joined(separator: String(UnicodeScalar(PerceiveCodec.localeSeparator))))
        }
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: request)
    }

    public convenience init(image: ImageFrame, timestampNanoseconds: UInt64, locale: String, deadline: UInt64) {
        self.init(input: .image(image), timestampNanoseconds: timestampNanoseconds, locale: locale, deadline: deadline)
    }

    deinit { pointer.deallocate() }
}

/// `sb_perceive_request` and `sb_perceive_result` <-> Swift.
public enum PerceiveCodec {
    /// A perceive request as a plugin reads it.
    public struct Request: Equatable, Sendable {
        public var input: PerceptionInput
        public var timestampNanoseconds: UInt64
        /// Nil when the host's locale was not UTF-8; the plugin then reads its default.
        public var locale: String?
        public var deadline: UInt64
        /// Nil when the language is pinned to `locale` (and from a host before 1.7).
        public var pageLocales: [String]?
    }

    /// Every 1.4 field of `sb_perceive_request` ends at `deadline_ns`; 1.6 appended `audio`.
    public static let version14RequestSize = MemoryLayout<sb_perceive_request>.offset(of: \sb_perceive_request.audio)!
    /// Every 1.6 field ends at `audio`; 1.7 appended `page_locales`.
    public static let version16RequestSize = MemoryLayout<sb_perceive_request>.offset(of: \sb_perceive_request.page_locales)!
    /// Every 1.4 field of `sb_perceive_result` ends at `record_count`; 1.7 appended
    /// `turned_degrees` and `page_flags`. A host before 1.7 passes a result this long.
    public static let version14ResultSize = MemoryLayout<sb_perceive_result>.offset(of: \sb_perceive_result.turned_degrees)!
    /// The manifest minor from which a perceiver is sent page locales and its page is read.
    public static let pageMinor: UInt32 = 7
    /// What separates the locales in `page_locales`; no locale may hold it.
    public static let localeSeparator = UInt8(ascii: ",")

    /// The request at `pointer`, read no further than its `struct_size`: a host before 1.6
    /// passed a request that ends before `audio`, one before 1.7 before `page_locales`,
    /// and the bytes after it are not ours.
    public static func decodeRequest(at pointer: UnsafePointer<sb_perceive_request>) -> Result<Request, FrameCodec.Problem> {
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        var copy = sb_perceive_request()
        withUnsafeMutableBytes(of: &copy) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(size, bytes.count)))
        }
        copy.struct_size = UInt32(size)
        return decodeRequest(copy)
    }

    /// The request as a plugin reads it: the picture or the sound copied out, the locale
    /// if it is UTF-8. A request from a host before 1.6 ends before `audio` and is read
    /// as the picture it always carried; one before 1.7 has no page locales.
    public static func decodeRequest(_ c: sb_perceive_request) -> Result<Request, FrameCodec.Problem> {
        guard Int(c.struct_size) >= version14RequestSize else {
            return .failure(.init(reason: "the request's struct_size \(c.struct_size) is smaller than the 1.4 sb_perceive_request"))
        }
        let audio = Int(c.struct_size) >= version16RequestSize ? c.audio : nil
        let input: Result<PerceptionInput, FrameCodec.Problem>
        switch (c.image, audio) {
        case (let image?, nil): input = ImageCodec.decode(image.pointee).map(PerceptionInput.image)
        case (nil, let block?): input = AudioCodec.decode(block.pointee).map(PerceptionInput.audio)
        case (nil, nil): return .failure(.init(reason: "the request's image and audio are both NULL"))
        case (_?, _?): return .failure(.init(reason: "the request carries both an image and audio"))
        }
        let pageLocales: [String]?
        switch decodePageLocales(Int(c.struct_size) >= MemoryLayout<sb_perceive_request>.size ? c.page_locales : nil) {
        case .success(let locales): pageLocales = locales
        case .failure(let problem): return .failure(problem)
        }
        return input.map {
            Request(input: $0, timestampNanoseconds: c.timestamp_ns, locale: ABIString.decode(c.locale),
                    deadline: c.deadline_ns, pageLocales: pageLocales)
        }
    }

    /// "en,es,vi" as the list it names; NULL (or nothing between the commas) is nil, the
    /// language pinned. Text that is not UTF-8 is refused rather than read as pinned, so
    /// a broken host is told, not quietly read in one language.
    static func decodePageLocales(_ pointer: UnsafePointer<CChar>?) -> Result<[String]?, FrameCodec.Problem> {
        guard let pointer else { return .success(nil) }
        guard let text = ABIString.decode(pointer) else {
            return .failure(.init(reason: "the request's page_locales is not UTF-8"))
        }
        // Split on the byte, as a C plugin splits it: a comma followed by a combining mark
        // is one Swift Character, and must still end a locale.
        let locales = text.utf8.split(separator: localeSeparator).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return .success(locales.isEmpty ? nil : locales)
    }

    /// Fills a host-owned result with what the plugin keeps in `arena` until its next
    /// call. The page is written only when the host's `struct_size` covers it: a host
    /// before 1.7 passed a shorter result, and the bytes after it are not ours.
    public static func encodeResult(_ perception: Perception, into arena: CArena,
                                    result: UnsafeMutablePointer<sb_perceive_result>) {
        let array = CRecordArray(perception.records)
        arena.keep(array)
        result.pointee.records = array.pointer
        result.pointee.record_count = perception.records.count
        if Int(result.pointee.struct_size) >= MemoryLayout<sb_perceive_result>.size {
            result.pointee.turned_degrees = UInt32(perception.page.turnedDegrees)
            result.pointee.page_flags = PageCodec.flags(of: perception.page)
        }
    }

    /// What a plugin returned, copied out of its memory, or the first reason to refuse the
    /// whole result: a rule of `validate`, asked before anything is copied (a label is
    /// measured without reading past its cap, so a label with no NUL costs the host 4 KiB,
    /// not a walk through the plugin's memory), a record the codec cannot read (an unknown
    /// kind, a NULL label or one that is not UTF-8), or a turn that is not a right angle.
    /// The page is read only from a plugin whose manifest declares 1.7 or later and a
    /// result long enough to hold it; otherwise it is as given, since an older plugin
    /// never wrote those bytes.
    public static func decodeResult(_ c: sb_perceive_result, pluginABIMinor: UInt32) -> Result<Perception, FrameCodec.Problem> {
        let count = c.record_count
        let measured = validate(recordCount: count) { index in
            // decodeAll names a NULL label (and a NULL array with a count).
            c.records.flatMap { $0[index].label }.map { strnlen($0, ABICodec.maximumPerceivedLabelBytes + 1) }
        }
        if let problem = measured { return .failure(problem) }
        var page = PageView.asGiven
        if pluginABIMinor >= pageMinor, Int(c.struct_size) >= MemoryLayout<sb_perceive_result>.size {
            switch PageCodec.decode(turnedDegrees: c.turned_degrees, flags: c.page_flags) {
            case .success(let found): page = found
            case .failure(let problem): return .failure(problem)
            }
        }
        return RecordCodec.decodeAll(c.records, count: count, limit: ABICodec.maximumPerceivedRecords)
            .map { Perception(records: $0, page: page) }
            .mapError { FrameCodec.Problem(reason: $0.description) }
    }

    /// The header's caps on a perceive result (SB_PERCEIVE_MAX_RECORDS records, labels of
    /// SB_PERCEIVE_MAX_LABEL_BYTES), held to values wherever the plugin ran: the host asks
    /// it of what a runner sent, since a runner shares its address space with the plugin.
    /// And the page's turn, a right angle (the C reader holds it in `PageCodec.decode`).
    public static func validate(_ perception: Perception) -> Result<Perception, FrameCodec.Problem> {
        let records = perception.records
        if let problem = validate(recordCount: records.count, labelBytes: { records[$0].label.utf8.count }) {
            return .failure(problem)
        }
        guard PageView.rightAngles.contains(perception.page.turnedDegrees) else {
            return .failure(PageCodec.turnProblem(String(perception.page.turnedDegrees)))
        }
        return .success(perception)
    }

    /// The rules themselves, on a count and the byte length of each label (nil: no label
    /// to measure). `labelBytes` is asked only once the count is within its cap, so the C
    /// reader measures in plugin memory only what the header allows it to hold.
    static func validate(recordCount: Int, labelBytes: (Int) -> Int?) -> FrameCodec.Problem? {
        guard recordCount <= ABICodec.maximumPerceivedRecords else {
            return .init(reason: "\(recordCount) records; the limit is \(ABICodec.maximumPerceivedRecords)")
        }
        for index in 0..<recordCount {
            if let bytes = labelBytes(index), bytes > ABICodec.maximumPerceivedLabelBytes {
                return .init(reason: RecordCodec.Problem(index: index, reason: "has a label longer than \(ABICodec.maximumPerceivedLabelBytes) bytes").description)
            }
        }
        return nil
    }
}
