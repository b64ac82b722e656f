import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork

/// `sensebridge composer test-connection`: one real request, then success or the
/// specific failure, printed and optionally spoken.
enum ComposerCommands {
    static let group = CommandGroup(name: "composer", abstract: "Check the scene composer backends.", subcommands: [testConnection])

    /// The labels a connection test sends: fixed, never anything a sensor perceived.
    static let testLabels = ["chair", "table"]

    static let testConnection = CommandSpec(
        path: ["composer", "test-connection"],
        abstract: "Make one real request to a reasoning provider and report success or the specific failure.",
        discussion: """
        Sends the fixed labels "chair" and "table" (nothing perceived) to the provider, with your stored key, and
        judges the reply exactly as a session would. Needs that provider's terms acknowledged, but not the backend
        switched on, so a key can be checked before it is used. Never retried.
        Exit status: 0 works, 65 reply rejected, 69 unreachable or failing, 78 not configured or consented.
        """,
        options: [.value("--provider", "provider", "anthropic, openai, nvidia-nim or local-endpoint (default: the current backend)."),
                  .value("--timeout", "seconds", "Give up after this long (0.5 to 8; default 8, as for one describe request)."),
                  .flag("--json", "Print the result as JSON."),
                  .flag("--speak", "Also say the result through the profile's render targets."),
                  .value("--profile", "name", "The profile whose render targets --speak uses (default: blind).")],
        run: { arguments, context in
            try run(arguments, context)
        })

    struct Report {
        var ok: Bool
        var code: ExitCode
        var message: String
        var provider: String
        var phrase: String?
        var seconds: Double?
    }

    static func run(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let loaded = SettingsFile.standard(environment: context.environment).load()
        SettingsCommands.report(loaded)
        let settings = loaded.settings
        var timeout = CompositionPurpose.describe.timeoutSeconds
        if let text = arguments.value("--timeout") {
            guard let value = Double(text), value >= 0.5, value <= 8 else {
                throw CLIError.usage("--timeout must be a number of seconds from 0.5 to 8.", command: "composer test-connection")
            }
            timeout = value
        }
        let (backend, provider) = try chooseProvider(arguments.value("--provider"), settings: settings)
        let name = provider?.displayName ?? "your local endpoint"
        let report = test(backend: backend, provider: provider, name: name, settings: settings, timeout: timeout, context: context)
        if arguments.has("--json") {
            var object: [String: Any] = ["ok": report.ok, "provider": report.provider, "message": report.message]
            if let phrase = report.phrase { object["phrase"] = phrase }
            if let seconds = report.seconds { object["seconds"] = (seconds * 1000).rounded() / 1000 }
            Console.json(object)
        } else if report.ok {
            Console.out(report.message)
        } else {
            Console.err("sensebridge: \(report.message)")
        }
        if arguments.has("--speak") { speak(report, profile: arguments.value("--profile"), context: context) }
        return report.code
    }

    static func chooseProvider(_ option: String?, settings: ReasoningSettings) throws -> (ReasoningBackend, CloudProvider?) {
        if let option {
            if option == CredentialName.localEndpoint.rawValue { return (.localEndpoint, nil) }
            guard let provider = CloudProvider(rawValue: option) else {
                throw CLIError.usage("--provider must be one of \(CredentialName.allCases.map(\.rawValue).joined(separator: ", ")).",
                                     command: "composer test-connection")
            }
            return (.cloud, provider)
        }
        switch settings.reasoningBackend {
        case .onDevice:
            throw CLIError(message: "The reasoning backend is on-device, so there is no connection to test; name one with --provider.", code: .config)
        case .localEndpoint: return (.localEndpoint, nil)
        case .cloud:
            guard let provider = settings.cloudProvider else {
                throw CLIError(message: "No cloud provider is chosen; name one with --provider.", code: .config)
            }
            return (.cloud, provider)
        }
    }

    static func test(backend: ReasoningBackend, provider: CloudProvider?, name: String, settings: ReasoningSettings,
                     timeout: Double, context: Context) -> Report {
        func fail(_ code: ExitCode, _ message: String) -> Report {
            Report(ok: false, code: code, message: message, provider: provider?.rawValue ?? "local-endpoint")
        }
        let decision = ConsentGate.evaluateForConnectionTest(backend, provider: provider, settings: settings, environment: context.environment)
        guard let consent = decision.consent else {
            if case .onDevice(let refusal) = decision { return fail(.config, "Nothing was sent. \(refusal)") }
            return fail(.config, "Nothing was sent.")
        }
        if let variable = consent.target.baseURLSource {
            Console.err("note: using the base URL from \(variable): \(consent.target.baseURL)")
        }
        if consent.target.isUnencrypted { Console.err("note: \(EndpointAddress.unencryptedWarning)") }
        let composer: SceneComposerInstance
        do {
            composer = try ReasoningSetup.create(consent: consent, credentials: CredentialStore.standard(environment: context.environment),
                                                 host: context.host)
        } catch let failure as ReasoningSetup.CredentialFailure {
            return fail(.config, "Nothing was sent. \(failure)")
        } catch {
            return fail(.unavailable, "The network composer could not start: \(error)")
        }
        let started = MonotonicClock.nanoseconds()
        let phrases: [SubjectPhrase]
        do {
            phrases = try composer.composePhrases(records: NetworkPayload.records(for: testLabels), locale: "en",
                                                  maximumWords: SpokenDetail.brief.maximumPhraseWords(labelCount: testLabels.count),
                                                  maximumLabels: testLabels.count, deadline: started + UInt64(timeout * 1e9))
        } catch let error as PluginCallError {
            return fail(.unavailable, "The connection test to \(name) failed: \(error.message)")
        } catch {
            return fail(.unavailable, "The connection test to \(name) failed: \(error)")
        }
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        guard phrases.count == 1, let phrase = phrases.first, phrase.stream == .sight else {
            return fail(.dataError, "\(name) answered, but with \(phrases.count) phrases instead of one; SenseBridge would use on-device descriptions.")
        }
        // Judged exactly as a session judges a reply: covering every label sent.
        let sent = NetworkPayload.records(for: testLabels)
        let reply = SubjectPhrase(stream: .sight, text: phrase.text, recordIndices: Array(sent.indices))
        if let problem = ReplyJudgement.problem(with: reply, records: sent, locale: .en, detail: .brief) {
            var report = fail(.dataError, "\(name) answered, but its reply was rejected by the validator (\(problem)); SenseBridge would use on-device descriptions instead.")
            report.seconds = seconds
            return report
        }
        return Report(ok: true, code: .ok,
                      message: "The connection to \(name) works: it answered in \(String(format: "%.1f", seconds)) seconds with an acceptable phrase, \"\(phrase.text)\".",
                      provider: provider?.rawValue ?? "local-endpoint", phrase: phrase.text, seconds: seconds)
    }

    /// Says the result through the profile's render targets; a target that cannot be
    /// created is reported and the others still speak.
    static func speak(_ report: Report, profile name: String?, context: Context) {
        do {
            let profile = try ProfileLookup.load(name ?? ProfileStore.defaultProfileName, context: context)
            let message = OutputMessage(signal: .status, text: report.message, locale: SpokenLocale(identifier: profile.locale) ?? .en,
                                        isUrgent: !report.ok)
            for reference in profile.renderTargets {
                do {
                    let target = try context.host.renderTarget(try context.host.manifest(id: reference.id), config: reference.config)
                    try target.render(message)
                } catch {
                    Console.err("sensebridge: could not speak through \(reference.id): \(error)")
                }
            }
        } catch let error as CLIError {
            Console.err("sensebridge: could not speak the result: \(error.message)")
        } catch {
            Console.err("sensebridge: could not speak the result: \(error)")
        }
    }
}
