import SenseBridgePluginKit

/// The audio source's settings, checked whole at create so that a mistyped profile is
/// reported when it loads, naming the key (Invariant 8), never discovered mid-session.
struct AudioSourceConfig {
    var input: String
    var sampleRate: Int
    var channels: Int
    var blockMilliseconds: Int
    var realtime: Bool

    static let keys: Set<String> = ["input", "sampleRate", "channels", "blockMilliseconds", "realtime"]
    /// What the sound perceivers of this project ask for (their manifests' `audioInput`).
    static let defaultRate = 16_000
    /// From telephone-band speech to studio audio; a typo (160000) is refused rather than
    /// asked of a resampler.
    static let rateRange = 8_000...192_000
    /// Mono to 7.1: a perceiver that wants more does not exist, and more is a typo.
    static let channelRange = 1...8
    /// 250 ms gives a perceiver a quarter second to decide on, and an alarm's shortest
    /// pulse (100 ms, temporal-four) is never more than a block late. 20 ms is the
    /// shortest a sound server delivers steadily; over 2 s a safety sound would be heard
    /// late.
    static let defaultBlockMilliseconds = 250
    static let blockRange = 20...2_000

    private struct Raw: Decodable {
        var input: String?
        var sampleRate: Int?
        var channels: Int?
        var blockMilliseconds: Int?
        var realtime: Bool?
    }

    init(_ config: PluginConfig) throws {
        try config.requireOnly(Self.keys)
        let raw = try config.decode(Raw.self)
        guard let input = raw.input, !input.isEmpty else {
            throw PluginError.invalidConfig(
                "Config key 'input' must be \"microphone\", \"pulse:SOURCE\", \"alsa:DEVICE\" or the path of an audio or video file.")
        }
        self.input = input
        sampleRate = raw.sampleRate ?? Self.defaultRate
        channels = raw.channels ?? 1
        blockMilliseconds = raw.blockMilliseconds ?? Self.defaultBlockMilliseconds
        realtime = raw.realtime ?? false
        for (key, value, range) in [("sampleRate", sampleRate, Self.rateRange), ("channels", channels, Self.channelRange),
                                    ("blockMilliseconds", blockMilliseconds, Self.blockRange)] where !range.contains(value) {
            throw PluginError.invalidConfig("Config key '\(key)' must be from \(range.lowerBound) to \(range.upperBound), not \(value).")
        }
    }

    /// Sample frames in one block: at least one.
    var blockFrames: Int { max(1, sampleRate * blockMilliseconds / 1000) }
}
