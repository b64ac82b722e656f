import Foundation
import SenseBridgeHost
import SenseBridgeCore

/// Reads and writes the reasoning keys of settings.json. Pure: JSON values in, values out.
///
/// Decoding is all or nothing. A file with one bad value is treated as unreadable and the
/// defaults apply, because every default sends nothing, while keeping the other keys could
/// silently raise a budget the person had lowered or keep a stale consent.
enum SettingsCodec {
    static let schemaID = "sensebridge.settings/1"
    /// The single switch of the first design. It is read only to be retired: a missing or
    /// true value never turns a backend on, because consent now has two gates it predates.
    static let legacyCloudKey = "cloudReasoningEnabled"

    struct Decoded {
        var settings: ReasoningSettings
        /// Keys this code does not own (other features, newer versions), written back untouched.
        var otherKeys: [String: JSONValue]
        /// The legacy switch was present and true.
        var legacyCloudWasOn: Bool
    }

    static let ownedKeys: Set<String> = Set(ReasoningSettings.editableKeys + ["termsAcknowledgements", "schema", legacyCloudKey])

    static func decode(_ object: [String: JSONValue]) throws -> Decoded {
        var settings = ReasoningSettings()
        func string(_ key: String) throws -> String? {
            guard let value = object[key], value != .null else { return nil }
            guard case .string(let text) = value else { throw problem("\"\(key)\" must be a string, not \(value.typeName)") }
            return text
        }
        func count(_ key: String) throws -> Int? {
            guard let value = object[key], value != .null else { return nil }
            guard case .number(let number) = value, number.rounded() == number, number >= 0, number <= 100_000 else {
                throw problem("\"\(key)\" must be a whole number from 0 to 100000")
            }
            return Int(number)
        }
        if let schema = try string("schema"), schema != schemaID {
            throw problem("has schema '\(schema)'; this version reads '\(schemaID)'")
        }
        if let text = try string("reasoningBackend") {
            guard let backend = ReasoningBackend(rawValue: text) else { throw problem("\"reasoningBackend\" has the unknown value '\(text)'") }
            settings.reasoningBackend = backend
        }
        if let text = try string("cloudProvider") {
            guard let provider = CloudProvider(rawValue: text) else { throw problem("\"cloudProvider\" has the unknown value '\(text)'") }
            settings.cloudProvider = provider
        }
        settings.cloudModel = try string("cloudModel")
        if let text = try string("localEndpointURL") {
            do { settings.localEndpointURL = try EndpointAddress.check(text).normalized } catch {
                throw problem("\"localEndpointURL\" is not usable: \(error)")
            }
        }
        settings.localEndpointModel = try string("localEndpointModel")
        if let value = try count("requestsPerHour") { settings.requestsPerHour = value }
        if let value = try count("requestsPerSession") { settings.requestsPerSession = value }
        if let value = object["termsAcknowledgements"], value != .null {
            guard case .array(let entries) = value else { throw problem("\"termsAcknowledgements\" must be an array") }
            settings.termsAcknowledgements = try entries.enumerated().map { try acknowledgement($1, index: $0) }
        }
        var legacyOn = false
        if let legacy = object[legacyCloudKey] {
            guard case .bool(let flag) = legacy else { throw problem("\"\(legacyCloudKey)\" must be true or false") }
            legacyOn = flag
        }
        return Decoded(settings: settings, otherKeys: object.filter { !ownedKeys.contains($0.key) }, legacyCloudWasOn: legacyOn)
    }

    private static func acknowledgement(_ value: JSONValue, index: Int) throws -> TermsAcknowledgement {
        let field = "termsAcknowledgements[\(index)]"
        guard case .object(let entry) = value, let provider = entry["provider"]?.stringValue else {
            throw problem("\"\(field)\" must be an object with a \"provider\"")
        }
        let at = entry["acknowledgedAt"]?.stringValue ?? ""
        var unencrypted = false
        if let flag = entry["unencryptedAccepted"] {
            guard case .bool(let value) = flag else { throw problem("\"\(field).unencryptedAccepted\" must be true or false") }
            unencrypted = value
        }
        if provider == CredentialName.localEndpoint.rawValue {
            guard let endpoint = entry["endpoint"]?.stringValue, let checked = try? EndpointAddress.check(endpoint) else {
                throw problem("\"\(field).endpoint\" must be the acknowledged http(s) address")
            }
            return TermsAcknowledgement(scope: .localEndpoint(checked.normalized), acknowledgedAt: at, unencryptedAccepted: unencrypted)
        }
        guard let cloud = CloudProvider(rawValue: provider) else { throw problem("\"\(field).provider\" has the unknown value '\(provider)'") }
        return TermsAcknowledgement(scope: .cloud(cloud), acknowledgedAt: at, unencryptedAccepted: unencrypted)
    }

    static func encode(_ settings: ReasoningSettings, otherKeys: [String: JSONValue]) -> [String: JSONValue] {
        var object = otherKeys
        object["schema"] = .string(schemaID)
        object["reasoningBackend"] = .string(settings.reasoningBackend.rawValue)
        object["cloudProvider"] = settings.cloudProvider.map { .string($0.rawValue) }
        object["cloudModel"] = settings.cloudModel.map(JSONValue.string)
        object["localEndpointURL"] = settings.localEndpointURL.map(JSONValue.string)
        object["localEndpointModel"] = settings.localEndpointModel.map(JSONValue.string)
        object["requestsPerHour"] = .number(Double(settings.requestsPerHour))
        object["requestsPerSession"] = .number(Double(settings.requestsPerSession))
        object["termsAcknowledgements"] = .array(settings.termsAcknowledgements.map { ack in
            var entry: [String: JSONValue] = ["acknowledgedAt": .string(ack.acknowledgedAt)]
            switch ack.scope {
            case .cloud(let provider): entry["provider"] = .string(provider.rawValue)
            case .localEndpoint(let url):
                entry["provider"] = .string(CredentialName.localEndpoint.rawValue)
                entry["endpoint"] = .string(url)
                entry["unencryptedAccepted"] = .bool(ack.unencryptedAccepted)
            }
            return .object(entry)
        })
        return object
    }

    struct Problem: Error {
        var reason: String
    }

    private static func problem(_ reason: String) -> Problem { Problem(reason: reason) }
}
