import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

@Suite struct DepthReductionTests {
    /// The nearest wall sample inside the region of interest, from the scene's own labels.
    static func nearestWall(_ scene: SyntheticDepthScene) -> Double {
        let (map, surfaces) = scene.render()
        let start = map.width / 4, end = map.width - start
        var nearest = Double.infinity
        for v in 0..<map.height {
            for u in start..<end where surfaces[v * map.width + u] == .wall {
                nearest = min(nearest, Double(map.depth(x: u, y: v)))
            }
        }
        return nearest
    }

    @Test(arguments: [5.0, 20.0, 30.0, 35.0])
    func theFloorIsRejectedAtAnyPitchAndTheWallIsMeasured(_ pitch: Double) throws {
        let scene = SyntheticDepthScene(pitchDegrees: pitch, wall: 4)
        let (map, surfaces) = scene.render()
        #expect(surfaces.contains(.floor) && surfaces.contains(.wall), "floor and wall must both be in view for this test to mean anything")
        let reading = try #require(DepthReduction.reduce(map).reading)
        let expected = Self.nearestWall(scene)
        // The floor is nearer than the wall in every one of these views; had it leaked
        // through, the reading would be the floor's distance.
        let nearestFloor = zip(map.metres, surfaces).filter { $0.1 == .floor }.map { Double($0.0) }.min()!
        #expect(nearestFloor < expected)
        #expect(abs(reading.nearestMetres - expected) < 1e-4, "pitch \(pitch): \(reading.nearestMetres) vs wall \(expected)")
    }

    @Test(arguments: [10.0, 20.0, 35.0])
    func aBoxStandingOnTheFloorSurvives(_ pitch: Double) throws {
        let scene = SyntheticDepthScene(pitchDegrees: pitch, wall: 6, boxes: [(x: -0.35...0.35, top: 0.5, near: 1.5, depth: 0.5)])
        let reading = try #require(DepthReduction.reduce(scene.render().map).reading)
        // The box's front face is 1.5 m ahead (the sensor's depth is a little more at a
        // pitch); the wall is 6 m away.
        #expect(reading.nearestMetres > 1.0 && reading.nearestMetres < 2.5, "\(reading.nearestMetres)")
    }

    @Test func aLowKerbBelowTheClearanceIsFloorButAStepAboveItIsNot() throws {
        let kerb = SyntheticDepthScene(pitchDegrees: 30, wall: nil, boxes: [(x: -2...2, top: 0.05, near: 2, depth: 0.3)])
        #expect(DepthReduction.reduce(kerb.render().map) == .couldNotMeasure(.onlyFloor))
        let step = SyntheticDepthScene(pitchDegrees: 30, wall: nil, boxes: [(x: -2...2, top: 0.2, near: 2, depth: 0.3)])
        #expect(DepthReduction.reduce(step.render().map).reading != nil)
    }

    /// Steep enough that the wall's visible foot is within the clearance: floor too.
    @Test func theFootOfAWallIsFloor() {
        #expect(DepthReduction.reduce(SyntheticDepthScene(pitchDegrees: 40, wall: 4).render().map) == .couldNotMeasure(.onlyFloor))
    }

    @Test(arguments: [15.0, 30.0, 60.0])
    func onlyFloorIsCouldNotMeasureNeverClear(_ pitch: Double) {
        let scene = SyntheticDepthScene(pitchDegrees: pitch, wall: nil)
        #expect(DepthReduction.reduce(scene.render().map) == .couldNotMeasure(.onlyFloor))
    }

    /// A pose off by 1° in pitch (twice the accelerometer's noise, as single frames get)
    /// tilts the reconstructed floor down with distance: 16 cm lower at the wall 9 m away
    /// than under the walker. With the floor level taken over the whole view, that far
    /// floor set it, and the floor within 2 m came through the 10 cm clearance as the
    /// nearest obstacle; taken from the floor within `floorTrustedRange`, it does not.
    @Test(arguments: [20.0, 25.0, 30.0])
    func aSmallPitchErrorDoesNotLetTheNearFloorThrough(_ pitch: Double) throws {
        var scene = SyntheticDepthScene(width: 256, height: 192, pitchDegrees: pitch, wall: 9)
        scene.posePitchErrorDegrees = 1
        let (map, surfaces) = scene.render()
        let expected = Self.nearestWall(scene)
        let nearestFloor = zip(map.metres, surfaces).filter { $0.1 == .floor }.map { Double($0.0) }.min()!
        #expect(nearestFloor < 2, "the floor under the walker must be in view for this test to mean anything")
        let reading = try #require(DepthReduction.reduce(map).reading)
        #expect(abs(reading.nearestMetres - expected) < 1e-3, "pitch \(pitch)°: \(reading.nearestMetres) m, the wall is at \(expected) m")
    }

    /// The same error the other way raises the far floor instead: beyond about 7 m it
    /// rises above the clearance and is read as the nearest thing, far outside alerting
    /// range (the former whole-view level did the same). Pinned so a change is seen.
    @Test(arguments: [20.0, 30.0])
    func aPitchErrorTheOtherWayLetsOnlyTheFarFloorThrough(_ pitch: Double) throws {
        var scene = SyntheticDepthScene(width: 256, height: 192, pitchDegrees: pitch, wall: 9)
        scene.posePitchErrorDegrees = -1
        let reading = try #require(DepthReduction.reduce(scene.render().map).reading)
        #expect(reading.nearestMetres > 6, "pitch \(pitch)°: \(reading.nearestMetres) m")
        #expect(reading.nearestMetres <= Self.nearestWall(scene) + 1e-3)
    }

    /// A level mount 1.5 m up sees no floor within `floorTrustedRange` (it begins 3.5 m
    /// ahead): the floor farther away still sets the level, raised by its allowance by
    /// a few centimetres, so a 0.2 m step survives and floor alone is still unmeasured.
    @Test func withNoFloorWithinTheTrustedRangeTheFartherFloorSetsTheLevel() throws {
        var step = SyntheticDepthScene(width: 256, height: 192, pitchDegrees: 0, wall: nil,
                                       boxes: [(x: -2...2, top: 0.2, near: 4.5, depth: 0.3)])
        step.cameraHeight = 1.5
        let reading = try #require(DepthReduction.reduce(step.render().map).reading)
        #expect(abs(reading.nearestMetres - 4.5) < 0.01, "\(reading.nearestMetres)")
        var floor = SyntheticDepthScene(width: 256, height: 192, pitchDegrees: 0, wall: nil)
        floor.cameraHeight = 1.5
        #expect(DepthReduction.reduce(floor.render().map) == .couldNotMeasure(.onlyFloor))
    }

    @Test func withoutIntrinsicsTheFrameIsUnmeasured() {
        var map = SyntheticDepthScene(wall: 1).render().map
        map.intrinsics = nil
        #expect(DepthReduction.reduce(map) == .couldNotMeasure(.noIntrinsics))
    }

    @Test func unusableSamplesAreIgnored() throws {
        let scene = SyntheticDepthScene(pitchDegrees: 20, wall: 3)
        var (map, surfaces) = scene.render()
        var generator = SystemRandomNumberGenerator()
        let junk: [Float] = [.nan, 0, -1, .infinity, -.infinity, 1e30]
        for index in map.metres.indices where Int.random(in: 0..<3, using: &generator) == 0 && surfaces[index] != .wall {
            map.metres[index] = junk.randomElement(using: &generator)!
            surfaces[index] = .none
        }
        let reading = try #require(DepthReduction.reduce(map).reading)
        #expect(abs(reading.nearestMetres - Self.nearestWall(scene)) < 1e-4)
    }

    @Test func noUsableSampleIsCouldNotMeasure() {
        let scene = SyntheticDepthScene(wall: 2)
        var map = scene.render().map
        map.metres = map.metres.map { _ in .nan }
        #expect(DepthReduction.reduce(map) == .couldNotMeasure(.noValidSamples))
    }

    @Test func oneSpuriousReturnBelowTheFloorDoesNotLetTheFloorThrough() {
        let scene = SyntheticDepthScene(pitchDegrees: 30, wall: nil)
        var map = scene.render().map
        // A single sample 9 m away at the bottom row: 9 m along a downward ray is far
        // below the floor, as a reflection gives.
        map.metres[(map.height - 1) * map.width + map.width / 2] = 9
        #expect(DepthReduction.reduce(map) == .couldNotMeasure(.onlyFloor))
    }

    @Test func anObstacleOffToOneSideNamesThatSideOnlyWhenEarned() throws {
        // A pole on the left, nearer than the wall ahead by far more than the margin,
        // but outside the region of interest: the spoken distance is the wall's, and
        // the pole must not lend its side to it.
        let pole = SyntheticDepthScene(pitchDegrees: 20, wall: 4, boxes: [(x: -1.6 ... -1.2, top: 2.5, near: 2.2, depth: 0.2)])
        let reading = try #require(DepthReduction.reduce(pole.render().map).reading)
        #expect(reading.zones.left.map { $0 < 3 } == true, "\(reading.zones)")
        #expect(reading.namedSide == nil)
        // A wall across the frame names no side either.
        let wall = try #require(DepthReduction.reduce(SyntheticDepthScene(pitchDegrees: 0, wall: 2).render().map).reading)
        #expect(wall.namedSide == nil)
    }
}

@Suite struct ZoneReadingTests {
    @Test func aSideIsNamedWhenNearerByTheMarginWithAMeasuredCentreAndAgreement() {
        #expect(ZoneReading(left: 1.0, centre: 2.0, right: 3.0).namedSide(spokenDistance: 1.2) == .left)
        #expect(ZoneReading(left: 3.0, centre: 2.0, right: 1.5).namedSide(spokenDistance: 1.5) == .right)
    }

    @Test func aSideIsNotNamedOtherwise() {
        // Within the margin.
        #expect(ZoneReading(left: 1.0, centre: 1.3, right: 3.0).namedSide(spokenDistance: 1.0) == nil)
        // No measured centre: a glass door ahead returns no depth.
        #expect(ZoneReading(left: 1.0, centre: nil, right: 3.0).namedSide(spokenDistance: 1.0) == nil)
        // A single resolved zone.
        #expect(ZoneReading(left: 1.0, centre: nil, right: nil).significantZone == nil)
        // Disagrees with the spoken distance by more than 0.5 m.
        #expect(ZoneReading(left: 1.0, centre: 2.0, right: 3.0).namedSide(spokenDistance: 1.6) == nil)
        // The centre is the significant zone: that is "ahead", no side.
        #expect(ZoneReading(left: 3.0, centre: 1.0, right: 3.0).namedSide(spokenDistance: 1.0) == nil)
    }
}
