import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import Testing
@testable import SenseBridgeHost

/// Invariant 10 at the worker: the interrupt an alert calls for is bound to the routine
/// render it was decided against. That render may not have reached its call yet when
/// the interrupt goes out, or may have ended on its own and the alert begun: the first
/// must still be cut off, the alert never. The backend is stepped by the test, so each
/// of those moments is reached for certain, not by timing.
@Suite struct TargetWorkerInterruptTests {
    /// A target whose renders go only as far as the test lets them: each waits to reach
    /// its call (the way from the worker to the plugin: a call thread, a runner), then
    /// plays until the test ends it or its interruption cuts it off.
    /// Unchecked Sendable: `condition` guards everything mutable.
    final class SteppedTarget: RenderBackend, @unchecked Sendable {
        enum Stage: Int, Comparable {
            case arrived, called, ended
            static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }
        }

        enum Outcome: Equatable {
            case finished, cutOff, cutBeforeItsCall
        }

        private let condition = NSCondition()
        private var reached: [String: Stage] = [:]
        private var allowed: [String: Stage] = [:]
        private var cut: Set<String> = []
        private var outcomes: [String: Outcome] = [:]

        func render(_ call: RunnerRequest.RenderCall, deadline: UInt64, interruption: RenderInterruption?) throws {
            let text = String(decoding: call.text, as: UTF8.self)
            step(text, to: .arrived)
            guard interruption?.begin({ [self] in condition.withLock { cut.insert(text); condition.broadcast() } }) ?? true else {
                condition.withLock { outcomes[text] = .cutBeforeItsCall }
                throw RenderInterruption.cancelled(pluginID: "org.example.stepped")
            }
            defer { interruption?.end() }
            condition.withLock {
                reached[text] = .called
                condition.broadcast()
            }
            let wasCut = condition.withLock { () -> Bool in
                let limit = Date(timeIntervalSinceNow: 10)
                while (allowed[text] ?? .arrived) < .ended && !cut.contains(text) && condition.wait(until: limit) {}
                outcomes[text] = cut.contains(text) ? .cutOff : .finished
                return cut.contains(text)
            }
            if wasCut { throw RenderInterruption.cancelled(pluginID: "org.example.stepped") }
        }

        /// Cuts off whatever plays now: the worker never asks that of its target.
        func interrupt() {}

        /// Records that `text` reached `stage`, then waits until it may go past it.
        private func step(_ text: String, to stage: Stage) {
            condition.withLock {
                reached[text] = stage
                condition.broadcast()
                let limit = Date(timeIntervalSinceNow: 10)
                while (allowed[text] ?? .arrived) <= stage && condition.wait(until: limit) {}
            }
        }

        func allow(_ text: String, past stage: Stage) {
            condition.withLock {
                allowed[text] = Stage(rawValue: stage.rawValue + 1)
                condition.broadcast()
            }
        }

        func waitFor(_ text: String, toReach stage: Stage) -> Bool {
            condition.withLock {
                let limit = Date(timeIntervalSinceNow: 10)
                while (reached[text].map { $0 < stage } ?? true) { guard condition.wait(until: limit) else { return false } }
                return true
            }
        }

        var said: [String: Outcome] { condition.withLock { outcomes } }
    }

    let stepped = SteppedTarget()
    let worker: TargetWorker
    static let reading = OutputMessage(signal: .readingSegment, text: "reading")
    static let alert = OutputMessage(signal: .awarenessAlert, text: "obstacle", isUrgent: true)

    init() {
        worker = TargetWorker(name: "speech", target: TargetRestartTests.instance(stepped, id: "org.example.stepped"),
                              onFailure: { _, _, _ in })
    }

    @Test func aRoutineRenderInterruptedOnItsWayToItsCallIsCutOffThere() throws {
        worker.enqueue(Self.reading)
        try #require(stepped.waitFor("reading", toReach: .arrived))
        let interrupt = try #require(worker.queue(Self.alert), "an alert interrupts a routine render in progress")
        interrupt.fire()
        stepped.allow("reading", past: .arrived)
        stepped.allow("obstacle", past: .called)
        #expect(worker.drain(until: Date(timeIntervalSinceNow: 10)))
        #expect(stepped.said == ["reading": .cutBeforeItsCall, "obstacle": .finished])
        _ = worker.stop()
    }

    @Test func anInterruptThatGoesOutAfterItsRenderEndedNeverCutsOffTheAlert() throws {
        worker.enqueue(Self.reading)
        stepped.allow("reading", past: .arrived)
        try #require(stepped.waitFor("reading", toReach: .called))
        let interrupt = try #require(worker.queue(Self.alert))
        // The reading ends on its own, and the alert begins, before the interrupt goes out.
        stepped.allow("reading", past: .called)
        stepped.allow("obstacle", past: .arrived)
        try #require(stepped.waitFor("obstacle", toReach: .called))
        interrupt.fire()
        stepped.allow("obstacle", past: .called)
        #expect(worker.drain(until: Date(timeIntervalSinceNow: 10)))
        #expect(stepped.said == ["reading": .finished, "obstacle": .finished])
        _ = worker.stop()
    }
}
