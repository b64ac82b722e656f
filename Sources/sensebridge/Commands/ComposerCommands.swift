import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork

/// `sensebridge composer test-connection`, also spelled `settings check-endpoint`: one
/// labels-only probe, negotiated as a session would, then what the server supports,
/// what the model said, and whether the host would speak it and why.
enum ComposerCommands {
    static let group = CommandGroup(name: "composer", abstract: "Check the scene composer backends.", subcommands: [testConnection])

    /// The labels a connection test sends: fixed, never anything a sensor perceived.
    static let testLabels = ["chair", "table"]

    static let testConnection = connectionSpec(path: ["composer", "test-connection"])
    static let checkEndpoint = connectionSpec(path: ["settings", "check-endpoint"])

    static func connectionSpec(path: [String]) -> CommandSpec {
        CommandSpec(
            path: path,
            abstract: "Send one labels-only probe to the reasoning backend: which structured-output mode it supports, what the model replied, and whether SenseBridge would use it.",
            discussion: """
            Sends the fixed labels "chair" and "table" (nothing perceived) with your stored key, asking for \
            structured output as json_schema, then json_object, then plain text, as far as the server refuses; \
            the mode found is remembered for sessions (docs/PRIVACY.md). The reply is judged exactly as a \
            session would judge it. Needs that provider's terms acknowledged, but not the backend switched on, \
            so a key can be checked before it is used. A refused mode is asked again in the next; nothing else is retried.
            Exit status: 0 works, 65 reply refused, 69 unreachable or failing, 78 not configured or consented. \
            'composer test-connection' and 'settings check-endpoint' are the same command.
            """,
            options: [.value("--provider", "provider", "anthropic, openai, nvidia-nim or local-endpoint (default: the current backend)."),
                      .value("--timeout", "seconds", "Give up after this long (0.5 to 8; default 8, as for one describe request)."),
                      .flag("--json", "Print the result as JSON."),
                      .flag("--speak", "Also say the result through the profile's render targets."),
                      .value("--profile", "name", "The profile whose render targets --speak uses (default: blind).")],
            run: { arguments, context in
                try run(arguments, context, command: path.joined(separator: " "))
            })
    }

    struct Report {
        var ok: Bool
        var code: ExitCode
        var message: String
        var provider: String
        var phrase: String?
        var seconds: Double?
        /// The structured-output mode of the last request, and the modes refused before it.
        var format: String?
        var refusedFormats: [String] = []
        /// A public reason code when the reply was not usable.
        var reason: String?
        var endpoint: String?
        var model: String?
    }

    static func run(_ arguments: Arguments, _ context: Context, command: String) throws -> ExitCode {
        let loaded = SettingsFile.standard(environment: context.environment).load()
        SettingsCommands.report(loaded)
        let settings = loaded.settings
        var timeout = CompositionPurpose.describe.timeoutSeconds
        if let text = arguments.value("--timeout") {
            guard let value = Double(text), value >= 0.5, value <= 8 else {
                throw CLIError.usage("--timeout must be a number of seconds from 0.5 to 8.", command: command)
            }
            timeout = value
        }
        let (backend, provider) = try chooseProvider(arguments.value("--provider"), settings: settings, command: command)
        let name = provider?.displayName ?? "your local endpoint"
        let report = test(backend: backend, provider: provider, name: name, settings: settings, timeout: timeout, context: context)
        if arguments.has("--json") {
            var object: [String: Any] = ["ok": report.ok, "provider": report.provider, "message": report.message,
                                         "refusedFormats": report.refusedFormats]
            object["phrase"] = report.phrase ?? NSNull()
            object["format"] = report.format ?? NSNull()
            object["reason"] = report.reason ?? NSNull()
            object["endpoint"] = report.endpoint ?? NSNull()
            object["model"] = report.model ?? NSNull()
            object["seconds"] = report.seconds.map { ($0 * 1000).rounded() / 1000 } ?? NSNull()
            Console.json(object)
        } else {
            if let endpoint = report.endpoint {
                Console.err("Endpoint: \(endpoint)" + (report.model.map { ", model \($0)" } ?? ""))
                Console.err("Sent: \(testLabels.map { "\"\($0)\"" }.joined(separator: ", ")) (fixed labels; nothing perceived)")
                Console.err("Structured output: \(formatLine(report))")
                Console.err("Reply: " + (report.phrase.map { "\"\($0)\"" } ?? "none usable"))
            }
            if report.ok {
                Console.out(report.message)
            } else {
                Console.err("sensebridge: \(report.message)")
            }
        }
        if arguments.has("--speak") { speak(report, profile: arguments.value("--profile"), context: context) }
        return report.code
    }

    /// "json_object (json_schema refused: schema-unsupported)"; "none found (…)" when every
    /// mode was refused; "not known: …" when the server failed before a reply in the mode
    /// could be read, so nothing was learnt about it.
    static func formatLine(_ report: Report) -> String {
        let refused = report.refusedFormats.map { $0.replacingOccurrences(of: ":", with: " refused: ") }.joined(separator: "; ")
        guard let format = report.format else { return "not negotiated (this composer chooses its own)" }
        let head: String
        switch report.reason {
        case nil, "wrong-phrase-count"?: head = format
        case let reason? where reason.hasPrefix("refused:"): head = format
        case let reason? where FormatNegotiation.isAboutFormat(reason): head = "none found"
        case let reason?: head = "not known: \(format) was asked and the server failed (\(reason))"
        }
        return refused.isEmpty ? head : "\(head) (\(refused))"
    }

    static func chooseProvider(_ option: String?, settings: ReasoningSettings, command: String) throws -> (ReasoningBackend, CloudProvider?) {
        if let option {
            if option == CredentialName.localEndpoint.rawValue { return (.localEndpoint, nil) }
            guard let provider = CloudProvider(rawValue: option) else {
                throw CLIError.usage("--provider must be one of \(CredentialName.allCases.map(\.rawValue).joined(separator: ", ")).",
                                     command: command)
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
        let composer: NegotiatingComposer
        do {
            composer = try ReasoningSetup.negotiatingComposer(consent: consent, credentials: CredentialStore.standard(environment: context.environment),
                                                              host: context.host, memory: FormatMemory.standard(context.environment),
                                                              reprobes: true)
        } catch let failure as ReasoningSetup.CredentialFailure {
            return fail(.config, "Nothing was sent. \(failure)")
        } catch {
            return fail(.unavailable, "The network composer could not start: \(error)")
        }
        var base = Report(ok: false, code: .unavailable, message: "", provider: provider?.rawValue ?? "local-endpoint",
                          endpoint: consent.target.baseURL, model: consent.target.model)
        let started = MonotonicClock.nanoseconds()
        let reply: NegotiatingComposer.Reply
        do {
            reply = try composer.request(records: NetworkPayload.records(for: testLabels), locale: "en",
                                         maximumWords: SpokenDetail.brief.maximumPhraseWords(labelCount: testLabels.count),
                                         maximumLabels: testLabels.count, deadline: started + UInt64(timeout * 1e9))
        } catch {
            base.format = error.mode?.rawValue
            base.refusedFormats = FormatNegotiation.describe(error.refused)
            base.reason = error.reason.code
            base.seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
            // 65 only for a reply that came back and was unusable; an HTTP error, no reply
            // or a broken plugin is the endpoint failing (69).
            base.code = error.reason.kind == .unreadable ? .dataError : .unavailable
            base.message = "The connection test to \(name) failed (\(error.reason.code)): \(error.reason.detail)"
            return base
        }
        base.seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        base.format = reply.mode?.rawValue
        base.refusedFormats = FormatNegotiation.describe(reply.refused)
        let phrases = reply.phrases
        guard phrases.count == 1, let phrase = phrases.first, phrase.stream == .sight else {
            base.code = .dataError
            base.reason = "wrong-phrase-count"
            base.message = "\(name.sentenceStart) answered, but with \(phrases.count) phrases instead of one; SenseBridge would use on-device descriptions."
            return base
        }
        base.phrase = phrase.text
        // Judged exactly as a session judges a reply: covering every label sent.
        let sent = NetworkPayload.records(for: testLabels)
        let judged = SubjectPhrase(stream: .sight, text: phrase.text, recordIndices: Array(sent.indices))
        if let refusal = ReplyJudgement.refusal(of: judged, records: sent, locale: .en, detail: .brief) {
            base.code = .dataError
            base.reason = "refused:" + refusal.code
            base.message = "\(name.sentenceStart) answered, but SenseBridge refused its reply (\(refusal.explanation)) and would use on-device descriptions instead."
            return base
        }
        base.ok = true
        base.code = .ok
        base.message = "The connection to \(name) works: it answered in \(String(format: "%.1f", base.seconds ?? 0)) seconds with an acceptable phrase, \"\(phrase.text)\"."
        return base
    }

    /// Says the result through the profile's outputs (the first alternative of each that
    /// speaks it); a target that cannot be created is reported and the others still speak.
    static func speak(_ report: Report, profile name: String?, context: Context) {
        do {
            let profile = try ProfileLookup.session(name ?? ProfileStore.defaultProfileName, context: context)
            let message = OutputMessage(signal: .status, text: report.message, locale: SpokenLocale(identifier: profile.locale) ?? .en,
                                        isUrgent: !report.ok)
            for output in profile.outputs {
                for reference in output.alternatives {
                    do {
                        let target = try context.host.renderTarget(try context.host.manifest(id: reference.id), config: reference.config)
                        try target.render(message)
                        break
                    } catch {
                        Console.err("sensebridge: could not speak through \(reference.id): \(error)")
                    }
                }
            }
        } catch let error as CLIError {
            Console.err("sensebridge: could not speak the result: \(error.message)")
        } catch {
            Console.err("sensebridge: could not speak the result: \(error)")
        }
    }
}
