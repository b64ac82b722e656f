import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Runs one named check in this (child) process.
enum CheckDispatcher {
    static func run(_ name: String, _ c: CheckContext) -> CheckReport {
        do {
            if name.hasPrefix(ConformanceSuite.selfTestPrefix) {
                return try SelfTestCheck.run(String(name.dropFirst(ConformanceSuite.selfTestPrefix.count)), c)
            }
            switch name {
            case "manifest": return try CommonChecks.manifest(c)
            case "create-default": return try CommonChecks.createDefault(c)
            case "create-invalid-config": return try CommonChecks.createInvalidConfig(c)
            case "error-messages": return try CommonChecks.errorMessages(c)
            case "create-destroy-cycles": return try CommonChecks.createDestroyCycles(c)
            case "leak-per-call": return try CommonChecks.leakPerCall(c)
            case "threading": return try CommonChecks.threading(c)
            case "render-signals": return try RenderTargetChecks.signals(c)
            case "render-unknown-signal": return try RenderTargetChecks.unknownSignal(c)
            case "render-text-lengths": return try RenderTargetChecks.textLengths(c)
            case "render-invalid-utf8": return try RenderTargetChecks.invalidUTF8(c)
            case "render-interrupt": return try RenderTargetChecks.interrupt(c)
            case "render-after-interrupt": return try RenderTargetChecks.afterInterrupt(c)
            case "compose-corpus": return try ComposerChecks.corpus(c)
            case "compose-grounding": return try GroundingCheck.run(c)
            case "compose-cancel": return try ComposerChecks.cancel(c)
            case "frame-timestamps": return try SourceChecks.timestamps(c)
            case "end-of-stream": return try SourceChecks.endOfStream(c)
            case "stop-restart": return try SourceChecks.stopRestart(c)
            case "frames-after-stop": return try SourceChecks.framesAfterStop(c)
            case "perceive-images": return try PerceiverChecks.images(c)
            case "perceive-bad-images": return try PerceiverChecks.badImages(c)
            case "perceive-cancel": return try PerceiverChecks.cancel(c)
            case "hear-audio": return try ListenerChecks.hear(c)
            case "hear-bad-audio": return try ListenerChecks.badAudio(c)
            case "hear-cancel": return try ListenerChecks.cancel(c)
            default: return .fail("the harness has no check named '\(name)'")
            }
        } catch let failure as CheckFailure {
            return .fail(failure.reason)
        } catch {
            return .fail("\(error)")
        }
    }
}
