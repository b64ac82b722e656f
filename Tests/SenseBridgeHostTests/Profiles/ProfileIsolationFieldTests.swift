import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A profile's plugin reference may say how the plugin runs and how much memory its
/// runner may use; a value that does not fit names the profile file and the field.
@Suite struct ProfileIsolationFieldTests {
    func profile(target: String) throws -> (URL, Result<OutputProfile, Error>) {
        let directory = try TemporaryDirectory()
        let url = try directory.write("mine.json", """
        {"schema": "sensebridge.output-profile/1", "name": "mine", "composer": {"id": "org.sensebridge.label-list", "isolation": "process"},
         "renderTargets": [\(target)]}
        """)
        return (url, Result { try ProfileReader.read(url) })
    }

    @Test func isolationAndMemoryLimitAreCarried() throws {
        let (_, result) = try profile(target: #"{"id": "org.example.braille", "isolation": "in-process", "memoryLimitMiB": 256}, "org.sensebridge.haptic-log""#)
        let read = try result.get()
        #expect(read.composer.isolation == .process)
        #expect(read.composer.memoryLimitMiB == nil)
        #expect(read.renderTargets[0] == .init(id: "org.example.braille", isolation: .inProcess, memoryLimitMiB: 256))
        #expect(read.renderTargets[1].isolation == nil && read.renderTargets[1].memoryLimitMiB == nil)
        // The fallback defaults to the composer, choice of isolation included.
        #expect(read.fallbackComposer.isolation == .process)
    }

    @Test(arguments: [
        (#"{"id": "a.b", "isolation": "sandboxed"}"#, #"field "renderTargets[0].isolation" must be "process" or "in-process", not "sandboxed"."#),
        (#"{"id": "a.b", "isolation": 1}"#, #"field "renderTargets[0].isolation" must be "process" or "in-process", not 1."#),
        (#"{"id": "a.b", "memoryLimitMiB": 0}"#, #"field "renderTargets[0].memoryLimitMiB" must be a whole number of MiB from 1 to 1048576, not 0."#),
        (#"{"id": "a.b", "memoryLimitMiB": -64}"#, "not -64."),
        (#"{"id": "a.b", "memoryLimitMiB": 1.5}"#, "not 1.5."),
        (#"{"id": "a.b", "memoryLimitMiB": "256"}"#, #"not "256"."#),
        (#"{"id": "a.b", "memoryLimitMiB": 1e300}"#, "memoryLimitMiB\" must be a whole number"),
    ])
    func badValuesNameTheFileAndTheField(_ target: String, _ expected: String) throws {
        let (url, result) = try profile(target: target)
        guard case .failure(let error) = result, let problem = error as? ProfileProblem else {
            Issue.record("accepted \(target)")
            return
        }
        #expect(problem.path == url.path)
        #expect(problem.description.hasPrefix(url.path + ": "))
        #expect(problem.reason.contains(expected), "\(problem.reason)")
    }
}
