import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The Kinect's colour camera under fakenect: a synthetic walk whose colour pictures are a
/// real photograph (scripts/make-fakenect-scene.py --photo), handed on beside depth with
/// the colour camera's intrinsics, at the rate asked, and checked whole at create.
@Suite(.serialized) struct KinectColourTests {
    static let photo = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png")

    /// Every frame of the recording through the source: depth maps and pictures, in order.
    static func frames(_ scene: SyntheticScene, config: [String: JSONValue]) throws -> [SensingFrame.Content] {
        let source = try Fakenect.source(scene, config: config)
        try source.start()
        defer { source.stop() }
        var contents: [SensingFrame.Content] = []
        while true {
            switch try source.next(timeoutMilliseconds: 2000) {
            case .frame(let frame): contents.append(frame.content)
            case .timedOut: continue
            case .endOfStream: return contents
            }
        }
    }

    @Test("the photograph comes through as 640×480 RGB pictures with the colour camera's intrinsics, beside every depth map")
    func picturesBesideDepth() throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "2", "--block", "8", "--photo", Self.photo.path, "--colour-fps", "2"])
        let contents = try Self.frames(scene, config: ["colourFramesPerSecond": .number(30)])
        let pictures = contents.compactMap { content -> ImageFrame? in
            if case .image(let picture) = content { return picture }
            return nil
        }
        let depthMaps = contents.filter { if case .depth = $0 { return true }; return false }.count
        #expect(depthMaps == scene.truth.frames.count)
        #expect(pictures.count == 4, "two seconds at two pictures a second")
        let written = try Data(contentsOf: scene.recording.appendingPathComponent(
            try #require(try String(contentsOf: scene.recording.appendingPathComponent("INDEX.txt"), encoding: .utf8)
                .split(separator: "\n").first { $0.hasPrefix("r-") }.map(String.init))))
        let pixels = [UInt8](written.dropFirst("P6 640 480 255\n".utf8.count))
        for picture in pictures {
            #expect(picture.format == .rgb24 && picture.width == 640 && picture.height == 480)
            #expect(picture.intrinsics == DepthMap.Intrinsics(fx: 525, fy: 525, cx: 319.5, cy: 239.5))
            #expect(picture.pixels == pixels, "the picture is the photograph as written, byte for byte")
        }
    }

    @Test("colour is handed on at the rate asked, and not at all at 0")
    func rate() throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "2", "--block", "8", "--photo", Self.photo.path, "--colour-fps", "10"])
        let none = try Self.frames(scene, config: ["colourFramesPerSecond": .number(0)])
        #expect(!none.contains { if case .image = $0 { return true }; return false })
        let started = MonotonicClock.nanoseconds()
        let few = try Self.frames(scene, config: ["colourFramesPerSecond": .number(2)])
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let pictures = few.filter { if case .image = $0 { return true }; return false }.count
        // 20 recorded at 10 a second, 2 a second handed on (the edges may add one). The
        // rate is a real device's, on the host's clock; fakenect replays the 2 s no faster
        // than they were recorded, and slower on a loaded machine, which lets more through.
        #expect(pictures >= 3 && pictures <= Int(seconds * 2) + 2, "\(pictures) in \(seconds) s")
    }

    @Test("a short colour picture in the recording fails create, naming the line, the file and the size it needs")
    func aShortPictureFailsCreate() throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "0.5", "--block", "8", "--photo", Self.photo.path])
        let names = try String(contentsOf: scene.recording.appendingPathComponent("INDEX.txt"), encoding: .utf8).split(separator: "\n")
        let line = try #require(names.firstIndex { $0.hasPrefix("r-") }) + 1
        let file = scene.recording.appendingPathComponent(String(names[line - 1]))
        try Data(try Data(contentsOf: file).prefix(5000)).write(to: file)
        let host = try Fakenect.host(replaying: scene.recording, in: scene.directory)
        var message = ""
        do {
            _ = try host.sensingSource(try host.manifest(id: "org.sensebridge.freenect-source"), placement: Placement(isolated: true))
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("INDEX.txt line \(line): ") && message.contains(file.lastPathComponent)
                && message.contains("a 640×480 RGB picture needs 921600"), "\(message)")
    }
}
