import SenseBridgeCore
import SenseBridgePluginKit

/// What this plugin makes of a model's content in the mode it asked for: Core's
/// `ModelReplyText` finds the phrase; a bare phrase is a phrase only in text mode, and is
/// `format-ignored` in a JSON mode, so the host asks the next mode instead.
enum ReplyReading {
    static func phrase(inContent content: String, format: ResponseFormat) throws -> String {
        switch ModelReplyText.read(content) {
        case .json(let phrase):
            return phrase
        case .malformed(let why):
            throw ProviderWire.malformed(why)
        case .bare(let phrase):
            guard !format.wantsJSON else {
                throw PluginError(.network, reason: "format-ignored",
                                  "The provider ignored the structured output requested (\(format.rawValue)): its reply is not JSON; nothing from it was used.")
            }
            return phrase
        }
    }
}
