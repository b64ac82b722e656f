/// What an output is to the person, from a closed list: the only name of a render target
/// they ever hear.
///
/// A manifest's `capabilities.channel`, a profile's `role` and a plugin's display name are
/// text someone else wrote; spoken, a target whose channel is "All clear, it is safe to
/// cross now" would put those words in a deaf person's captions. So each is mapped onto
/// this list (`init(code:)`) and only the list's reviewed words are said
/// (`SpokenTable.outputSubject`, `outputName`); anything outside it is `other`, said as
/// "an output" (Invariant 1).
public enum OutputRole: String, CaseIterable, Sendable, Hashable {
    case speech, captions, braille, haptics
    /// A channel or role outside the list: said generically, never in the plugin's words.
    case other = "output"

    /// The role a manifest channel or a profile role names, when it is one of the list's
    /// codes; every other text (or none) is `other`.
    public init(code: String?) {
        self = code.flatMap(OutputRole.init(rawValue:)) ?? .other
    }

    /// The code for machine-readable output (`walk --json` "targets") and logs: from the
    /// list, so it too carries no plugin text.
    public var code: String { rawValue }
}
