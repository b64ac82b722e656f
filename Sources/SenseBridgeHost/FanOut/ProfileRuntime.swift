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

    /// Creates every target the profile names. A target that cannot be loaded or
    /// created does not stop the others; it is announced once through them.
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
        for reference in profile.renderTargets {
            let name = host.catalog.manifest(id: reference.id)?.capabilities.channel ?? reference.id
            do {
                let manifest = try host.manifest(id: reference.id)
                created.append((name, try host.renderTarget(manifest, config: reference.config, outputDirectory: outputDirectory,
                                                                  placement: Placement(reference))))
                cues.append(reference.cuesPlayed(offered: manifest.capabilities.cues))
                for cue in reference.cues.keys.sorted(by: { $0.rawValue < $1.rawValue }) where manifest.capabilities.cues[cue] == nil {
                    // The profile asked for a cue this target does not offer: nothing is sent
                    // to it, and the log says why (`profiles show` lists what each offers).
                    host.log.event(.warning, "profile.target.cue_not_offered", [.public("target", reference.id), .public("cue", cue.rawValue)])
                }
                let resolved = try PluginConfigResolver.resolve(manifest: manifest, overrides: reference.config, outputDirectory: outputDirectory)
                if let location = (resolved["path"] ?? resolved["directory"])?.stringValue {
                    destinations.append((name, location))
                }
            } catch {
                host.log.event(.error, "profile.target.unavailable", [.public("target", reference.id)])
                lost.append(.init(name: name, reason: Self.spokenReason(error), detail: String(describing: error)))
            }
        }
        self.destinations = destinations
        self.fanOut = ProfileFanOut(targets: created, cues: cues, lostAtStart: lost, locale: locale, log: host.log,
                               wording: wording, textFallback: textFallback)
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
