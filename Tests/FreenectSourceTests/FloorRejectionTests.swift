import Foundation
import SenseBridgeCore
import Testing

/// The floor, at every strap angle: a chest-mounted Kinect sees it in every frame, and
/// an alert for it would teach the wearer to ignore alerts. Each scene is generated,
/// replayed through fakenect and FreenectSource, and reduced by the real core.
///
/// The pose comes from the accelerometer, whose noise (0.01 g in these scenes) puts it
/// off by about half a degree in single frames. When the floor level was the lowest 1 %
/// of heights over the whole view, that tilted far floor set it and the nearest floor
/// rows came through as an obstacle at 1.5–2 m at 25°–30° (docs/SYNTHETIC_SCENES.md);
/// these checks were known issues then. The floor level now trusts the floor within
/// 3 m of the camera (`DepthReduction.floorTrustedRange`), and they are plain checks.
@Suite struct FloorRejectionTests {
    @Test(arguments: [0.0, 10, 20, 25, 30, 35, 40])
    func theFloorNeverAlertsAtAnyTilt(_ tilt: Double) throws {
        let replay = try SceneReplay("open-corridor", ["--tilt", String(tilt), "--duration", "2", "--block", "8"])
        #expect(replay.alerts.isEmpty, "tilt \(tilt)°:\n\(replay.table)")
        for step in replay.steps {
            // The pose arrived with every frame: without it nothing would be rejected as
            // floor and "no alert" would prove nothing.
            #expect(step.outcome != .couldNotMeasure(.noIntrinsics), "tilt \(tilt)° frame \(step.truth.frame) had no pose")
            // Nothing but the far walls ahead: the truth says so, and so must the reading.
            #expect((step.truth.nearestObstacleMetres ?? .infinity) > AwarenessEngine.alertLeaveMetres)
            if let reading = step.outcome.reading {
                #expect(reading.nearestMetres > AwarenessEngine.alertLeaveMetres,
                        "tilt \(tilt)° frame \(step.truth.frame): \(reading.nearestMetres) m, truth \(String(describing: step.truth.nearestObstacleMetres))")
            }
        }
    }

    /// Obstacles standing on the floor survive its rejection at every strap angle that
    /// can see them, and the distance is the truth's within the sensor's resolution.
    @Test(arguments: [15.0, 25, 30, 40])
    func theBoxInTheWalkwayAlerts(_ tilt: Double) throws {
        let replay = try SceneReplay("box-in-walkway", ["--tilt", String(tilt), "--duration", "2.8", "--block", "4"])
        let first = replay.steps.firstIndex { $0.events.contains { if case .alert = $0 { return true }; return false } }
        guard let first else {
            Issue.record("tilt \(tilt)°: the box never alerted\n\(replay.table)")
            return
        }
        let truth = replay.steps[first].truth
        #expect(truth.nearestObstacle == "box", "tilt \(tilt)°: alerted on \(String(describing: truth.nearestObstacle))\n\(replay.table)")
        #expect((truth.nearestObstacleMetres ?? 0) < AwarenessEngine.alertEnterMetres + 0.1, "\(replay.table)")
        // Not before the truth came within reach of the threshold.
        for step in replay.steps[..<first] {
            #expect((step.truth.nearestObstacleMetres ?? .infinity) > AwarenessEngine.alertEnterMetres - 0.1, "\(replay.table)")
        }
        for step in replay.steps where step.truth.nearestObstacle == "box" {
            guard let truth = step.truth.nearestObstacleMetres, let reading = step.outcome.reading else {
                Issue.record("tilt \(tilt)° frame \(step.truth.frame): the box in view was not measured\n\(replay.table)")
                continue
            }
            #expect(abs(reading.nearestMetres - truth) <= 0.05 + 0.03 * truth,
                    "tilt \(tilt)° frame \(step.truth.frame): \(reading.nearestMetres) m against \(truth) m")
        }
    }

    /// A level mount cannot see a low box once it is near: with 22.6° below the optical
    /// axis, a 0.4 m box leaves the Kinect's view about 2.2 m ahead. No alert is
    /// possible, and none is invented; docs/SYNTHETIC_SCENES.md says so.
    @Test func aLevelMountLosesTheBoxBeforeItIsNear() throws {
        let replay = try SceneReplay("box-in-walkway", ["--tilt", "0", "--duration", "2.8", "--block", "8"])
        #expect(replay.alerts.isEmpty, "\(replay.table)")
        #expect(replay.steps.allSatisfy { $0.truth.nearestObstacle != "box" || ($0.truth.nearestObstacleMetres ?? 0) > 2 },
                "\(replay.table)")
    }
}
