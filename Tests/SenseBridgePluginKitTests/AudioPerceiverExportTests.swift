import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Foundation
import Testing
@testable import SenseBridgePluginKit

/// A listener that reports "loud" when a block's peak passes half scale, and remembers
/// across blocks how many it heard since the last discontinuity: enough to see the
/// block, its continuity flag and the float conversion cross the C table.
final class PeakListener: AudioPerceiverPlugin {
    private var blocksSinceStart = 0
    init(host: HostServices, config: PluginConfig) throws {}

    func perceive(_ request: AudioPerceiveRequest) throws -> [PerceptionRecord] {
        blocksSinceStart = request.audio.continuesPrevious ? blocksSinceStart + 1 : 1
        guard let peak = request.audio.samples.map(abs).max(), peak > 0.5 else { return [] }
        return [PerceptionRecord(kind: .sound, label: "loud", confidence: min(1, Double(blocksSinceStart) / 10))]
    }

    func cancel() {}
}

@Suite struct AudioPerceiverExportTests {
    let table = PluginExport.audioPerceiver(PeakListener.self, id: "test.peak-listener", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
        .get_interface(SB_INTERFACE_PERCEIVER)!.assumingMemoryBound(to: sb_perceiver.self).pointee

    func perceive(_ instance: UnsafeMutableRawPointer, _ input: PerceptionInput) -> (sb_status, [PerceptionRecord], String) {
        let request = CPerceiveRequest(input: input, timestampNanoseconds: 1, locale: "en", deadline: .max)
        var result = sb_perceive_result()
        result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
        var error = sb_error()
        let status = table.perceive(instance, request.pointer, &result, &error)
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return (status, status == SB_OK ? (try? PerceiveCodec.decodeResult(result, pluginABIMinor: SB_ABI_MINOR).get().records) ?? [] : [], message)
    }

    func block(peak: Float, continues: Bool) -> PerceptionInput {
        .audio(AudioBlock(sampleRate: 16000, channels: 1, samples: [0, peak, -peak / 2, 0], firstSampleNanoseconds: 1,
                          continuesPrevious: continues))
    }

    @Test func blocksReachTheListenerWithTheirContinuity() throws {
        var error = sb_error()
        let instance = try #require(table.create(nil, "{}", &error))
        defer { table.destroy(instance) }
        #expect(perceive(instance, block(peak: 0.1, continues: false)).1.isEmpty)
        // Confidences cross the ABI as float: compared in float.
        let second = perceive(instance, block(peak: 0.9, continues: true)).1
        #expect(second.map(\.label) == ["loud"] && second.map { Float($0.confidence) } == [0.2])
        // A discontinuous block starts the listener's memory afresh.
        #expect(perceive(instance, block(peak: 0.9, continues: false)).1.map { Float($0.confidence) } == [0.1])
    }

    /// The C table is shared by both kinds of perceiver; what a request carries decides,
    /// and the wrong one is refused by name, never read as the other.
    @Test func aListenerHandedAPictureRefusesIt() throws {
        var error = sb_error()
        let instance = try #require(table.create(nil, "{}", &error))
        defer { table.destroy(instance) }
        let (status, records, message) = perceive(instance, .image(ImageFrame(format: .gray8, width: 1, height: 1, pixels: [0])))
        #expect(status == SB_ERR_UNSUPPORTED && records.isEmpty)
        #expect(message == "This perceiver listens; it was handed an image.")
    }
}
