import Foundation
import SenseBridgeCore

/// A profile brought to life: its render targets created and fanned out, with the
/// ones that could not be created carried as losses to announce.
public final class ProfileRuntime: Sendable {
    public let profile: OutputProfile
    public let fanOut: ProfileFanOut
    public let outputDirectory: URL
    public let locale: SpokenLocale
    /// Where each created target writes, read from its resolved config (`path` or
    /// `directory`), so a person can be told on stderr where their captions or audio
    /// went; each named by its role and plugin id ("captions (org.sensebridge.caption-file)").
    public let destinations: [(name: String, location: String)]

    /// Per output with alternatives that skipped its preferred one: the role, what started
    /// instead (nil: none did), and why each skipped alternative could not start (for stderr).
    public let substitutions: [(role: String, chosen: String?, skipped: [(id: String, detail: String)])]

    /// Creates every output the profile names. An output with alternatives takes the
    /// first that starts and says once whether it is the first choice. A target that
    /// cannot be loaded or created does not stop the others; it is announced once
    /// through them, by its role and a reason code: its id, display name, channel and
    /// error go to stderr (`substitutions`, `fanOut.lostTargets`) and the log.
    public init(profile: OutputProfile, host: PluginHost, outputDirectory: URL, locale: SpokenLocale? = nil,
                textFallback: @escaping @Sendable (OutputMessage) -> Void) {
        self.profile = profile
        self.outputDirectory = outputDirectory
        let locale = locale ?? SpokenLocale(identifier: profile.locale) ?? .en
        self.locale = locale
        var created: [(name: String, instance: RenderTargetInstance)] = []
        var cues: [Set<OutputCue>] = []
        var lost: [ProfileFanOut.LostTarget] = []
        var destinations: [(name: String, location: String)] = []
        var choices: [SpokenStatus] = []
        var substitutions: [(role: String, chosen: String?, skipped: [(id: String, detail: String)])] = []
        for output in profile.outputs {
            let role = Self.role(of: output, reference: output.alternatives[0], host: host)
            var failures: [(reference: OutputProfile.PluginReference, error: Error)] = []
            for reference in output.alternatives {
                do {
                    let started = try Self.create(reference, host: host, outputDirectory: outputDirectory)
                    let startedRole = Self.role(of: output, reference: reference, host: host)
                    created.append((startedRole.code, started.instance))
                    cues.append(started.cues)
                    if let location = started.location { destinations.append(("\(startedRole.code) (\(reference.id))", location)) }
                    if output.alternatives.count > 1 {
                        choices.append(.outputChosen(role: role, firstChoice: failures.isEmpty))
                        host.log.event(.info, "profile.output.chosen", [.public("output", role.code), .public("target", reference.id),
                                                                         .public("skipped", String(failures.count))])
                    }
                    break
                } catch {
                    failures.append((reference, error))
                }
            }
            let outputLost = failures.count == output.alternatives.count
            for failure in failures {
                // A skipped alternative is the profile working as written (no
                // speech-dispatcher running, so espeak-ng); only a lost output is a warning.
                host.log.event(outputLost ? .warning : .info, outputLost ? "profile.target.unavailable" : "profile.target.skipped",
                               [.public("target", failure.reference.id),
                                .public("reason", OutputLossReason(startFailure: failure.error).rawValue)])
            }
            if !failures.isEmpty && output.alternatives.count > 1 {
                let chosen = outputLost ? nil : output.alternatives[failures.count].id
                substitutions.append((role.code, chosen, failures.map {
                    ($0.reference.id, TargetFailureDetail.describe($0.error, pluginID: $0.reference.id))
                }))
            }
            if outputLost, let first = failures.first {
                // Every alternative failed: the output is lost, for the reason its preferred
                // target gave; every reason goes to stderr.
                lost.append(.init(name: role.code, role: role, reason: OutputLossReason(startFailure: first.error),
                                  detail: failures.map { TargetFailureDetail.describe($0.error, pluginID: $0.reference.id) }
                                      .joined(separator: "; ")))
            }
        }
        self.destinations = destinations
        self.substitutions = substitutions
        self.fanOut = ProfileFanOut(targets: created, cues: cues, lostAtStart: lost, locale: locale, log: host.log,
                                    textFallback: textFallback)
        choices.forEach(fanOut.announce)
    }

    /// A started target: its instance, the cues it plays in this profile, and where it writes.
    private static func create(_ reference: OutputProfile.PluginReference, host: PluginHost,
                               outputDirectory: URL) throws -> (instance: RenderTargetInstance, cues: Set<OutputCue>, location: String?) {
        let manifest = try host.manifest(id: reference.id)
        let instance = try host.renderTarget(manifest, config: reference.config, outputDirectory: outputDirectory,
                                             placement: Placement(reference))
        for cue in reference.cues.keys.sorted(by: { $0.rawValue < $1.rawValue }) where manifest.capabilities.cues[cue] == nil {
            // The profile asked for a cue this target does not offer: nothing is sent
            // to it, and the log says why (`profiles show` lists what each offers).
            host.log.event(.warning, "profile.target.cue_not_offered", [.public("target", reference.id), .public("cue", cue.rawValue)])
        }
        let resolved = try PluginConfigResolver.resolve(manifest: manifest, overrides: reference.config, outputDirectory: outputDirectory)
        return (instance, reference.cuesPlayed(offered: manifest.capabilities.cues), (resolved["path"] ?? resolved["directory"])?.stringValue)
    }

    /// What the person calls an output: the profile's role or else the target's manifest
    /// channel, read against the closed list (`OutputRole(code:)`), so a channel such as
    /// "All clear, it is safe to cross now" is said as "an output", never in its words.
    private static func role(of output: OutputProfile.Output, reference: OutputProfile.PluginReference,
                             host: PluginHost) -> OutputRole {
        OutputRole(code: output.role ?? host.catalog.manifest(id: reference.id)?.capabilities.channel)
    }
}
