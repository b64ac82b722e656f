import Foundation
import SenseBridgeCore
import Testing

/// Stairs going down, which floor rejection cannot see: it takes the lowest surface in
/// view as the floor, so once the treads below come into view the walker's own floor,
/// 0.18 m and more above them, stands above the 10 cm clearance and is read as an
/// obstacle at the distance of its nearest rows (about 1.5 m at a 30° strap), while the
/// truth has nothing ahead but the far wall. The alert that follows is not a warning of
/// the drop: it names no drop, its distance is not the edge's, and it clears while the
/// edge is still ahead. This pins that behaviour (docs/SYNTHETIC_SCENES.md) so a fix,
/// or a change, is seen.
@Suite struct StairsDownTests {
    @Test func aDropOffIsNotDetectedAndTheFloorBeforeItIsMisreadAsAnObstacle() throws {
        let replay = try SceneReplay("stairs-down", ["--tilt", "30", "--speed", "0.6", "--duration", "3", "--block", "8"])
        #expect(replay.steps.allSatisfy { $0.outcome != .couldNotMeasure(.noIntrinsics) })
        // The truth: no obstacle nearer than the far wall in any frame.
        #expect(replay.steps.allSatisfy { ($0.truth.nearestObstacleMetres ?? .infinity) > 3 }, "\(replay.table)")
        let misread = replay.steps.filter { ($0.outcome.reading?.nearestMetres ?? .infinity) < 2 }
        withKnownIssue("floor rejection reads the floor before a drop-off as an obstacle", isIntermittent: true) {
            #expect(misread.count == 0, "\(replay.table)")
            #expect(replay.alerts.isEmpty, "\(replay.table)")
        }
        // Whatever is said is an obstacle alert, never a word about a drop or the way being clear of one.
        for event in replay.events {
            switch event {
            case .alert, .clear, .nearerBand, .pulse: continue
            case .measurementLost, .measurementResumed: Issue.record("unexpected \(event)\n\(replay.table)")
            }
        }
    }
}
