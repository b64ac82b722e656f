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
    /// `directory`), so a person can be told where their captions or audio went.
    public let destinations: [(name: String, location: String)]

    /// Per output with alternatives that skipped its preferred one: the role, what started
    /// instead (nil: none did), and why each skipped alternative could not start (for stderr).
    public let substitutions: [(role: String, chosen: String?, skipped: [(id: String, detail: String)])]

    /// Creates every output the profile names. An output with alternatives takes the
    /// first that starts and says once which one it is. A target that cannot be loaded
    /// or created does not stop the others; it is announced once through them.
    public init(profile: OutputProfile, host: PluginHost, outputDirectory: URL, locale: SpokenLocale? = nil,
                wording: @escaping @Sendable (ProfileFanOut.LostTarget, [String], SpokenLocale) -> String,
                textFallback: @escaping @Sendable (OutputMessage) -> Void) {
        self.profile = profile
        self.outputDirectory = outputDirectory
        let locale = locale ?? SpokenLocale(identifier: profile.locale) ?? .en
        self.locale = locale
        var created: [(name: String, instance: RenderTargetInstance)] = []
        var cues: [Set<OutputCue>] = []
        var lost: [ProfileFanOut.LostTarget] = []
        var destinations: [(name: String, location: String)] = []
        var choices: [String] = []
        var substitutions: [(role: String, chosen: String?, skipped: [(id: String, detail: String)])] = []
        for output in profile.outputs {
            let role = output.role ?? Self.channel(of: output.alternatives[0], host: host)
            var failures: [(reference: OutputProfile.PluginReference, error: Error)] = []
            for reference in output.alternatives {
                do {
                    let started = try Self.create(reference, host: host, outputDirectory: outputDirectory)
                    created.append((output.role ?? Self.channel(of: reference, host: host), started.instance))
                    cues.append(started.cues)
                    if let location = started.location { destinations.append((role, location)) }
                    if output.alternatives.count > 1 {
                        let preferred = failures.first.map { Self.displayName(of: $0.reference, host: host, locale: locale) }
                        choices.append(Phrasing.status(.outputChosen(name: role, chosen: Self.displayName(of: reference, host: host, locale: locale),
                                                                     preferred: preferred), locale: locale))
                        host.log.event(.info, "profile.output.chosen", [.public("output", role), .public("target", reference.id),
                                                                         .public("skipped", String(failures.count))])
                    }
                    break
                } catch {
                    host.log.event(.error, "profile.target.unavailable", [.public("target", reference.id)])
                    failures.append((reference, error))
                }
            }
            if !failures.isEmpty && output.alternatives.count > 1 {
                let chosen = failures.count < output.alternatives.count ? output.alternatives[failures.count].id : nil
                substitutions.append((role, chosen, failures.map { ($0.reference.id, String(describing: $0.error)) }))
            }
            if failures.count == output.alternatives.count, let first = failures.first {
                // Every alternative failed: the output is lost, for the reason its preferred
                // target gave; every reason goes to stderr.
                lost.append(.init(name: role, reason: Self.spokenReason(first.error),
                                  detail: failures.map { "\($0.reference.id): \($0.error)" }.joined(separator: "; ")))
            }
        }
        self.destinations = destinations
        self.substitutions = substitutions
        self.fanOut = ProfileFanOut(targets: created, cues: cues, lostAtStart: lost, locale: locale, log: host.log,
                                    wording: wording, textFallback: textFallback)
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

    /// The name a person knows a target's output by ("speech"), from its manifest.
    private static func channel(of reference: OutputProfile.PluginReference, host: PluginHost) -> String {
        host.catalog.manifest(id: reference.id)?.capabilities.channel ?? reference.id
    }

    private static func displayName(of reference: OutputProfile.PluginReference, host: PluginHost, locale: SpokenLocale) -> String {
        host.catalog.manifest(id: reference.id)?.displayName(for: locale.rawValue) ?? reference.id
    }
}

extension ProfileRuntime {
    /// A reason short enough to speak; the paths and plugin messages go to stderr.
    static func spokenReason(_ error: Error) -> String {
        switch error {
        case PluginHost.LookupError.notInstalled: return "it is not installed"
        case PluginHost.LookupError.broken: return "it is installed but broken"
        case is PluginProblem: return "its library could not be loaded"
        case is PluginConfigResolver.Problem: return "the profile's settings for it are invalid"
        case let stopped as PluginStopped: return stopped.spokenReason
        default: return "it could not start"
        }
    }
}
