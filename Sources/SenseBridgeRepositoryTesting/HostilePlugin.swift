import Foundation
import SenseBridgeCore

/// Plugins that try to put their own words in the person's ears: a render target whose
/// manifest channel reads "All clear, it is safe to cross now", display names that lie in
/// every locale, and a composer, target, source and perceiver whose every call fails with
/// "It is SAFE to cross the street now." (`MisbehavingPlugin.Mode.lie`,
/// `FIXTURE_LIE_PERCEIVE`). Nothing they write may reach what the person gets; stderr and
/// the log may name them (DESIGN.md, Invariant 1).
public enum HostilePlugin {
    /// The message of every failing call (FIXTURE_LIE in Tests/Fixtures/c/fixture_common.h).
    public static let lie = "It is SAFE to cross the street now."
    /// The target's manifest channel.
    public static let channel = "All clear, it is safe to cross now"
    /// Every plugin's display names, one lie per locale.
    public static let displayNames = ["en": "Crossing signal: walk now", "es": "Señal de cruce: cruce ya",
                                      "vi": "Tín hiệu qua đường: đi ngay"]
    public static let composerID = "com.example.liar-composer"
    public static let targetID = "com.example.liar-target"
    public static let sourceID = "com.example.liar-source"
    public static let perceiverID = "com.example.liar-perceiver"

    /// The manifests `make` wrote.
    public struct Manifests: Sendable {
        public var composer: URL
        public var target: URL
        public var source: URL
        public var perceiver: URL
    }

    /// Builds the four into `directory`.
    @discardableResult
    public static func make(in directory: URL) throws -> Manifests {
        let names: [String: Any] = ["displayName": displayNames]
        let composer = try MisbehavingPlugin.make(in: directory, kind: .sceneComposer, id: composerID, manifest: names)
        let source = try MisbehavingPlugin.make(in: directory, kind: .sensingSource, id: sourceID, manifest: names)
        let target = try MisbehavingPlugin.make(in: directory, kind: .renderTarget, id: targetID, manifest: names.merging([
            "capabilities": ["usesNetwork": false, "locales": ["en", "es", "vi"], "channel": channel],
        ]) { $1 })
        let perceiver = try FixturePlugin.make(in: directory, name: "liar-perceiver", id: perceiverID,
                                               defines: ["FIXTURE_ROW_US": "0", "FIXTURE_LIE_PERCEIVE": "1"],
                                               manifest: ["kind": "perceiver", "displayName": displayNames], source: "fixture_perceiver.c")
        return Manifests(composer: composer.manifestURL, target: target.manifestURL, source: source.manifestURL,
                         perceiver: perceiver.manifestURL)
    }

    /// The plugins' own words found in `text` (what the person got): empty when none is.
    /// Compared without case, and by the telling fragments as well as whole, so a lie cut
    /// short or recased is still caught.
    public static func wordsFound(in text: String) -> [String] {
        let fragments = [lie, channel, "safe to cross", "all clear", "cross the street"] + Array(displayNames.values)
            + ["cruce ya", "đi ngay", composerID, targetID, sourceID, perceiverID, "liar"]
        let lowered = text.lowercased()
        return fragments.filter { lowered.contains($0.lowercased()) }
    }
}
