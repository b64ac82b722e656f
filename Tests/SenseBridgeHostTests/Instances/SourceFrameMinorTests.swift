import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A source is handed a frame only as long as the minor its manifest declares knows
/// (`FrameCodec.frameSize(forSourceMinor:)`), in this process and in a runner: the same
/// library that gives pictures is read when it declares 1.4, and refused, naming the
/// frame's size, when it declares 1.0, as the 1.0 host it promised to run in would refuse
/// it. Whatever size the plugin writes back, nothing past the room handed out is read.
@Suite struct SourceFrameMinorTests {
    static let bothPlacements = [false, true]

    func firstFrame(minor: Int, isolated: Bool) throws -> Result<SensingSourceInstance.Next, any Error> {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "pictures", id: "org.example.pictures",
                               defines: ["FIXTURE_FRAME_COUNT": "3", "FIXTURE_DEPTH_WIDTH": "8", "FIXTURE_DEPTH_HEIGHT": "6",
                                         "FIXTURE_IMAGE_EVERY": "1"],
                               manifest: ["kind": "sensing-source", "abi": ["major": 1, "minor": minor]], source: "fixture_source.c")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let source = try host.sensingSource(try host.manifest(id: "org.example.pictures"), placement: Placement(isolated: isolated))
        #expect(source.isolated == isolated)
        try source.start()
        defer { source.stop() }
        return Result { try source.next(timeoutMilliseconds: 5000) }
    }

    @Test func theRoomEndsWhereTheDeclaredMinorsFrameEnds() {
        #expect(FrameCodec.frameSize(forSourceMinor: 0) == MemoryLayout<sb_frame>.offset(of: \sb_frame.image)!)
        #expect(FrameCodec.frameSize(forSourceMinor: 3) == FrameCodec.frameSize(forSourceMinor: 0))
        #expect(FrameCodec.frameSize(forSourceMinor: 4) == MemoryLayout<sb_frame>.offset(of: \sb_frame.audio)!)
        #expect(FrameCodec.frameSize(forSourceMinor: 5) == FrameCodec.frameSize(forSourceMinor: 4))
        #expect(FrameCodec.frameSize(forSourceMinor: 6) == MemoryLayout<sb_frame>.size)
        #expect(FrameCodec.frameSize(forSourceMinor: SB_ABI_MINOR) == MemoryLayout<sb_frame>.size)
    }

    @Test(arguments: bothPlacements)
    func aSourceDeclaring14GivesPictures(isolated: Bool) throws {
        guard case .frame(let frame) = try firstFrame(minor: 4, isolated: isolated).get(), case .image(let image) = frame.content else {
            Issue.record("no picture from a source that declares 1.4")
            return
        }
        #expect(image.width == 200 && image.height == 200)
    }

    @Test(arguments: bothPlacements)
    func aSourceDeclaring10CannotGiveAPicture(isolated: Bool) throws {
        let size = FrameCodec.frameSize(forSourceMinor: 0)
        switch try firstFrame(minor: 0, isolated: isolated) {
        case .success(let next): Issue.record("a source that declares 1.0 gave \(next)")
        case .failure(let error): #expect("\(error)".contains("an image frame's struct_size \(size) has no room for its image"), "\(error)")
        }
    }
}
