import Foundation
import SenseBridgeRepositoryTesting

/// One scene written by scripts/make-fakenect-scene.py into a fresh directory at test
/// time, with the ground truth the script wrote beside it (docs/SYNTHETIC_SCENES.md).
struct SyntheticScene {
    struct Truth: Decodable {
        struct Zones: Decodable {
            var left: Double?
            var centre: Double?
            var right: Double?
        }

        struct Frame: Decodable {
            var frame: Int
            var time: Double
            var nearestObstacleMetres: Double?
            var nearestObstacle: String?
            var zonesMetres: Zones
            var glassFractionOfCentre: Double
            var pitchDownDegrees: Double
        }

        var scene: String
        var frames: [Frame]
    }

    struct GenerationFailed: Error, CustomStringConvertible {
        var description: String
    }

    static let script = RepositoryPaths.root.appendingPathComponent("scripts/make-fakenect-scene.py")

    let directory: TemporaryDirectory
    let truth: Truth
    /// The recording itself: FAKENECT_PATH.
    var recording: URL { directory.url.appendingPathComponent("recording") }

    /// Runs the script the way a person would; its failure is this test's, with its words.
    init(_ scene: String, _ arguments: [String] = []) throws {
        directory = try TemporaryDirectory("sensebridge-scene")
        let output = directory.url.appendingPathComponent("recording").path
        let result = try ProcessRunner.run("/usr/bin/python3", [Self.script.path, scene, output] + arguments, timeout: 300)
        guard result.status == 0, !result.timedOut else {
            throw GenerationFailed(description: "\(Self.script.lastPathComponent) \(scene) \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError)")
        }
        let data = try Data(contentsOf: directory.url.appendingPathComponent("recording/ground-truth.json"))
        truth = try JSONDecoder().decode(Truth.self, from: data)
    }
}
