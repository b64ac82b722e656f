import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Foundation
import Testing
@testable import SenseBridgePluginKit

/// A perceiver written before 1.7: `perceive` only. Its one record says which page
/// locales reached it, so a test sees the request's 1.7 field cross the C table.
final class PlainReader: PerceiverPlugin {
    init(host: HostServices, config: PluginConfig) throws {}

    func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord] {
        [PerceptionRecord(kind: .text, label: request.pageLocales?.joined(separator: "+") ?? "pinned", confidence: 0.9)]
    }

    func cancel() {}
}

/// A reader that turns pages: the turn it reports is its config's "turn".
final class TurningReader: PerceiverPlugin {
    let turn: Int
    init(host: HostServices, config: PluginConfig) throws {
        turn = try config.object()["turn"] as? Int ?? 0
    }

    func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord] { try perceivePage(request).records }

    func perceivePage(_ request: PerceiveRequest) throws -> Perception {
        Perception(records: [PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.8)],
                   page: PageView(turnedDegrees: turn, flattened: true, cutEdges: [.bottom]))
    }

    func cancel() {}
}

@Suite struct PerceiverPageExportTests {
    static func table(_ descriptor: UnsafeRawPointer) -> sb_perceiver {
        descriptor.assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
            .get_interface(SB_INTERFACE_PERCEIVER)!.assumingMemoryBound(to: sb_perceiver.self).pointee
    }
    let plain = Self.table(PluginExport.perceiver(PlainReader.self, id: "test.plain-reader", version: "1.0.0"))
    let turning = Self.table(PluginExport.perceiver(TurningReader.self, id: "test.turning-reader", version: "1.0.0"))
    let picture = ImageFrame(format: .gray8, width: 1, height: 1, pixels: [0])

    struct Answer {
        var status: sb_status
        var result: sb_perceive_result
        var message: String
    }

    /// One perceive into a result `structSize` long whose page fields start as 0xA5 bytes.
    func perceive(_ table: sb_perceiver, config: String = "{}", pageLocales: [String]? = nil,
                  structSize: Int = MemoryLayout<sb_perceive_result>.size) throws -> Answer {
        var error = sb_error()
        let instance = try #require(table.create(nil, config, &error))
        defer { table.destroy(instance) }
        let request = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 1, locale: "en", pageLocales: pageLocales, deadline: .max)
        var result = sb_perceive_result()
        result.struct_size = UInt32(structSize)
        result.turned_degrees = 0xA5A5_A5A5
        result.page_flags = 0xA5A5_A5A5
        let status = table.perceive(instance, request.pointer, &result, &error)
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // The labels are the instance's until its next call: read before destroy.
        if status == SB_OK { _ = try PerceiveCodec.decodeResult(result, pluginABIMinor: SB_ABI_MINOR).get() }
        return Answer(status: status, result: result, message: message)
    }

    /// A perceiver that never heard of pages reports the page as given: 0 and no flags
    /// are written (the host's bytes were 0xA5), so the host says nothing about framing.
    @Test func aPerceiverWithoutPerceivePageReportsThePageAsGiven() throws {
        let answer = try perceive(plain)
        #expect(answer.status == SB_OK && answer.result.record_count == 1)
        #expect(answer.result.turned_degrees == 0 && answer.result.page_flags == 0)
    }

    @Test func pageLocalesReachTheRequestAndPinnedIsNil() throws {
        var error = sb_error()
        let instance = try #require(plain.create(nil, "{}", &error))
        defer { plain.destroy(instance) }
        func label(_ locales: [String]?) throws -> String? {
            let request = CPerceiveRequest(input: .image(picture), timestampNanoseconds: 1, locale: "es", pageLocales: locales, deadline: .max)
            var result = sb_perceive_result()
            result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
            #expect(plain.perceive(instance, request.pointer, &result, &error) == SB_OK)
            return try PerceiveCodec.decodeResult(result, pluginABIMinor: SB_ABI_MINOR).get().records.first?.label
        }
        #expect(try label(["es", "en", "vi"]) == "es+en+vi")
        #expect(try label(nil) == "pinned")
    }

    @Test func aTurningReaderFillsThePageForA17Host() throws {
        let answer = try perceive(turning, config: #"{"turn": 270}"#)
        #expect(answer.status == SB_OK)
        #expect(answer.result.turned_degrees == 270 && answer.result.page_flags == SB_PAGE_FLATTENED | SB_PAGE_CUT_BOTTOM)
    }

    /// A 1.6 host's result ends at `record_count`; what lies after it is the host's.
    @Test func aTurningReaderWritesNothingPastAnOlderHostsResult() throws {
        let answer = try perceive(turning, config: #"{"turn": 90}"#, structSize: PerceiveCodec.version14ResultSize)
        #expect(answer.status == SB_OK && answer.result.record_count == 1)
        #expect(answer.result.turned_degrees == 0xA5A5_A5A5 && answer.result.page_flags == 0xA5A5_A5A5)
    }

    /// The host would refuse the whole result; the export names the plugin's mistake first.
    @Test func aTurnThatIsNotARightAngleIsThePluginsError() throws {
        let answer = try perceive(turning, config: #"{"turn": 45}"#)
        #expect(answer.status == SB_ERR_INTERNAL)
        #expect(answer.message == "The perceiver's result breaks the header's rules: turned_degrees is 45; only 0, 90, 180 or 270 can be reported.")
        #expect(answer.result.turned_degrees == 0xA5A5_A5A5)
    }
}
