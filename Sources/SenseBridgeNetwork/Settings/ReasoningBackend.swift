import Foundation
import SenseBridgeHost

/// Where scene composition runs. On-device is the default and the fallback: nothing
/// leaves the machine until a person switches this away from it.
public enum ReasoningBackend: String, CaseIterable, Sendable {
    case onDevice = "on-device"
    /// The user's own OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp).
    case localEndpoint = "local-endpoint"
    /// A provider's service, with the user's own API key.
    case cloud

    public var usesNetwork: Bool { self != .onDevice }
}
