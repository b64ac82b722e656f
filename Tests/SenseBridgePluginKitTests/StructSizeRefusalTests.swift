import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import Testing
@testable import SenseBridgePluginKit

/// A host that passes a compose request, a compose result or a message whose
/// `struct_size` is smaller than 1.0's is refused before any field past the size is
/// read or written, with a message naming the struct, its size and the least it must
/// be: a plugin that read on would read bytes its writer never had.
@Suite struct StructSizeRefusalTests {
    let composer = PluginExport.sceneComposer(EchoComposer.self, id: "test.echo", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
    let target = PluginExport.renderTarget(FailingTarget.self, id: "test.failing", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee

    func message(_ error: sb_error) -> String {
        withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    func compose(requestSize: Int, resultSize: Int) throws -> (sb_status, String, sb_compose_result) {
        let vtable = try #require(composer.get_interface(SB_INTERFACE_SCENE_COMPOSER)).assumingMemoryBound(to: sb_scene_composer.self).pointee
        var error = sb_error()
        let instance = try #require(vtable.create(nil, nil, &error))
        defer { vtable.destroy(instance) }
        let label = strdup("chair")!
        defer { free(label) }
        var record = sb_record(kind: SB_RECORD_OBJECT, flags: 0, label: label, confidence: 0.9, box: sb_box(), distance_m: 0)
        var request = sb_compose_request(struct_size: UInt32(requestSize), records: &record, record_count: 1,
                                         locale: nil, max_words: 8, max_labels: 4, deadline_ns: .max)
        var result = sb_compose_result()
        result.struct_size = UInt32(resultSize)
        let status = vtable.compose(instance, &request, &result, &error)
        return (status, message(error), result)
    }

    @Test func aComposeRequestTooSmallForItsFieldsIsRefusedByName() throws {
        let full = MemoryLayout<sb_compose_request>.size
        let (status, said, result) = try compose(requestSize: 8, resultSize: MemoryLayout<sb_compose_result>.size)
        #expect(status == SB_ERR_INVALID_ARGUMENT)
        #expect(said == "The request was refused: the request's sb_compose_request.struct_size is 8, smaller than the \(full) bytes every 1.x sb_compose_request holds.")
        #expect(result.phrase_count == 0 && result.phrases == nil)
        #expect(try compose(requestSize: full, resultSize: MemoryLayout<sb_compose_result>.size).0 == SB_OK)
    }

    @Test func aComposeResultTooSmallToHoldThePhrasesIsNeverWritten() throws {
        let full = MemoryLayout<sb_compose_result>.size
        let (status, said, result) = try compose(requestSize: MemoryLayout<sb_compose_request>.size, resultSize: 4)
        #expect(status == SB_ERR_INVALID_ARGUMENT)
        #expect(said == "The result was refused: the result's sb_compose_result.struct_size is 4, smaller than the \(full) bytes every 1.x sb_compose_result holds.")
        #expect(result.phrase_count == 0 && result.phrases == nil, "nothing was written past the size the host set")
    }

    @Test func aMessageTooSmallForItsFieldsIsRefusedByName() throws {
        let vtable = try #require(target.get_interface(SB_INTERFACE_RENDER_TARGET)).assumingMemoryBound(to: sb_render_target.self).pointee
        var error = sb_error()
        let instance = try #require(vtable.create(nil, nil, &error))
        defer { vtable.destroy(instance) }
        var short = sb_message(struct_size: 12, signal: SB_SIGNAL_STATUS, flags: 0, text: nil, text_length: 0, locale: nil,
                               session_time_ns: 0, sequence: 1)
        #expect(vtable.render(instance, &short, &error) == SB_ERR_INVALID_ARGUMENT)
        let full = MemoryLayout<sb_message>.size
        #expect(message(error) == "The message was refused: the message's sb_message.struct_size is 12, smaller than the \(full) bytes every 1.x sb_message holds.")
    }

    /// The codec's own answer, for a host or harness that reads the same structs.
    @Test func theCodecNamesTheStructAndItsSize() {
        var message = sb_message()
        message.struct_size = 0
        #expect(MessageCodec.decode(at: &message) == .failure(.structSize(StructSizeProblem(structName: "sb_message", structSize: 0,
                                                                                           minimum: MemoryLayout<sb_message>.size))))
        var request = sb_compose_request()
        request.struct_size = 16
        let refused = CComposeRequest.decode(at: &request, checkpoint: {})
        guard case .failure(.structSize(let problem)) = refused else {
            Issue.record("a 16-byte compose request was read: \(refused)")
            return
        }
        #expect(problem.structSize == 16 && problem.minimum == MemoryLayout<sb_compose_request>.size)
    }
}
