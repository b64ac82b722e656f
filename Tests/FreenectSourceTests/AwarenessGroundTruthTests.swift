import Foundation
import SenseBridgeCore
import Testing

/// The awareness rules against scenes whose truth is known: glass is "could not
/// measure", a side is named only when the three rules hold, hysteresis keeps a
/// swaying walker from flapping, and a person crossing alerts and then clears.
@Suite struct AwarenessGroundTruthTests {
    /// Glass gives no returns; the floor before it does. Every frame with the glass
    /// filling the view is "could not measure", never a measured far distance, and the
    /// engine says once that it lost measurement: absence is never inferred.
    @Test func theGlassDoorIsCouldNotMeasure() throws {
        let replay = try SceneReplay("glass-door", ["--tilt", "20", "--speed", "0.5", "--duration", "3", "--block", "8"])
        for step in replay.steps {
            #expect(step.truth.glassFractionOfCentre > 0.3, "the scene must put glass ahead in every frame")
            #expect(step.outcome.reading == nil, "frame \(step.truth.frame): glass read as \(step.outcome)\n\(replay.table)")
            #expect(step.outcome != .couldNotMeasure(.noIntrinsics))
        }
        #expect(replay.events == [.measurementLost], "\(replay.table)")
    }

    /// The post 0.7 m right of the path: "on your right" only in frames where the
    /// truth satisfies all three rules (centre measured, right nearer than every other
    /// zone by the margin, agreeing with the spoken distance); frames within 0.1 m of
    /// a rule's threshold are not judged, as depth noise may put them either side.
    @Test func thePolesSideIsNamedOnlyWhenTheThreeRulesHold() throws {
        let replay = try SceneReplay("pole-to-one-side", ["--tilt", "15", "--duration", "3.4", "--block", "4"])
        var named = 0, withheld = 0
        for step in replay.steps {
            let zones = step.truth.zonesMetres
            guard let reading = step.outcome.reading, let spoken = step.truth.nearestObstacleMetres,
                  abs(reading.nearestMetres - spoken) <= 0.1 else { continue }
            let truth = ZoneReading(left: zones.left, centre: zones.centre, right: zones.right)
            let values = [zones.left, zones.centre, zones.right].compactMap { $0 }.sorted()
            let gap = values.count >= 2 ? values[1] - values[0] : .infinity
            let agreement = zones.right.map { abs($0 - spoken) } ?? .infinity
            if abs(gap - ZoneReading.significantMargin) < 0.1 || abs(agreement - ZoneReading.agreementTolerance) < 0.1 { continue }
            let expected = truth.namedSide(spokenDistance: spoken)
            #expect(reading.namedSide == expected, "frame \(step.truth.frame): named \(String(describing: reading.namedSide)), truth earns \(String(describing: expected))\n\(replay.table)")
            if expected == nil { withheld += 1 } else { named += 1 }
        }
        #expect(named >= 3, "the right side was earned in too few frames to judge\n\(replay.table)")
        #expect(withheld >= 3, "no frame withheld the side, so rule 3 was never tested\n\(replay.table)")
        #expect(!replay.steps.contains { $0.outcome.reading?.namedSide == .left }, "\(replay.table)")
    }

    /// Standing about 1.5 m from a wall (1.62 m at the feet) and swaying 0.12 m: the truth crosses the 1.5 m
    /// threshold again and again (a single threshold would toggle), and the engine
    /// raises one alert and never clears, because leaving takes 1.8 m.
    @Test func hysteresisKeepsASwayingWalkerFromFlapping() throws {
        let replay = try SceneReplay("wall-ahead", ["--tilt", "20", "--stop", "1.62", "--sway", "0.12", "--duration", "5.5", "--block", "8"])
        let truths = replay.steps.compactMap(\.truth.nearestObstacleMetres)
        let crossings = zip(truths, truths.dropFirst()).filter { ($0 < AwarenessEngine.alertEnterMetres) != ($1 < AwarenessEngine.alertEnterMetres) }.count
        #expect(crossings >= 3, "the scene must cross the threshold repeatedly to test hysteresis\n\(replay.table)")
        #expect(replay.alerts.count == 1, "\(replay.table)")
        #expect(replay.clears.isEmpty, "\(replay.table)")
    }

    /// A person crossing 1.2 m ahead of a standing walker: one alert while they are in
    /// the way, one clear once they have passed and the far wall is all that is ahead.
    @Test func aPersonCrossingAlertsThenClears() throws {
        let replay = try SceneReplay("person-crossing", ["--tilt", "15", "--duration", "3.5", "--block", "8"])
        #expect(replay.alerts.count == 1, "\(replay.table)")
        #expect(replay.clears.count == 1, "\(replay.table)")
        let alertStep = replay.steps.first { $0.events.contains { if case .alert = $0 { return true }; return false } }
        #expect(alertStep?.truth.nearestObstacle == "person", "\(replay.table)")
        let clearStep = replay.steps.first { $0.events.contains { if case .clear = $0 { return true }; return false } }
        #expect((clearStep?.truth.nearestObstacleMetres ?? 0) > AwarenessEngine.alertLeaveMetres, "\(replay.table)")
    }
}
