import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import Testing
@testable import SenseBridgePluginKit

/// A source that gives a records frame naming the host version it was told (none, from a
/// 1.0 host), or, with `{"picture": true}`, a 2x2 picture.
final class VersionSource: SensingSourcePlugin {
    struct Config: Decodable { var picture: Bool? }
    let picture: Bool
    let hostVersion: String

    init(host: HostServices, config: PluginConfig) throws {
        picture = try config.decode(Config.self).picture ?? false
        hostVersion = host.hostABIVersion.map { "host \($0.major).\($0.minor)" } ?? "host without a version"
    }

    func start() throws {}
    func stop() {}

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        let content: SensingFrame.Content = picture
            ? .image(ImageFrame(format: .gray8, width: 2, height: 2, pixels: [0, 255, 255, 0]))
            : .records([PerceptionRecord(kind: .object, label: hostVersion, confidence: 0.9)])
        return SensingFrame(timestampNanoseconds: 1, runID: 1, content: content)
    }
}

/// The minor a PluginKit plugin declares is the one its export states, by default the one
/// that introduced its kind, never the header PluginKit was built against
/// (docs/PLUGIN_ABI.md, "What a plugin's minor means"). And a plugin that declares 1.0
/// works against a 1.0 host: it reads host services that end before the version, fills a
/// frame that ends at `record_count` without writing past it, and refuses, with a message
/// naming the host it needs, a frame kind such a frame has no room for.
@Suite struct DeclaredMinorTests {
    let source = PluginExport.sensingSource(VersionSource.self, id: "test.version-source", version: "1.0.0", abiMinor: 4)
        .assumingMemoryBound(to: sb_plugin_descriptor.self).pointee

    static func declared(_ descriptor: UnsafeRawPointer) -> UInt32 {
        descriptor.assumingMemoryBound(to: sb_plugin_descriptor.self).pointee.abi_minor
    }

    @Test func eachExportDeclaresTheMinorOfItsKindUnlessToldOtherwise() {
        #expect(Self.declared(PluginExport.sceneComposer(EchoComposer.self, id: "test.echo", version: "1.0.0")) == 0)
        #expect(Self.declared(PluginExport.renderTarget(FailingTarget.self, id: "test.failing", version: "1.0.0")) == 0)
        #expect(Self.declared(PluginExport.perceiver(PlainReader.self, id: "test.plain-reader", version: "1.0.0")) == 4)
        #expect(Self.declared(PluginExport.audioPerceiver(PeakListener.self, id: "test.peak-listener", version: "1.0.0")) == 6)
        #expect(source.abi_minor == 4 && source.abi_major == SB_ABI_MAJOR)
    }

    /// A 1.0 host's services: they end after `log_event`.
    static func version10Services() -> sb_host_services {
        var services = sb_host_services()
        services.struct_size = UInt32(MemoryLayout<sb_host_services>.offset(of: \sb_host_services.abi_major)!)
        // What a 1.0 host never wrote: a plugin that read it would say so.
        services.abi_major = 99
        services.abi_minor = 99
        return services
    }

    /// One frame into a buffer the size of the whole struct, of which the host offers
    /// `room` bytes: what lies past them must come back as it was.
    func nextFrame(config: String, room: Int, services: sb_host_services = version10Services())
        throws -> (status: sb_status, frame: SensingFrame?, message: String, pastRoomUntouched: Bool) {
        let table = try #require(source.get_interface(SB_INTERFACE_SENSING_SOURCE)).assumingMemoryBound(to: sb_sensing_source.self).pointee
        var error = sb_error()
        var services = services
        let instance = try #require(table.create(&services, config, &error))
        defer { table.destroy(instance) }
        #expect(table.start(instance, &error) == SB_OK)
        let size = MemoryLayout<sb_frame>.size
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<sb_frame>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: room)
        (buffer + room).initializeMemory(as: UInt8.self, repeating: 0xA5, count: size - room)
        let frame = buffer.assumingMemoryBound(to: sb_frame.self)
        frame.pointee.struct_size = UInt32(room)
        let status = table.next_frame(instance, 100, frame, &error)
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let untouched = UnsafeRawBufferPointer(start: buffer + room, count: size - room).allSatisfy { $0 == 0xA5 }
        return (status, status == SB_OK ? try FrameCodec.decode(frame.pointee).get() : nil, message, untouched)
    }

    @Test func aVersion10HostsFrameIsFilledWithoutWritingPastIt() throws {
        let read = try nextFrame(config: "{}", room: FrameCodec.version10FrameSize)
        #expect(read.status == SB_OK && read.pastRoomUntouched)
        guard case .records(let records) = read.frame?.content else { Issue.record("\(read)"); return }
        #expect(records.map(\.label) == ["host without a version"], "the 1.0 host services were read past their end")
    }

    @Test func aPictureNeedsAVersion14Host() throws {
        let refused = try nextFrame(config: #"{"picture": true}"#, room: FrameCodec.version10FrameSize)
        #expect(refused.status == SB_ERR_UNSUPPORTED && refused.pastRoomUntouched)
        #expect(refused.message == "This source gives image frames, which need a host of ABI 1.4 or later.")

        let read = try nextFrame(config: #"{"picture": true}"#, room: FrameCodec.imageFrameSize)
        #expect(read.status == SB_OK && read.pastRoomUntouched)
        guard case .image(let image) = read.frame?.content else { Issue.record("\(read)"); return }
        #expect(image.width == 2 && image.pixels == [0, 255, 255, 0])
    }

    @Test func aNewerHostIsToldApart() throws {
        var services = Self.version10Services()
        services.struct_size = UInt32(MemoryLayout<sb_host_services>.size)
        services.abi_major = SB_ABI_MAJOR
        services.abi_minor = SB_ABI_MINOR
        let read = try nextFrame(config: "{}", room: MemoryLayout<sb_frame>.size, services: services)
        guard case .records(let records) = read.frame?.content else { Issue.record("\(read)"); return }
        #expect(records.map(\.label) == ["host \(SB_ABI_MAJOR).\(SB_ABI_MINOR)"])
    }
}
