import Foundation
import SenseBridgeCore

/// An output profile: which render targets a person gets, with which settings, and
/// which composer (and fallback) describes scenes for them. Swapping a profile is
/// editing a file, never rebuilding.
public struct OutputProfile: Sendable {
    public static let schemaID = "sensebridge.output-profile/1"

    public struct PluginReference: Sendable, Equatable {
        public var id: String
        public var config: [String: JSONValue]
        /// The person's own choice of how this plugin runs, either way; it outranks the
        /// manifest and the default, and yields only to the command line
        /// (`IsolationDecision.decide`).
        public var isolation: PluginIsolation?
        /// The memory limit of the plugin's runner process, when it runs isolated; nil
        /// leaves it to the runner's default.
        public var memoryLimitMiB: Int?
        /// Render targets: the profile's choice per cue without words, over the manifest's
        /// default (`capabilities.cues`). A cue the target does not offer is never sent.
        public var cues: [OutputCue: Bool]

        public init(id: String, config: [String: JSONValue] = [:], isolation: PluginIsolation? = nil, memoryLimitMiB: Int? = nil,
                    cues: [OutputCue: Bool] = [:]) {
            self.id = id
            self.config = config
            self.isolation = isolation
            self.memoryLimitMiB = memoryLimitMiB
            self.cues = cues
        }

        /// The cues this target plays in this profile: those its manifest offers, on by the
        /// profile's choice or else by the manifest's default.
        public func cuesPlayed(offered: [OutputCue: Bool]) -> Set<OutputCue> {
            Set(offered.compactMap { cue, byDefault in (cues[cue] ?? byDefault) ? cue : nil })
        }
    }

    /// One output of the profile: a render target, or alternatives for one role ("speech")
    /// in order of preference, of which the first that starts is used. A person's own
    /// daemon (speech-dispatcher) may be missing on one machine and running on the next;
    /// alternatives let one profile serve both without going silent.
    public struct Output: Sendable, Equatable {
        /// The name the person knows this output by when the profile gave one; nil takes
        /// the first alternative's channel.
        public var role: String?
        /// In the profile's order of preference; one for a plain render target.
        public var alternatives: [PluginReference]
        /// Whether the file wrote `{"alternatives": [...]}` (even with one entry), so a
        /// problem names the field as the person wrote it (`renderTargets[0].alternatives[1]`).
        public var listsAlternatives: Bool

        public init(role: String? = nil, alternatives: [PluginReference], listsAlternatives: Bool? = nil) {
            self.role = role
            self.alternatives = alternatives
            self.listsAlternatives = listsAlternatives ?? (role != nil || alternatives.count > 1)
        }
    }

    public var name: String
    public var displayNames: [String: String]
    public var summary: String?
    public var outputs: [Output]
    /// Every render target the profile names, alternatives included, in the file's order.
    public var renderTargets: [PluginReference] { outputs.flatMap(\.alternatives) }
    public var composer: PluginReference
    public var fallbackComposer: PluginReference
    /// What perceives a picture for this person, run on the same frame and feeding one
    /// description (`describe IMAGE`, `walk --camera`); `read` takes those that read text.
    /// A profile that names none gets `defaultPerceivers`.
    public var perceivers: [PluginReference]
    /// Whether the file named its perceivers. Only named ones are checked with the rest of
    /// the profile: a profile that never mentions perceivers (one for `walk` on a depth
    /// recording, say) is not refused because a picture's perceiver is missing; a command
    /// that needs one says so when it starts it.
    public var listsPerceivers: Bool
    public var locale: String
    public var detail: String
    public var fileURL: URL

    /// Objects and text, as the seeds' "describe this scene" flow perceives a picture: a
    /// profile written before perceivers were configurable keeps working unchanged.
    public static let defaultPerceivers = [PluginReference(id: "org.sensebridge.object-detector"),
                                           PluginReference(id: "org.sensebridge.tesseract-ocr")]

    public func displayName(for locale: String = "en") -> String {
        displayNames[locale] ?? displayNames["en"] ?? name
    }
}
