import CSenseBridgeABI
import Foundation
import FuzzSupport
import Glibc
import SenseBridgeABICodec
import SenseBridgeCore

/// A perceive call's two C structs as the other side leaves them (ABI 1.7): the result
/// a perceiver fills (records with labels up to past the byte cap or without a NUL,
/// hostile counts, any `struct_size`, any `turned_degrees` and `page_flags`) read by
/// `PerceiveCodec.decodeResult` as a plugin of minor 4 to 7; and the request a host
/// passes (`page_locales` any bytes, `struct_size` short of it or not) read by
/// `PerceiveCodec.decodeRequest` as PluginKit reads it.
///
/// Guards: a result is refused, with a reason, exactly when it breaks a cap or, read as
/// 1.7 with room for the page, its turn is not a right angle; the page is read only
/// then, is the known flag bits and nothing else, and writing it back gives those bits;
/// page locales are read only when `struct_size` covers them, are the non-empty pieces
/// between the commas, and never hold a comma.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPerceive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    checkResult(&input)
    checkRequest(&input)
    return 0
}

func checkResult(_ input: inout FuzzInput) {
    let minor = UInt32(4 + input.choose(4))
    let full = MemoryLayout<sb_perceive_result>.size
    let structSize = [full, PerceiveCodec.version14ResultSize, full + 8][input.choose(3)]
    let turned = [0, 90, 180, 270, 45, 360, UInt32.max, UInt32(input.byte())][input.choose(8)]
    let flags = UInt32(input.byte()) | (input.bool() ? 1 << 31 : 0)
    let stored = input.choose(8)
    let hostile = input.choose(16) == 0
    let count = hostile ? ABICodec.maximumPerceivedRecords + 1 + Int(input.byte()) : stored

    var labels: [UnsafeMutablePointer<CChar>] = []
    defer { labels.forEach { free($0) } }
    var tooLong = false
    var records = [sb_record](repeating: sb_record(), count: max(stored, 1))
    for index in 0..<stored {
        let long = input.choose(8) == 0
        let text = long ? [UInt8](repeating: 0x41, count: ABICodec.maximumPerceivedLabelBytes + 1) : input.chunk(maximum: 24).map { $0 == 0 ? 0x20 : $0 }
        let label = malloc(text.count + 1)!.assumingMemoryBound(to: CChar.self)
        text.withUnsafeBytes { UnsafeMutableRawPointer(label).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(label), byteCount: text.count) }
        label[text.count] = 0
        labels.append(label)
        tooLong = tooLong || long
        records[index] = sb_record(kind: SB_RECORD_TEXT, flags: 0, label: UnsafePointer(label), confidence: 0.5, box: sb_box(), distance_m: 0)
    }
    records.withUnsafeBufferPointer { buffer in
        var result = sb_perceive_result()
        result.struct_size = UInt32(structSize)
        result.records = buffer.baseAddress
        result.record_count = count
        result.turned_degrees = turned
        result.page_flags = flags
        let pageRead = minor >= PerceiveCodec.pageMinor && structSize >= full
        let badTurn = pageRead && ![0, 90, 180, 270].contains(turned)
        switch PerceiveCodec.decodeResult(result, pluginABIMinor: minor) {
        case .failure(let problem):
            fuzzCheck(!problem.reason.isEmpty, "a result refused with no reason")
            // Labels that are not UTF-8 are refused too (the record codec's rule), so a
            // refusal needs a reason only when every label is text.
            let allText = labels.prefix(stored).allSatisfy { String(validatingCString: $0) != nil }
            fuzzCheck(hostile || tooLong || badTurn || !allText, "a result within the caps was refused: \(problem.reason)")
        case .success(let perception):
            fuzzCheck(!hostile && !tooLong && !badTurn, "a result past a cap or with turn \(turned) was decoded")
            fuzzCheck(perception.records.count == count, "\(perception.records.count) records decoded from \(count)")
            let expected = pageRead ? flags & PageCodec.knownFlags : 0
            fuzzCheck(pageRead || perception.page == .asGiven, "a page read from minor \(minor), struct_size \(structSize)")
            fuzzCheck(PageCodec.flags(of: perception.page) == expected,
                      "page flags \(flags) read as \(PageCodec.flags(of: perception.page))")
            fuzzCheck(UInt32(perception.page.turnedDegrees) == (pageRead ? turned : 0), "turn \(turned) read as \(perception.page.turnedDegrees)")
        }
    }
}

func checkRequest(_ input: inout FuzzInput) {
    let short = input.bool()
    let text = input.chunk(maximum: 64).map { $0 == 0 ? 0x2C : $0 }
    let request = CPerceiveRequest(input: .image(ImageFrame(format: .gray8, width: 1, height: 1, pixels: [0])),
                                   timestampNanoseconds: 1, locale: "en", deadline: 1)
    let locales = text.map { CChar(bitPattern: $0) } + [0]
    locales.withUnsafeBufferPointer { pointer in
        request.pointer.pointee.page_locales = pointer.baseAddress
        if short { request.pointer.pointee.struct_size = UInt32(PerceiveCodec.version16RequestSize) }
        let utf8 = String(validating: text, as: UTF8.self)
        switch PerceiveCodec.decodeRequest(at: request.pointer) {
        case .failure(let problem):
            fuzzCheck(!short && utf8 == nil, "a request refused for its page locales: \(problem.reason)")
        case .success(let read):
            fuzzCheck(short || utf8 != nil, "page locales that are not UTF-8 were read")
            guard !short, let utf8 else {
                fuzzCheck(read.pageLocales == nil, "page locales read past a 1.6 request's struct_size")
                return
            }
            let pieces = text.split(separator: 0x2C).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            fuzzCheck(read.pageLocales == (pieces.isEmpty ? nil : pieces), "page locales '\(utf8)' read as \(read.pageLocales ?? [])")
            fuzzCheck(!(read.pageLocales ?? []).contains { $0.isEmpty || $0.utf8.contains(0x2C) }, "a page locale empty or holding a comma")
        }
    }
}
