import Foundation
import SenseBridgeCore

/// A profile brought to life: its render targets created and fanned out, with the
/// ones that could not be created carried as losses to announce.
public final class ProfileRuntime: @unchecked Sendable {
    public let profile: OutputProfile
    public let fanOut: ProfileFanOut
    public let outputDirectory: URL
    public let locale: SpokenLocale

    /// Creates every target the profile names. A target that cannot be loaded or
    /// created does not stop the others; it is announced once through them.
    public init(profile: OutputProfile, host: PluginHost, outputDirectory: URL, locale: SpokenLocale? = nil,
                wording: @escaping (ProfileFanOut.LostTarget, [String], SpokenLocale) -> String,
                textFallback: @escaping (OutputMessage) -> Void) {
        self.profile = profile
        self.outputDirectory = outputDirectory
        let locale = locale ?? SpokenLocale(identifier: profile.locale) ?? .en
        self.locale = locale
        var created: [(name: String, instance: RenderTargetInstance)] = []
        var lost: [ProfileFanOut.LostTarget] = []
        for reference in profile.renderTargets {
            let name = host.catalog.manifest(id: reference.id)?.capabilities.channel ?? reference.id
            do {
                let manifest = try host.manifest(id: reference.id)
                created.append((name, try host.renderTarget(manifest, config: reference.config, outputDirectory: outputDirectory)))
            } catch {
                host.log.event(.error, "profile.target.unavailable", [.public("target", reference.id)])
                lost.append(.init(name: name, reason: String(describing: error)))
            }
        }
        fanOut = ProfileFanOut(targets: created, lostAtStart: lost, locale: locale, log: host.log,
                               wording: wording, textFallback: textFallback)
    }
}
