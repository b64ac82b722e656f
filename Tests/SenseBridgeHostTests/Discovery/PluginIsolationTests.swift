import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// Where a plugin runs: every row of the rule, and the one thing a manifest may never
/// do (let its plugin in), shipped or not.
@Suite struct PluginIsolationTests {
    static let id = "org.sensebridge.espeak"
    static let requests: [PluginIsolation?] = [nil] + PluginIsolation.allCases.map(Optional.some)
    /// Every command line that leaves `id` to the profile and the default.
    static let leavingIt: [CommandLineIsolation] = [.unspecified, .inProcess([]), .inProcess(["org.example.other"])]

    func decide(manifest: PluginIsolation? = nil, profile: PluginIsolation? = nil,
                commandLine: CommandLineIsolation = .unspecified) -> IsolationDecision {
        IsolationDecision.decide(pluginID: Self.id, manifest: manifest, profileEntry: profile, commandLine: commandLine)
    }

    /// The whole table: each combination and the row that decides it.
    @Test func theFirstRowThatAppliesDecides() {
        for manifest in Self.requests {
            for profile in Self.requests {
                let label = "manifest \(String(describing: manifest)), profile \(String(describing: profile))"
                #expect(decide(manifest: manifest, profile: profile, commandLine: .isolateAll)
                    == IsolationDecision(isolation: .process, cause: .isolateAll), "\(label)")
                #expect(decide(manifest: manifest, profile: profile, commandLine: .everyPluginInProcess)
                    == IsolationDecision(isolation: .inProcess, cause: .inProcessOption), "\(label)")
                #expect(decide(manifest: manifest, profile: profile, commandLine: .inProcess([Self.id, "org.example.other"]))
                    == IsolationDecision(isolation: .inProcess, cause: .inProcessOption), "\(label)")
                for commandLine in Self.leavingIt {
                    let expected: IsolationDecision
                    switch (profile, manifest) {
                    case (let profile?, _): expected = IsolationDecision(isolation: profile, cause: .profile)
                    case (nil, .process?): expected = IsolationDecision(isolation: .process, cause: .manifest)
                    case (nil, .inProcess?): expected = IsolationDecision(isolation: .process, cause: .manifestIgnored)
                    case (nil, nil): expected = IsolationDecision(isolation: .process, cause: .byDefault)
                    }
                    #expect(decide(manifest: manifest, profile: profile, commandLine: commandLine) == expected,
                            "\(label), \(commandLine)")
                }
            }
        }
    }

    @Test func byDefaultEveryPluginRunsInItsOwnProcess() {
        let decision = decide()
        #expect(decision.isolation == .process)
        #expect(decision.reason == "every plugin runs in its own process by default")
    }

    /// A manifest is written by the plugin's author, the one party isolation exists not
    /// to trust; a plugin the host ships is no exception.
    @Test func aManifestAskingToRunInProcessIsIgnoredAndTheReasonSaysSo() {
        let decision = decide(manifest: .inProcess)
        #expect(decision.isolation == .process)
        #expect(decision.reason.contains("its manifest's \"in-process\" is ignored"))
        #expect(decision.reason.contains("only a profile or --in-process can ask for that"))
        #expect(decide(manifest: .process).reason == "its manifest asks for its own process")
    }

    @Test func eachReasonNamesWhatDecided() {
        #expect(decide(commandLine: .isolateAll).reason.hasPrefix("--isolate "))
        #expect(decide(commandLine: .everyPluginInProcess).reason.hasPrefix("--in-process "))
        #expect(decide(profile: .inProcess).reason == "the profile asks for \"isolation\": \"in-process\"")
        #expect(decide(profile: .process).reason == "the profile asks for \"isolation\": \"process\"")
        let reasons = Set(IsolationDecision.Cause.allCases.map { IsolationDecision(isolation: .process, cause: $0).reason })
        #expect(reasons.count == IsolationDecision.Cause.allCases.count, "no two causes read alike")
    }

    // MARK: - Through the catalog: where a manifest was found no longer matters

    @discardableResult
    func writePlugin(in directory: TemporaryDirectory, name: String, id: String, isolation: String? = nil) throws -> URL {
        try directory.write("lib\(name).so", "manifests never open it")
        var fields: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": id, "kind": "render-target", "version": "1.0.0",
            "abi": ["major": 1, "minor": 0], "library": "lib\(name).so", "displayName": ["en": name],
        ]
        if let isolation { fields["isolation"] = isolation }
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return try directory.write("\(name).json", String(decoding: data, as: UTF8.self))
    }

    @Test func shippedAndInstalledPluginsArePlacedAlike() throws {
        let user = try TemporaryDirectory(), build = try TemporaryDirectory(), prefix = try TemporaryDirectory()
        try writePlugin(in: user, name: "theirs", id: "org.example.theirs", isolation: "in-process")
        try writePlugin(in: build, name: "ours", id: "org.sensebridge.ours", isolation: "in-process")
        try writePlugin(in: prefix, name: "plain", id: "org.sensebridge.plain")
        let registry = try TemporaryDirectory()
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [
            .init(directory: user.url, origin: .userData), .init(directory: build.url, origin: .build),
            .init(directory: prefix.url, origin: .installPrefix),
        ]), registry: BrokenPluginRegistry(directory: registry.url))
        func decision(_ id: String, commandLine: CommandLineIsolation = .unspecified) throws -> IsolationDecision {
            IsolationDecision.decide(for: try #require(catalog.manifest(id: id)), profileEntry: nil, commandLine: commandLine)
        }
        #expect(try decision("org.example.theirs") == IsolationDecision(isolation: .process, cause: .manifestIgnored))
        #expect(try decision("org.sensebridge.ours") == IsolationDecision(isolation: .process, cause: .manifestIgnored))
        #expect(try decision("org.sensebridge.plain") == IsolationDecision(isolation: .process, cause: .byDefault))
        #expect(try decision("org.sensebridge.plain", commandLine: .inProcess(["org.sensebridge.plain"])).isolation == .inProcess)
        #expect(try decision("org.sensebridge.ours", commandLine: .inProcess(["org.sensebridge.plain"])).isolation == .process)
    }
}
