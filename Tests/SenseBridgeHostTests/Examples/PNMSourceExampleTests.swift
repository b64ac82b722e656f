import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The PGM/PPM source example (examples/c-source) read back through the host, in this
/// process and in a runner, and its frames handed to the light detector example: the two
/// examples work together as a camera and a perceiver do. Its shipped frames are the
/// launch pad photograph (Tests/Fixtures/images/photos/PROVENANCE.md), in colour and then
/// in gray.
@Suite struct PNMSourceExampleTests {
    let plugins: TemporaryDirectory
    let host: PluginHost

    init() throws {
        plugins = try TemporaryDirectory()
        _ = try ExamplePlugin.build("c-source", source: "pnm_source.c", library: "libpnm_source.so",
                                    manifest: "pnm-source.json", extras: ["frames"], into: plugins.url)
        _ = try ExamplePlugin.build("c-perceiver", source: "light_detector.c", library: "liblight_detector.so",
                                    manifest: "light-detector.json", into: plugins.url)
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)]))
    }

    /// Every frame of one run, until the end of the stream.
    func frames(_ source: SensingSourceInstance) throws -> [SensingFrame] {
        var frames: [SensingFrame] = []
        while frames.count < 10, case .frame(let frame) = try source.next(timeoutMilliseconds: 5000) { frames.append(frame) }
        return frames
    }

    @Test("two pictures from the folder, colour then gray, stamped in order, then the end; again after a restart",
          arguments: [false, true])
    func theFolderReadBackThroughTheHost(isolated: Bool) throws {
        let source = try host.sensingSource(try host.manifest(id: "com.example.pnm-source"), config: ["interval": .number(0)],
                                            placement: Placement(isolated: isolated))
        try source.start()
        let first = try frames(source)
        guard case .endOfStream = try source.next(timeoutMilliseconds: 0) else { Issue.record("no sticky end of stream"); return }
        source.stop()
        try source.start()
        let second = try frames(source)
        source.stop()
        for run in [first, second] {
            let images = run.compactMap { frame -> ImageFrame? in if case .image(let image) = frame.content { return image } else { return nil } }
            #expect(images.map(\.format) == [.rgb24, .gray8] && images.allSatisfy { $0.width == 320 && $0.height == 214 }, "\(images.map(\.format))")
            #expect(zip(run, run.dropFirst()).allSatisfy { $0.timestampNanoseconds < $1.timestampNanoseconds && $0.runID == $1.runID })
        }
        #expect(first.first?.runID != second.first?.runID, "a restart begins a new run")
    }

    @Test("paced: with the manifest's one second between pictures, a short wait times out instead of handing one early")
    func pacedByItsInterval() throws {
        let source = try host.sensingSource(try host.manifest(id: "com.example.pnm-source"))
        try source.start()
        guard case .frame = try source.next(timeoutMilliseconds: 100) else { Issue.record("the first picture is due at once"); return }
        guard case .timedOut = try source.next(timeoutMilliseconds: 100) else { Issue.record("the second came early"); return }
        source.stop()
    }

    @Test("the source's frames through the light detector: the same lamps in colour and in gray, at the bottom")
    func theTwoExamplesTogether() throws {
        let source = try host.sensingSource(try host.manifest(id: "com.example.pnm-source"), config: ["interval": .number(0)])
        let perceiver = try host.perceiver(try host.manifest(id: "com.example.light-detector"))
        try source.start()
        var boxes: [[NormalizedBox]] = []
        for frame in try frames(source) {
            guard case .image(let image) = frame.content else { continue }
            let records = try perceiver.perceive(image, timestampNanoseconds: frame.timestampNanoseconds, locale: "en", deadline: .max)
            #expect(records.count == 3 && records.allSatisfy { $0.label == "lamp" && ($0.box?.y ?? 0) > 0.8 }, "\(records)")
            boxes.append(records.compactMap(\.box))
        }
        source.stop()
        #expect(boxes.count == 2 && boxes.first == boxes.last, "colour and gray differ: \(boxes)")
    }
}
