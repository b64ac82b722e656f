import SenseBridgeCore

/// A description pipeline assembled from a profile, and what a terminal should be told
/// about what stands in for what.
public struct PipelineAssembly {
    /// nil only for hands-free use with no composer at all: alerts still run, since the
    /// depth path never depends on a composer.
    public var pipeline: DescriptionPipeline?
    /// Whole sentences for stderr, one per substitution; never spoken (a session's own
    /// status messages say what the person lost).
    public var notices: [String] = []
}

extension PluginHost {
    /// Builds the one description pipeline from the composer asked for and the profile's
    /// fallback. This is the host's composition policy, in one place:
    ///
    /// - a composer whose manifest says `usesNetwork` is never created here; the
    ///   on-device composer is then the fallback, and network composition happens only
    ///   through `network`, which the consent gates produced;
    /// - one-shot description (`.describe`) fails loudly when its composer cannot start,
    ///   since the person asked for that composer; hands-free use (`.handsFree`) falls back
    ///   to the fallback composer, then to alerts only, because a walk must go on;
    /// - a fallback that cannot start leaves the built-in label list standing in.
    ///
    /// `network` receives the on-device composer it composes beside.
    public func descriptionPipeline(composer requested: OutputProfile.PluginReference,
                                    fallback fallbackReference: OutputProfile.PluginReference,
                                    locale: SpokenLocale, detail: SpokenDetail, purpose: CompositionPurpose,
                                    network: ((PhraseComposing) -> NetworkComposing?)? = nil) throws -> PipelineAssembly {
        var assembly = PipelineAssembly()
        let requestedUsesNetwork = catalog.manifest(id: requested.id)?.capabilities.usesNetwork == true
        let onDeviceReference = requestedUsesNetwork ? fallbackReference : requested
        var fallback: SceneComposerInstance?
        do {
            fallback = try onDeviceComposer(fallbackReference)
        } catch {
            assembly.notices.append("The fallback composer \(fallbackReference.id) is unavailable; the built-in label list stands in.")
        }
        let composer: SceneComposerInstance
        do {
            composer = try onDeviceComposer(onDeviceReference)
        } catch let failure as ComposerUnavailable {
            guard purpose == .handsFree else { throw failure }
            assembly.notices.append("\(failure) Descriptions come from the fallback composer.")
            guard let fallback else {
                assembly.notices.append("No composer is available, so this session gives alerts only.")
                return assembly
            }
            assembly.pipeline = DescriptionPipeline(composer: fallback, fallback: nil, network: network?(fallback),
                                                    locale: locale, detail: detail, purpose: purpose)
            return assembly
        }
        assembly.pipeline = DescriptionPipeline(composer: composer, fallback: fallback, network: network?(composer),
                                                locale: locale, detail: detail, purpose: purpose)
        return assembly
    }

    /// A composer that runs on this machine, or why not.
    public func onDeviceComposer(_ reference: OutputProfile.PluginReference) throws -> SceneComposerInstance {
        let id = reference.id
        let manifest: PluginManifest
        do {
            manifest = try self.manifest(id: id)
        } catch let error as LookupError {
            throw ComposerUnavailable(pluginID: id, reason: .notInstalled, description: error.description)
        }
        guard manifest.kind == .sceneComposer else {
            throw ComposerUnavailable(pluginID: id, reason: .notAComposer,
                                      description: "\(id) is a \(manifest.kind.rawValue), not a scene composer.")
        }
        guard !manifest.capabilities.usesNetwork else {
            throw ComposerUnavailable(pluginID: id, reason: .usesNetwork, description:
                "\(id) sends data off this machine; it runs only after you switch the reasoning backend and acknowledge the provider's terms (see 'sensebridge settings --help').")
        }
        do {
            return try sceneComposer(manifest, config: reference.config, placement: Placement(reference))
        } catch {
            throw ComposerUnavailable(pluginID: id, reason: .couldNotStart, description: "The composer \(id) could not be started: \(error)")
        }
    }
}
