import CSenseBridgeABI
import SenseBridgeCore
import Foundation
import Testing
@testable import SenseBridgePluginKit

/// A composer that names each record's label, to exercise the C path end to end.
final class EchoComposer: SceneComposerPlugin {
    let prefix: String
    struct Config: Decodable { var prefix: String? }

    init(host: HostServices, config: PluginConfig) throws {
        prefix = try config.decode(Config.self).prefix ?? "a"
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        request.records.enumerated().map { index, record in
            ComposedPhrase(stream: record.stream ?? .sight, text: "\(prefix) \(record.label)", recordIndices: [index])
        }
    }
}

final class FailingTarget: RenderTargetPlugin {
    init(host: HostServices, config: PluginConfig) throws {}
    func render(_ request: RenderRequest) throws {
        throw PluginError.io("The caption file could not be written: disk full.")
    }
}

@Suite struct ExportThroughCTests {
    let composerDescriptor = PluginExport.sceneComposer(EchoComposer.self, id: "test.echo", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee
    let targetDescriptor = PluginExport.renderTarget(FailingTarget.self, id: "test.failing", version: "1.0.0")
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee

    @Test func descriptorStartsWithVersionAndSize() {
        #expect(composerDescriptor.abi_major == SB_ABI_MAJOR)
        #expect(composerDescriptor.abi_minor == 0, "a composer needs nothing newer than 1.0 unless its export says so")
        #expect(composerDescriptor.struct_size == UInt32(MemoryLayout<sb_plugin_descriptor>.size))
        #expect(composerDescriptor.kind == SB_KIND_SCENE_COMPOSER)
        #expect(String(cString: composerDescriptor.runtime) == SwiftRuntime.current)
        #expect(composerDescriptor.get_interface(SB_INTERFACE_RENDER_TARGET) == nil)
        #expect(composerDescriptor.get_interface(SB_INTERFACE_PLUGIN_TESTS) == nil)
    }

    @Test func composeCrossesTheABIWithPluginOwnedOutput() throws {
        let vtable = try #require(composerDescriptor.get_interface(SB_INTERFACE_SCENE_COMPOSER))
            .assumingMemoryBound(to: sb_scene_composer.self).pointee
        var error = sb_error()
        let instance = try #require(vtable.create(nil, #"{"prefix":"the"}"#, &error))
        defer { vtable.destroy(instance) }
        let labels: [UnsafeMutablePointer<CChar>] = ["chair", "doorway"].map { (name: String) in strdup(name)! }
        defer { labels.forEach { free($0) } }
        let records = labels.map { sb_record(kind: SB_RECORD_OBJECT, flags: 0, label: UnsafePointer($0), confidence: 0.9, box: sb_box(), distance_m: 0) }
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        let status = records.withUnsafeBufferPointer { buffer in
            var request = sb_compose_request(struct_size: UInt32(MemoryLayout<sb_compose_request>.size),
                                             records: buffer.baseAddress, record_count: buffer.count,
                                             locale: nil, max_words: 8, max_labels: 4, deadline_ns: .max)
            return vtable.compose(instance, &request, &result, &error)
        }
        #expect(status == SB_OK)
        #expect(result.phrase_count == 2)
        #expect(String(cString: result.phrases[1].text) == "the doorway")
        #expect(result.phrases[1].record_indices[0] == 1)
        #expect(result.phrases[0].stream == SB_STREAM_SIGHT)
    }

    @Test func invalidConfigIsAnErrorWithAMessageNotNull() throws {
        let vtable = try #require(composerDescriptor.get_interface(SB_INTERFACE_SCENE_COMPOSER))
            .assumingMemoryBound(to: sb_scene_composer.self).pointee
        for config in ["[1,2]", #"{"prefix": 7}"#, "not json"] {
            var error = sb_error()
            #expect(vtable.create(nil, config, &error) == nil)
            #expect(error.code == SB_ERR_INVALID_CONFIG)
            let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            #expect(!message.isEmpty, "config \(config) gave no message")
        }
    }

    @Test func renderFailureAndInvalidUTF8ComeBackAsStatusAndMessage() throws {
        let vtable = try #require(targetDescriptor.get_interface(SB_INTERFACE_RENDER_TARGET))
            .assumingMemoryBound(to: sb_render_target.self).pointee
        var error = sb_error()
        let instance = try #require(vtable.create(nil, nil, &error))
        defer { vtable.destroy(instance) }
        let bad: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x28, 0]
        var status = bad.withUnsafeBufferPointer { text -> sb_status in
            var message = sb_message(struct_size: UInt32(MemoryLayout<sb_message>.size), signal: SB_SIGNAL_STATUS,
                                     flags: 0, text: text.baseAddress, text_length: 3, locale: nil, session_time_ns: 0, sequence: 1)
            return vtable.render(instance, &message, &error)
        }
        #expect(status == SB_ERR_INVALID_ARGUMENT)
        // An unknown signal from a newer host is ignored, not failed.
        var unknown = sb_message(struct_size: UInt32(MemoryLayout<sb_message>.size), signal: 999, flags: 0,
                                 text: nil, text_length: 0, locale: nil, session_time_ns: 0, sequence: 2)
        error = sb_error()
        #expect(vtable.render(instance, &unknown, &error) == SB_OK)
        var known = sb_message(struct_size: UInt32(MemoryLayout<sb_message>.size), signal: SB_SIGNAL_STATUS, flags: 0,
                               text: nil, text_length: 0, locale: nil, session_time_ns: 0, sequence: 3)
        status = vtable.render(instance, &known, &error)
        #expect(status == SB_ERR_IO)
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #expect(message.contains("disk full"))
    }

    @Test func longMessagesAreTruncatedOnACharacterBoundary() {
        var error = sb_error()
        PluginError(.io, String(repeating: "é", count: 400)).write(to: &error)
        let bytes = withUnsafeBytes(of: error.message) { Array($0.prefix { $0 != 0 }) }
        #expect(bytes.count < Int(SB_ERROR_MESSAGE_CAPACITY))
        #expect(String(validating: bytes, as: UTF8.self) != nil)
    }
}
