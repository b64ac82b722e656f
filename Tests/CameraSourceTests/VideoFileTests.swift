import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A video file: every frame, at the file's size, in the format asked for, then the end.
@Suite struct VideoFileTests {
    static let width = 160, height = 120, rate = 10, seconds = 1

    @Test(arguments: [ImageFrame.PixelFormat.gray8, .rgb24])
    func aVideoGivesEveryFrameAtItsSizeThenEnds(_ format: ImageFrame.PixelFormat) throws {
        let fixtures = try MediaFixtures()
        let video = try fixtures.testPatternVideo("pattern.mp4", width: Self.width, height: Self.height, rate: Self.rate, seconds: Self.seconds)
        let source = try CameraSourceClient.source(video, ["pixelFormat": .string(format.rawValue)])
        try source.start()
        defer { source.stop() }
        let frames = try CameraSourceClient.drain(source)
        #expect(frames.count == Self.rate * Self.seconds)
        for image in frames.compactMap(CameraSourceClient.image) {
            #expect(image.format == format)
            #expect(image.width == Self.width && image.height == Self.height)
            #expect(image.pixels.count == Self.width * Self.height * format.bytesPerPixel)
        }
        // testsrc is never one flat colour: a frame of one value would be a conversion that lost the picture.
        #expect(frames.compactMap(CameraSourceClient.image).allSatisfy { Set($0.pixels).count > 8 })
        #expect(try CameraSourceClient.staysEnded(source))
    }

    /// As fast as possible, a frame's timestamp is its presentation time from the first,
    /// so the same file gives the same timestamps on every run.
    @Test func asFastAsPossibleStampsEachFrameWithItsMediaTime() throws {
        let fixtures = try MediaFixtures()
        let video = try fixtures.testPatternVideo("pattern.mp4", width: 64, height: 48, rate: Self.rate, seconds: Self.seconds)
        let source = try CameraSourceClient.source(video)
        let expected = (0..<UInt64(Self.rate * Self.seconds)).map { $0 * 1_000_000_000 / UInt64(Self.rate) }
        for _ in 0..<2 {
            try source.start()
            let frames = try CameraSourceClient.drain(source)
            #expect(frames.map(\.timestampNanoseconds) == expected)
            source.stop()
        }
    }

    /// In real time, frames come at the video's own rate: each is stamped with the run's
    /// start plus its media time, and is not handed out before that moment.
    @Test func realtimeHandsFramesOutAtTheVideosOwnRate() throws {
        let fixtures = try MediaFixtures()
        let video = try fixtures.testPatternVideo("pattern.mp4", width: 64, height: 48, rate: Self.rate, seconds: Self.seconds)
        let source = try CameraSourceClient.source(video, ["pace": .string("realtime")])
        try source.start()
        defer { source.stop() }
        var frames: [SensingFrame] = []
        var handedOut: [UInt64] = []
        var timeouts = 0
        while true {
            // Shorter than the 100 ms between frames: some calls must time out and keep their frame.
            switch try source.next(timeoutMilliseconds: 40) {
            case .frame(let frame):
                handedOut.append(MonotonicClock.nanoseconds())
                frames.append(frame)
            case .timedOut: timeouts += 1
            case .endOfStream:
                #expect(frames.count == Self.rate * Self.seconds)
                let offsets = frames.map { $0.timestampNanoseconds - frames[0].timestampNanoseconds }
                #expect(offsets == (0..<UInt64(frames.count)).map { $0 * 100_000_000 })
                // Never early: each frame left the plugin at or after its timestamp.
                for (frame, time) in zip(frames, handedOut) {
                    #expect(time >= frame.timestampNanoseconds, "a frame was handed out \(frame.timestampNanoseconds - time) ns early")
                }
                #expect(timeouts > 0, "a 40 ms timeout between frames 100 ms apart must time out")
                return
            }
        }
    }
}
