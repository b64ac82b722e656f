/// Why a composer the pipeline needs could not be created; the CLI turns the reason
/// into its exit code, the person hears which output they lost.
public struct ComposerUnavailable: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        case notInstalled
        case notAComposer
        case usesNetwork
        case couldNotStart
    }

    public var pluginID: String
    public var reason: Reason
    public var description: String

    public init(pluginID: String, reason: Reason, description: String) {
        self.pluginID = pluginID
        self.reason = reason
        self.description = description
    }
}
