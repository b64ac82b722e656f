import SenseBridgeHost
/// The name a stored credential is filed under: a cloud provider, or the local
/// endpoint's optional bearer token.
public enum CredentialName: String, CaseIterable, Sendable {
    case anthropic
    case openai
    case nvidiaNIM = "nvidia-nim"
    case localEndpoint = "local-endpoint"

    public init(_ provider: CloudProvider) {
        switch provider {
        case .anthropic: self = .anthropic
        case .openai: self = .openai
        case .nvidiaNIM: self = .nvidiaNIM
        }
    }

    public var displayName: String {
        switch self {
        case .anthropic: return "Anthropic"
        case .openai: return "OpenAI"
        case .nvidiaNIM: return "NVIDIA NIM"
        case .localEndpoint: return "your local endpoint"
        }
    }
}
