import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// Where the real binary runs the shipped plugins: in a runner each, unless the command
/// line asks for in process. The runner the CLI starts is a wrapper that writes down the
/// plugin it serves (the host names it in each runner's environment) and then becomes
/// the real runner, so what ran where is read from what actually started.
@Suite struct CLIDefaultIsolationTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory
    let started: URL
    let wrapper: URL

    init() throws {
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
        started = home.file("started.txt")
        wrapper = try home.writeScript("runner.sh", """
        #!/bin/sh
        echo "$SENSEBRIDGE_RUNNER_PLUGIN" >> '\(started.path)'
        exec '\(RepositoryPaths.runner.path)' "$@"

        """)
    }

    /// `describe` of the kitchen sample through the deaf profile: captions and haptics, in files.
    func describe(_ extra: [String]) throws -> (result: ProcessRunner.Result, runners: [String]) {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        let result = try ProcessRunner.cli(["describe", "--records", sample.path, "--profile", "deaf", "--output", output.url.path] + extra,
                                           home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_RUNNER": wrapper.path])
        let runners = ((try? String(contentsOf: started, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return (result, runners)
    }

    @Test func aDefaultDescribeRunsItsComposerAndTargetsInRunners() throws {
        let (result, runners) = try describe([])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("It looks like there's a chair and a door."))
        #expect(runners.contains("org.sensebridge.label-list"), "\(runners)")
        #expect(runners.contains("org.sensebridge.haptic-log"), "\(runners)")
    }

    @Test(arguments: [["--in-process", "all"], ["--in-process", "org.sensebridge.label-list"]])
    func inProcessKeepsWhatItNamesOutOfRunners(_ option: [String]) throws {
        let (result, runners) = try describe(option)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("It looks like there's a chair and a door."))
        #expect(!runners.contains("org.sensebridge.label-list"), "\(runners)")
        // Only what it names: the haptic log still runs in a runner when one id is named.
        #expect(runners.contains("org.sensebridge.haptic-log") == (option.last != "all"), "\(runners)")
    }
}
