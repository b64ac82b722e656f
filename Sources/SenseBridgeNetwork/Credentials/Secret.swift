import SenseBridgeHost
/// A credential in memory. Its description is redacted, so interpolating one into a
/// message or log by mistake prints nothing of it.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let value: String

    /// Trims surrounding whitespace (a pasted key often ends in a newline) and refuses
    /// anything that is not one printable ASCII token.
    public init(checking text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CredentialStore.Failure.invalidKey("it is empty") }
        guard trimmed.utf8.count <= CredentialStore.maximumKeyBytes else {
            throw CredentialStore.Failure.invalidKey("it is longer than \(CredentialStore.maximumKeyBytes) bytes")
        }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value <= 0x7E }) else {
            throw CredentialStore.Failure.invalidKey("it contains spaces or characters outside printable ASCII")
        }
        value = trimmed
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
}
