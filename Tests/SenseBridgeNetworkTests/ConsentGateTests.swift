import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// Both gates, and that switching provider or address asks again.
@Suite struct ConsentGateTests {
    func refusal(_ settings: ReasoningSettings, environment: [String: String] = [:]) -> ConsentGate.Refusal? {
        if case .onDevice(let refusal) = ConsentGate.evaluate(settings, environment: environment) { return refusal }
        return nil
    }

    @Test func theDefaultSendsNothing() {
        #expect(refusal(ReasoningSettings()) == .backendOnDevice)
    }

    @Test func cloudNeedsAProviderAndItsOwnAcknowledgement() throws {
        var settings = ReasoningSettings()
        _ = try settings.set("reasoningBackend", to: "cloud")
        #expect(refusal(settings) == .noProviderChosen)
        _ = try settings.set("cloudProvider", to: "openai")
        #expect(refusal(settings)?.reason == .termsNotAcknowledged)
        settings.termsAcknowledgements = [TermsAcknowledgement(scope: .cloud(.openai), acknowledgedAt: "t")]
        let consent = try #require(ConsentGate.evaluate(settings, environment: [:]).consent)
        #expect(consent.target.baseURL == "https://api.openai.com/v1" && consent.target.credentialRequired)
        #expect(consent.target.model == "gpt-4o-mini" && consent.target.wireFormat == "openai-compatible")
        // Switching provider drops the acknowledgement; switching back asks again too.
        let notes = try settings.set("cloudProvider", to: "anthropic")
        #expect(!notes.isEmpty)
        #expect(refusal(settings)?.reason == .termsNotAcknowledged)
        _ = try settings.set("cloudProvider", to: "openai")
        #expect(refusal(settings)?.reason == .termsNotAcknowledged)
    }

    @Test func gateOneStillAppliesWhenTermsAreAcknowledged() throws {
        var settings = ReasoningSettings()
        _ = try settings.set("cloudProvider", to: "anthropic")
        settings.termsAcknowledgements = [TermsAcknowledgement(scope: .cloud(.anthropic), acknowledgedAt: "t")]
        #expect(refusal(settings) == .backendOnDevice)
        // ...but a connection test of that provider may run.
        #expect(ConsentGate.evaluateForConnectionTest(.cloud, provider: .anthropic, settings: settings, environment: [:]).consent != nil)
        #expect(ConsentGate.evaluateForConnectionTest(.cloud, provider: .openai, settings: settings, environment: [:]).consent == nil)
    }

    @Test func theLocalAcknowledgementCoversExactlyOneAddressAndHttpNeedsItsOwnYes() throws {
        var settings = ReasoningSettings()
        _ = try settings.set("reasoningBackend", to: "local-endpoint")
        #expect(refusal(settings) == .noEndpointChosen)
        let notes = try settings.set("localEndpointURL", to: "http://192.168.1.20:11434/v1/")
        #expect(notes == [EndpointAddress.unencryptedWarning])
        #expect(settings.localEndpointURL == "http://192.168.1.20:11434/v1")
        settings.termsAcknowledgements = [TermsAcknowledgement(scope: .localEndpoint("http://192.168.1.20:11434/v1"), acknowledgedAt: "t")]
        #expect(refusal(settings) == .unencryptedNotAccepted(endpoint: "http://192.168.1.20:11434/v1"))
        settings.termsAcknowledgements[0].unencryptedAccepted = true
        let consent = try #require(ConsentGate.evaluate(settings, environment: [:]).consent)
        #expect(consent.target.description == .localEndpoint(host: "192.168.1.20", unencrypted: true))
        #expect(!consent.target.credentialRequired && consent.target.model == "llama3.2")
        _ = try settings.set("localEndpointURL", to: "https://other.example/v1")
        #expect(settings.termsAcknowledgements.isEmpty)
        #expect(refusal(settings)?.reason == .termsNotAcknowledged)
    }

    @Test(arguments: ["ftp://x/v1", "https://user:pass@x/v1", "https://x/v1?key=1", "not a url", "https:///v1"])
    func unusableAddressesAreRefused(address: String) {
        var settings = ReasoningSettings()
        #expect(throws: ReasoningSettings.EditError.self) { _ = try settings.set("localEndpointURL", to: address) }
    }

    @Test func theBaseURLOverrideIsNamedAndChecked() throws {
        var settings = ReasoningSettings()
        _ = try settings.set("reasoningBackend", to: "cloud")
        _ = try settings.set("cloudProvider", to: "nvidia-nim")
        settings.termsAcknowledgements = [TermsAcknowledgement(scope: .cloud(.nvidiaNIM), acknowledgedAt: "t")]
        let variable = "SENSEBRIDGE_NVIDIA_NIM_BASE_URL"
        let consent = try #require(ConsentGate.evaluate(settings, environment: [variable: "http://127.0.0.1:9/v1"]).consent)
        #expect(consent.target.baseURLSource == variable && consent.target.isUnencrypted)
        #expect(refusal(settings, environment: [variable: "file:///etc/passwd"])?.reason == .couldNotStart)
    }

    @Test func editsAreChecked() throws {
        var settings = ReasoningSettings()
        #expect(throws: ReasoningSettings.EditError.self) { _ = try settings.set("reasoningBackend", to: "quantum") }
        #expect(throws: ReasoningSettings.EditError.self) { _ = try settings.set("requestsPerHour", to: "-1") }
        #expect(throws: ReasoningSettings.EditError.self) { _ = try settings.set("apiKey", to: "sk-1") }
        _ = try settings.set("requestsPerHour", to: "60")
        #expect(settings.requestsPerHour == 60)
    }
}
