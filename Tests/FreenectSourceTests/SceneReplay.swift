import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// A scene played through FreenectSource under fakenect, then through the real depth
/// reduction and awareness engine, frame by frame beside the scene's ground truth.
struct SceneReplay {
    struct Step {
        var truth: SyntheticScene.Truth.Frame
        var outcome: DepthReduction.Outcome
        var events: [AwarenessEvent]
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    let scene: SyntheticScene
    let steps: [Step]

    /// Session time is the recorded time of each frame (from the ground truth), so the
    /// engine's 2 s and band intervals follow the walk, not how fast this machine replays.
    init(_ name: String, _ arguments: [String]) throws {
        scene = try SyntheticScene(name, arguments)
        let source = try Fakenect.source(scene)
        try source.start()
        defer { source.stop() }
        let reducer = DepthReducer()
        var engine = AwarenessEngine()
        var steps: [Step] = []
        reading: while true {
            switch try source.next(timeoutMilliseconds: 2000) {
            case .frame(let frame):
                guard case .depth(let map) = frame.content else { throw Mismatch(description: "a records frame from a depth camera") }
                guard steps.count < scene.truth.frames.count else {
                    throw Mismatch(description: "more frames than the \(scene.truth.frames.count) the recording holds")
                }
                let truth = scene.truth.frames[steps.count]
                let outcome = reducer.reduce(map)
                steps.append(Step(truth: truth, outcome: outcome, events: engine.feed(outcome, at: truth.time)))
            case .timedOut: continue
            case .endOfStream: break reading
            }
        }
        guard steps.count == scene.truth.frames.count else {
            throw Mismatch(description: "\(steps.count) frames arrived of the \(scene.truth.frames.count) recorded")
        }
        self.steps = steps
    }

    var events: [AwarenessEvent] { steps.flatMap(\.events) }

    var alerts: [AwarenessEvent] { events.filter { if case .alert = $0 { return true }; return false } }

    var clears: [AwarenessEvent] { events.filter { if case .clear = $0 { return true }; return false } }

    /// "time: outcome vs truth" lines, for a failure message a person can read.
    var table: String {
        steps.map { step in
            let measured = step.outcome.reading.map { String(format: "%.2f%@", $0.nearestMetres, $0.namedSide.map { " \($0)" } ?? "") } ?? "\(step.outcome)"
            let truth = step.truth.nearestObstacleMetres.map { String(format: "%.2f %@", $0, step.truth.nearestObstacle ?? "") } ?? "none"
            return String(format: "%.1f s: ", step.truth.time) + "\(measured) | truth \(truth) | \(step.events)"
        }.joined(separator: "\n")
    }
}
