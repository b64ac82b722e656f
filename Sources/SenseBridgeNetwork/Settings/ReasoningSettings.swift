import Foundation
import SenseBridgeHost

/// The reasoning part of the user's settings file. Every default is the one that sends
/// nothing: a key that is missing means "not chosen" and "not consented".
public struct ReasoningSettings: Equatable, Sendable {
    public var reasoningBackend: ReasoningBackend = .onDevice
    public var cloudProvider: CloudProvider?
    /// Overrides the provider's default model; nil uses `CloudProvider.defaultModel`.
    public var cloudModel: String?
    /// The base address of the user's own server, e.g. http://192.168.1.20:11434/v1.
    public var localEndpointURL: String?
    public var localEndpointModel: String?
    /// At the default 6 s narration interval an hour of hands-free awareness is about
    /// 600 requests, billed to the user's own key; this is the ceiling, not a target.
    public var requestsPerHour: Int = 600
    /// Bounds a session someone forgot to stop (about four hours at the default cadence).
    public var requestsPerSession: Int = 2400
    public var termsAcknowledgements: [TermsAcknowledgement] = []

    public init() {}

    public static let defaultLocalModel = "llama3.2"

    /// The acknowledgement that covers the current choice, if any.
    public var currentAcknowledgement: TermsAcknowledgement? {
        switch reasoningBackend {
        case .onDevice: return nil
        case .cloud:
            guard let provider = cloudProvider else { return nil }
            return termsAcknowledgements.first { $0.scope == .cloud(provider) }
        case .localEndpoint:
            guard let url = localEndpointURL else { return nil }
            return termsAcknowledgements.first { $0.scope == .localEndpoint(url) }
        }
    }
}

extension ReasoningSettings {
    /// The keys `settings set` accepts, in the order `settings show` prints them.
    public static let editableKeys = ["reasoningBackend", "cloudProvider", "cloudModel", "localEndpointURL",
                                      "localEndpointModel", "requestsPerHour", "requestsPerSession"]

    public struct EditError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Sets one key from its command-line text. Changing the provider or the address
    /// drops the acknowledgement that covered the old one. Returns notes to show the
    /// person (e.g. the unencrypted warning).
    public mutating func set(_ key: String, to text: String) throws -> [String] {
        var notes: [String] = []
        let value = text.trimmingCharacters(in: .whitespaces)
        let cleared = value.isEmpty || value == "none"
        switch key {
        case "reasoningBackend":
            guard let backend = ReasoningBackend(rawValue: value) else {
                throw EditError(description: "reasoningBackend must be one of \(ReasoningBackend.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            reasoningBackend = backend
        case "cloudProvider":
            let provider: CloudProvider?
            if cleared {
                provider = nil
            } else {
                guard let chosen = CloudProvider(rawValue: value) else {
                    throw EditError(description: "cloudProvider must be one of \(CloudProvider.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                provider = chosen
            }
            if provider != cloudProvider {
                let before = termsAcknowledgements.count
                termsAcknowledgements.removeAll { if case .cloud = $0.scope { return true }; return false }
                if termsAcknowledgements.count < before {
                    notes.append("The previous provider's terms acknowledgement was removed; each provider needs its own.")
                }
            }
            cloudProvider = provider
        case "localEndpointURL":
            let url: String? = cleared ? nil : try EndpointAddress.check(value).normalized
            if url != localEndpointURL {
                termsAcknowledgements.removeAll { if case .localEndpoint = $0.scope { return true }; return false }
            }
            localEndpointURL = url
            if let url, EndpointAddress.isUnencrypted(url) { notes.append(EndpointAddress.unencryptedWarning) }
        case "cloudModel":
            cloudModel = cleared ? nil : try Self.checkedModel(value)
        case "localEndpointModel":
            localEndpointModel = cleared ? nil : try Self.checkedModel(value)
        case "requestsPerHour":
            requestsPerHour = try Self.checkedCount(value, key: key)
        case "requestsPerSession":
            requestsPerSession = try Self.checkedCount(value, key: key)
        default:
            throw EditError(description: "'\(key)' is not a setting; known settings: \(Self.editableKeys.joined(separator: ", ")).")
        }
        return notes
    }

    static func checkedModel(_ value: String) throws -> String {
        guard value.count <= 200, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw EditError(description: "A model name is 1 to 200 printable characters.")
        }
        return value
    }

    static func checkedCount(_ value: String, key: String) throws -> Int {
        guard let count = Int(value), count >= 0, count <= 100_000 else {
            throw EditError(description: "\(key) must be a whole number from 0 to 100000 (0 sends nothing).")
        }
        return count
    }
}
