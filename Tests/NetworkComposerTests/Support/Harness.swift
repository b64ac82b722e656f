import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Synchronization

/// Loads the built network composer through the host, as a third party's host would, and
/// creates it only through the consent gate (local-endpoint backend, terms acknowledged
/// for the test server's address).
enum Harness {
    static func host() throws -> PluginHost {
        _ = try RepositoryPaths.stagedManifest("network-composer.json")
        return PluginHost(searchPath: PluginSearchPath.standard(commandLine: [RepositoryPaths.stagedPlugins.path], environment: [:]))
    }

    /// Settings that pass both gates for `baseURL` (an http:// test address).
    static func consentedSettings(_ baseURL: String) throws -> ReasoningSettings {
        var settings = ReasoningSettings()
        _ = try settings.set("reasoningBackend", to: "local-endpoint")
        _ = try settings.set("localEndpointURL", to: baseURL)
        _ = try settings.set("localEndpointModel", to: "test-model")
        settings.termsAcknowledgements = [TermsAcknowledgement(scope: .localEndpoint(settings.localEndpointURL!),
                                                               acknowledgedAt: "2026-01-01T00:00:00Z", unencryptedAccepted: true)]
        return settings
    }

    /// A network composer instance for one base URL and wire format.
    static func composer(baseURL: String, wireFormat: String = "openai-compatible", apiKey: String? = "test-key",
                         extra: [String: JSONValue] = [:]) throws -> SceneComposerInstance {
        let host = try host()
        guard let consent = ConsentGate.evaluate(try consentedSettings(baseURL), environment: [:]).consent else {
            throw HarnessError(description: "the consent gate refused test settings")
        }
        var config: [String: JSONValue] = ["provider": .string(wireFormat), "baseURL": .string(baseURL),
                                           "model": .string("test-model"), "timeoutSeconds": .number(8)]
        extra.forEach { config[$0.key] = $0.value }
        let secrets = try apiKey.map { ["apiKey": try Secret(checking: $0)] } ?? [:]
        return try host.sceneComposer(try host.manifest(id: ReasoningSetup.builtInNetworkComposerID), consent: consent,
                                      config: config, secrets: secrets)
    }

    /// The built plugin behind the host's negotiation, as a session creates it, with a
    /// format memory in `memory` (a fresh temporary file unless given).
    static func negotiating(baseURL: String, wireFormat: String = "openai-compatible", memory: FormatMemory? = nil,
                            reprobes: Bool = false) throws -> NegotiatingComposer {
        let memory = try memory ?? FormatMemory(url: formats().file("endpoint-formats-\(UUID().uuidString).json"))
        let endpoint = FormatMemory.Endpoint(baseURL: baseURL, model: "test-model")
        return NegotiatingComposer(factory: { mode in
            try composer(baseURL: baseURL, wireFormat: wireFormat, extra: mode.map { [StructuredOutputMode.configKey: .string($0.rawValue)] } ?? [:])
        }, memory: memory, endpoint: endpoint, reprobes: reprobes)
    }

    /// One directory for every test's format memory in this process (each its own file).
    nonisolated(unsafe) private static var formatsDirectory: TemporaryDirectory?
    private static let formatsLock = NSLock()
    static func formats() throws -> TemporaryDirectory {
        try formatsLock.withLock {
            if let formatsDirectory { return formatsDirectory }
            let created = try TemporaryDirectory("sensebridge-formats")
            formatsDirectory = created
            return created
        }
    }

    static func deadline(_ seconds: Double) -> UInt64 {
        MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
    }

    /// The host's clock in seconds, for measuring what a test waited.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = MonotonicClock.nanoseconds()
        try body()
        return Double(MonotonicClock.nanoseconds() - start) / 1e9
    }

    struct HarnessError: Error, CustomStringConvertible {
        var description: String
    }
}

/// A stand-in for the label-list composer: names each object record, and passes sound
/// and text records through as their own streams, so a test can see which phrase won.
final class FakeOnDeviceComposer: PhraseComposing {
    private let calls = Mutex(0)

    func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> [SubjectPhrase] {
        calls.withLock { $0 += 1 }
        var phrases: [SubjectPhrase] = []
        let objects = records.indices.filter { records[$0].kind == .object }
        if !objects.isEmpty {
            phrases.append(SubjectPhrase(stream: .sight, text: "on-device: " + objects.map { records[$0].label }.joined(separator: ", "), recordIndices: objects))
        }
        for index in records.indices where records[index].kind == .sound {
            phrases.append(SubjectPhrase(stream: .sound, text: "a sound", recordIndices: [index]))
        }
        return phrases
    }

    func cancel() {}
}
