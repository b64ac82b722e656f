import CountedPhrases
// The value types (PerceptionStream, PerceptionRecord) live here. The SDK's product
// builds this module but does not re-export it, so it is imported by name.
import SenseBridgeCore
import SenseBridgePluginKit

/// A scene composer that groups repeated labels: "two chairs and a table".
///
/// Objects are narrated in the sight stream and classified sounds in the sound
/// stream, one phrase each. Text records are not labels to count (their label is the
/// text itself) and depth records are not subjects, so both are left to the host.
final class CountingComposer: SceneComposerPlugin {
    private let host: HostServices

    /// The composer has no settings; a key in its config is a mistake in a profile,
    /// and saying so beats silently ignoring what someone meant to change.
    init(host: HostServices, config: PluginConfig) throws {
        if let key = try config.object().keys.sorted().first {
            throw PluginError.invalidConfig(
                "The counting composer has no setting '\(key)'; remove it from the profile.")
        }
        self.host = host
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        // Counting is English: an article or a plural in a language we have no table for
        // is a guess, and bare English labels in a Spanish session are worse than none.
        // Declined, the host says the reviewed names of its own label list instead.
        guard request.spokenLocale == .en else {
            throw PluginError(.unsupported,
                "The counting composer speaks English only; the host's label list describes scenes in '\(request.localeIdentifier)'.")
        }
        // Asked before every label, not once per stream: a cancel must stop a huge
        // request promptly, not after it has all been counted. The request's checkpoint
        // knows both the host's cancel and the deadline, so the composer keeps no flag.
        let checkpoint = { () throws(PluginError) in try request.checkpoint.check("Counting the labels") }
        var phrases: [ComposedPhrase] = []
        for stream in [PerceptionStream.sight, .sound] {
            try checkpoint()
            let labels = request.records.enumerated()
                .filter { $0.element.stream == stream }
                .map { (index: $0.offset, label: $0.element.label) }
            guard let phrase = try CountedPhrases.phrase(
                for: labels, maximumWords: request.maximumWords, maximumLabels: request.maximumLabels,
                counting: stream == .sight, checkpoint: checkpoint) else { continue }
            phrases.append(ComposedPhrase(stream: stream, text: phrase.text, recordIndices: phrase.recordIndices))
        }
        host.log(.debug, "counting-composer.composed", [("phrases", .public(String(phrases.count)))])
        return phrases
    }
}
