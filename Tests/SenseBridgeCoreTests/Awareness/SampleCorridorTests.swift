import Foundation
import SenseBridgeCore
import Testing

/// The shipped sample walk (samples/corridor.recording.jsonl), reduced frame by frame.
/// (What a reduction costs is measured by `make bench`, not here.)
@Suite struct SampleCorridorTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/corridor.recording.jsonl")

    static func depthFrames() throws -> [(time: Double, map: DepthMap)] {
        let recording = try Recording.parse(try Data(contentsOf: sample), name: sample.path)
        return recording.frames.compactMap { frame in
            if case let .depth(map) = frame.content { return (frame.time, map) }
            return nil
        }
    }

    @Test func theFloorNeverDrivesAnAlertAndTheBoxAndWallDo() throws {
        let frames = try Self.depthFrames()
        var engine = AwarenessEngine()
        var events: [(Double, AwarenessEvent)] = []
        for (time, map) in frames {
            let outcome = DepthReduction.reduce(map)
            print("corridor t=\(time) \(outcome.reading.map { String(format: "%.2f m zones %@", $0.nearestMetres, "\($0.zones)") } ?? "\(outcome)")")
            events += engine.feed(outcome, at: time).map { (time, $0) }
        }
        // The first frame sees floor from about 1.4 m and the box 3 m ahead; the floor
        // must not be the reading.
        let first = try #require(DepthReduction.reduce(frames[0].map).reading)
        #expect(first.nearestMetres > 2.5)
        #expect(frames.allSatisfy { DepthReduction.reduce($0.map).reading != nil })
        let alerts = events.filter { if case .alert = $0.1 { return true }; return false }
        #expect(alerts.count == 2, "one for the box, one for the wall: \(events)")
        #expect(events.contains { if case .clear = $0.1 { return true }; return false })
    }
}
