import Foundation
import SenseBridgeHost
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Testing

/// The settings file: defaults, migration, corruption kept aside, other keys kept.
@Suite struct SettingsFileTests {
    let directory: TemporaryDirectory
    let file: SettingsFile

    init() throws {
        directory = try TemporaryDirectory()
        file = SettingsFile(url: directory.file("sensebridge/settings.json"))
    }

    @Test func noFileMeansDefaultsThatSendNothing() {
        let loaded = file.load()
        #expect(!loaded.fileExists && loaded.problem == nil)
        #expect(loaded.settings == ReasoningSettings())
        #expect(loaded.settings.reasoningBackend == .onDevice && loaded.settings.termsAcknowledgements.isEmpty)
    }

    @Test func aFileFromTheOlderVersionMigratesWithoutTurningAnythingOn() throws {
        try directory.write("sensebridge/settings.json", #"{"cloudReasoningEnabled": true, "readingHistoryEnabled": false}"#)
        let loaded = file.load()
        #expect(loaded.problem == nil)
        #expect(loaded.legacyCloudWasOn)
        #expect(loaded.settings.reasoningBackend == .onDevice)
        if case .onDevice = ConsentGate.evaluate(loaded.settings, environment: [:]) {} else { Issue.record("legacy flag enabled the network") }
        try file.save(loaded.settings, otherKeys: loaded.otherKeys, replacing: loaded)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        #expect(!text.contains("cloudReasoningEnabled"))
        #expect(text.contains("readingHistoryEnabled"))
    }

    @Test func missingKeysMeanNotConsented() throws {
        try directory.write("sensebridge/settings.json", #"{"reasoningBackend": "cloud", "cloudProvider": "anthropic"}"#)
        let loaded = file.load()
        #expect(loaded.problem == nil && loaded.settings.reasoningBackend == .cloud)
        #expect(ConsentGate.evaluate(loaded.settings, environment: [:]).consent == nil)
    }

    @Test(arguments: [
        ("{ not json", "is not valid JSON (Invalid value around character 2.)"),
        ("[1, 2]", "is not a JSON object"),
        (#"{"reasoningBackend": "quantum"}"#, "\"reasoningBackend\" has the unknown value 'quantum'"),
        (#"{"requestsPerHour": "lots"}"#, "\"requestsPerHour\" must be a whole number"),
        (#"{"termsAcknowledgements": [{"provider": "acme"}]}"#, "\"termsAcknowledgements[0].provider\" has the unknown value 'acme'"),
        (#"{"cloudReasoningEnabled": "yes"}"#, "\"cloudReasoningEnabled\" must be true or false"),
    ])
    func aCorruptFileIsReportedTheDefaultsApplyAndItIsKeptAside(text: String, reason: String) throws {
        try directory.write("sensebridge/settings.json", text)
        let loaded = file.load()
        let problem = try #require(loaded.problem)
        #expect(problem.path == file.url.path)
        #expect(problem.reason.contains(reason))
        #expect(problem.description.contains("default settings"))
        #expect(loaded.settings == ReasoningSettings())
        // Loading never touched it.
        #expect(try String(contentsOf: file.url, encoding: .utf8) == text)
        var settings = loaded.settings
        _ = try settings.set("requestsPerHour", to: "10")
        let notes = try file.save(settings, otherKeys: loaded.otherKeys, replacing: loaded)
        let aside = try FileManager.default.contentsOfDirectory(atPath: file.url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("settings.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(notes.count == 1 && notes[0].contains(aside[0]))
        let kept = file.url.deletingLastPathComponent().appendingPathComponent(aside[0])
        #expect(try String(contentsOf: kept, encoding: .utf8) == text)
        #expect(file.load().settings.requestsPerHour == 10)
    }

    @Test func roundTripKeepsEverythingAndOtherKeys() throws {
        try directory.write("sensebridge/settings.json", #"{"speechRate": 180, "futureThing": {"a": [1, 2]}}"#)
        let loaded = file.load()
        var settings = loaded.settings
        _ = try settings.set("reasoningBackend", to: "local-endpoint")
        _ = try settings.set("localEndpointURL", to: "http://10.0.0.2:8080/v1")
        _ = try settings.set("localEndpointModel", to: "qwen2.5:3b")
        _ = try settings.set("cloudProvider", to: "nvidia-nim")
        _ = try settings.set("requestsPerSession", to: "100")
        settings.termsAcknowledgements = [
            TermsAcknowledgement(scope: .localEndpoint("http://10.0.0.2:8080/v1"), acknowledgedAt: "2026-08-11T10:00:00Z", unencryptedAccepted: true),
            TermsAcknowledgement(scope: .cloud(.nvidiaNIM), acknowledgedAt: "2026-08-11T10:01:00Z"),
        ]
        try file.save(settings, otherKeys: loaded.otherKeys, replacing: loaded)
        let again = file.load()
        #expect(again.problem == nil)
        #expect(again.settings == settings)
        #expect(again.otherKeys["speechRate"] == .number(180))
        #expect(again.otherKeys["futureThing"] == .object(["a": .array([.number(1), .number(2)])]))
    }
}
