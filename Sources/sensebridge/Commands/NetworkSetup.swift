import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork

/// Reads the person's reasoning settings and credentials for a session and returns the
/// description pipeline's network seam: nil when network composition was never wanted,
/// so `describe` and `walk` then say nothing about networks.
///
/// The settings decide whether the network is asked; a profile or `--composer` naming a
/// network composer never turns it on (SenseBridgeNetwork's consent gate decides).
enum NetworkSetup {
    static func composition(composerID: String, context: Context) -> ((PhraseComposing) -> NetworkComposing?)? {
        let loaded = SettingsFile.standard(environment: context.environment).load()
        SettingsCommands.report(loaded)
        let prepared = ReasoningSetup.prepare(settings: loaded.settings,
                                              credentials: CredentialStore.standard(environment: context.environment),
                                              host: context.host, profileComposerID: composerID, environment: context.environment)
        if let explanation = prepared.explanation { Console.err("note: \(explanation)") }
        return prepared.composition(settings: loaded.settings)
    }
}

/// The CLI's reading of a pipeline that could not be assembled: the host's sentence,
/// with the exit code its reason calls for.
extension CLIError {
    init(_ failure: ComposerUnavailable) {
        let code: ExitCode
        switch failure.reason {
        case .notInstalled, .couldNotStart: code = .unavailable
        case .notAComposer: code = .usage
        case .usesNetwork: code = .config
        }
        self.init(message: failure.description, code: code)
    }
}
