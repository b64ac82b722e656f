import Foundation
import SenseBridgeHost

/// The cloud providers SenseBridge knows how to call. Each has its own terms, so each
/// needs its own acknowledgement.
public enum CloudProvider: String, CaseIterable, Sendable {
    case anthropic
    case openai
    case nvidiaNIM = "nvidia-nim"

    public var displayName: String {
        switch self {
        case .anthropic: return "Anthropic"
        case .openai: return "OpenAI"
        case .nvidiaNIM: return "NVIDIA NIM"
        }
    }

    /// The wire format the network composer speaks to this provider.
    public var wireFormat: String {
        self == .anthropic ? "anthropic" : "openai-compatible"
    }

    public var defaultBaseURL: String {
        switch self {
        case .anthropic: return "https://api.anthropic.com"
        case .openai: return "https://api.openai.com/v1"
        case .nvidiaNIM: return "https://integrate.api.nvidia.com/v1"
        }
    }

    /// Small, fast models: the reply is a handful of words, and hands-free composition
    /// has about four seconds.
    public var defaultModel: String {
        switch self {
        case .anthropic: return "claude-haiku-4-5"
        case .openai: return "gpt-4o-mini"
        case .nvidiaNIM: return "meta/llama-3.1-8b-instruct"
        }
    }

    /// Shown by `settings acknowledge-terms`, so the person reads whose terms they accept.
    public var termsURL: String {
        switch self {
        case .anthropic: return "https://www.anthropic.com/legal/commercial-terms"
        case .openai: return "https://openai.com/policies/terms-of-use"
        case .nvidiaNIM: return "https://www.nvidia.com/en-us/data-center/products/nvidia-ai-enterprise/eula/"
        }
    }

    /// A developer override of the base address (tests point it at a local server).
    /// It is named wherever it is used, so it can never redirect a key unnoticed.
    public var baseURLEnvironmentVariable: String {
        "SENSEBRIDGE_\(rawValue.uppercased().replacingOccurrences(of: "-", with: "_"))_BASE_URL"
    }
}
