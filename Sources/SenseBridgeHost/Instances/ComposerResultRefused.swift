import SenseBridgeABICodec

/// A composer's result refused as a whole before any phrase was read: a hostile count,
/// NULL phrases, or more phrases than records. The description falls back for the
/// whole moment, as for a failed call.
public struct ComposerResultRefused: Error, Sendable, CustomStringConvertible {
    public var pluginID: String
    public var refusal: PhraseCodec.ResultRefusal
    /// What was wrong with the shape, for a terminal; holds no phrase text.
    public var problem: String

    public var description: String { "\(pluginID): its result was refused as a whole: \(problem)" }
}
