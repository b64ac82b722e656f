import CSenseBridgeABI

/// The four things a plugin can be. The manifest spells them as words; the
/// descriptor as `SB_KIND_*`; both must agree before a plugin is used.
public enum PluginKind: String, CaseIterable, Sendable, Codable {
    case sensingSource = "sensing-source"
    case sceneComposer = "scene-composer"
    case renderTarget = "render-target"
    /// Since ABI 1.4: an image in, perception records out.
    case perceiver = "perceiver"

    public var abiValue: sb_plugin_kind {
        switch self {
        case .sensingSource: return SB_KIND_SENSING_SOURCE
        case .sceneComposer: return SB_KIND_SCENE_COMPOSER
        case .renderTarget: return SB_KIND_RENDER_TARGET
        case .perceiver: return SB_KIND_PERCEIVER
        }
    }

    /// The ABI minor that introduced the kind: a manifest of an older minor cannot
    /// declare it, since a host of that minor would not know the interface.
    public var introducedInMinor: UInt32 {
        switch self {
        case .sensingSource, .sceneComposer, .renderTarget: return 0
        case .perceiver: return 4
        }
    }

    public init?(abiValue: sb_plugin_kind) {
        guard let kind = Self.allCases.first(where: { $0.abiValue == abiValue }) else { return nil }
        self = kind
    }

    /// The interface id the host asks the descriptor for.
    public var interfaceID: String {
        switch self {
        case .sensingSource: return SB_INTERFACE_SENSING_SOURCE
        case .sceneComposer: return SB_INTERFACE_SCENE_COMPOSER
        case .renderTarget: return SB_INTERFACE_RENDER_TARGET
        case .perceiver: return SB_INTERFACE_PERCEIVER
        }
    }
}
