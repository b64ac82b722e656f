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
            throw failure("malformed-reply", why)
        case .bare(let phrase):
            guard !format.wantsJSON else {
                throw failure("format-ignored", "structured output (\(format.rawValue)) was requested and the reply is not JSON")
            }
            return phrase
        }
    }

    static func failure(_ reason: String, _ why: String) -> PluginError {
        PluginError(.network, reason: reason, "The provider's reply could not be used (\(why)); nothing from it was used.")
    }
}
