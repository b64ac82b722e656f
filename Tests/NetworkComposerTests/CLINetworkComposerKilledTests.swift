import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// The network composer's runner killed by SIGSEGV in the middle of a walk, through the
/// real binary with `--isolate`: the walk goes on to its summary, the composer is restarted
/// at its next call, what was captioned before stays, and no runner outlives the walk.
/// One failed call is the network path's single failure, composed on-device and not said
/// (`NetworkRouter`: two in a row trip the breaker, and that is said once each way).
@Suite struct CLINetworkComposerKilledTests {
    let home: TemporaryDirectory
    let server: LLMTestServer
    let recording: URL

    init() throws {
        home = try TemporaryDirectory()
        server = try LLMTestServer()
        _ = try RepositoryPaths.stagedManifest("network-composer.json")
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        // A scene that changes every two seconds, so there is something new to compose
        // after the kill (an unchanged scene is not described again).
        let scenes = [("chair", "table"), ("door", "lamp"), ("bed", "sofa")]
        for (tick, time) in ([0] + (0..<10).map({ 0.01 + Double($0) * 1.01 })).enumerated() {
            let (first, second) = scenes[(tick / 2) % scenes.count]
            lines.append(#"{"time": \#(String(format: "%.2f", time)), "records": [{"kind": "object", "label": "\#(first)", "confidence": 0.9}, {"kind": "object", "label": "\#(second)", "confidence": 0.85}]}"#)
        }
        recording = try home.write("walk.recording.jsonl", lines.joined(separator: "\n") + "\n")
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path])
    }

    var captions: String {
        let file = (try? String(contentsOf: home.file("out/captions.vtt"), encoding: .utf8)) ?? ""
        return file.split(separator: "\n").filter { !$0.contains("-->") && $0 != "WEBVTT" }.joined(separator: " ")
    }

    @Test func aWalkGoesOnWhenTheNetworkComposersRunnerIsKilled() throws {
        try server.script(Array(repeating: "ok", count: 40))
        #expect(try cli(["settings", "set", "localEndpointURL", server.baseURL("script")]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        #expect(try cli(["settings", "set", "reasoningBackend", "local-endpoint"]).status == 0)
        // At the recording's own pace (10 s, a description a second), so the kill after the
        // first description leaves moments for the loss and the return to be said in.
        let session = try KilledSession(["walk", "--recording", recording.path, "--narration-interval", "1", "--isolate",
                                         "--profile", "deaf", "--output", home.file("out").path],
                                        home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path])
        let killed = session.kill("org.sensebridge.network-composer", after: { $0.contains(" description ") })
        let ended = session.end()
        #expect(killed > 0, "no runner of the network composer was found: \(ended.standardError)")
        #expect(ended.status == 0, "\(ended.standardError)")
        #expect(ended.standardOutput.contains("This session ran for"), "\(ended.standardOutput)")
        // The moment the crash cost was composed on-device; the next call started a new runner.
        #expect(ended.standardError.components(separatedBy: "isolation.runner-restarted plugin=org.sensebridge.network-composer").count == 2,
                "\(ended.standardError)")
        let described = ended.standardOutput.split(separator: "\n").filter { $0.contains(" description ") }
        #expect(described.count > session.printedBeforeKill.split(separator: "\n").filter { $0.contains(" description ") }.count,
                "the walk describes after the kill: \(ended.standardOutput)")
        for line in session.printedBeforeKill.split(separator: "\n") where line.contains(" description ") {
            let sentence = line.components(separatedBy: " description ").last!.trimmingCharacters(in: .whitespaces)
            #expect(captions.contains(sentence), "described before the kill, lost: \(sentence)")
        }
        #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind")
    }
}
