import Foundation
import SenseBridgeHost
import SenseBridgeNetwork

/// `sensebridge settings show|set|acknowledge-terms|revoke-terms|check-endpoint`: the reasoning backend
/// and its consent. Keys never pass through here; see `credentials`.
enum SettingsCommands {
    static let group = CommandGroup(name: "settings", abstract: "Show and change settings: the reasoning backend and its consent.",
                                    subcommands: [show, set, acknowledge, revoke, ComposerCommands.checkEndpoint])

    static let show = CommandSpec(
        path: ["settings", "show"],
        abstract: "Show the reasoning settings and whether anything may leave this machine.",
        discussion: "Reads $XDG_CONFIG_HOME/sensebridge/settings.json. An unreadable file is reported (exit 78) and the defaults, which send nothing, apply.",
        options: [.flag("--json", "Print the settings as JSON.")],
        run: { arguments, context in
            let file = SettingsFile.standard(environment: context.environment)
            let loaded = file.load()
            report(loaded)
            let settings = loaded.settings
            let decision = ConsentGate.evaluate(settings, environment: context.environment)
            if arguments.has("--json") {
                var object = SettingsJSON.object(settings)
                object["file"] = file.url.path
                object["networkComposition"] = SettingsJSON.decision(decision)
                object["problem"] = loaded.problem?.description ?? NSNull()
                Console.json(object)
            } else {
                Console.out(SettingsJSON.human(settings, decision: decision, file: file))
            }
            return loaded.problem == nil ? .ok : .config
        })

    static let set = CommandSpec(
        path: ["settings", "set"],
        abstract: "Change one setting.",
        discussion: """
        Keys: reasoningBackend (on-device | local-endpoint | cloud), cloudProvider (anthropic | openai | nvidia-nim),
        cloudModel, localEndpointURL, localEndpointModel, requestsPerHour, requestsPerSession. Use 'none' to clear.
        Switching the backend away from on-device is one of two consent gates; the other is
        'settings acknowledge-terms'. Choosing another provider or address asks for the terms again.
        """,
        arguments: [("<key>", "The setting to change."), ("<value>", "Its new value.")],
        run: { arguments, context in
            guard arguments.positionals.count == 2 else {
                throw CLIError.usage("Expected a key and a value.", command: "settings set")
            }
            let key = arguments.positionals[0]
            return try edit(context) { settings in
                let notes: [String]
                do { notes = try settings.set(key, to: arguments.positionals[1]) } catch let error as ReasoningSettings.EditError {
                    throw CLIError.usage(error.description, command: "settings set")
                }
                var lines = notes
                lines.append("Set \(key).")
                if key == "reasoningBackend" {
                    if settings.reasoningBackend == .onDevice {
                        lines.append("Descriptions are composed on this device; nothing is sent. Stored keys are kept; remove one with 'sensebridge credentials remove PROVIDER'.")
                    } else if case .onDevice(let refusal) = ConsentGate.evaluate(settings, environment: context.environment) {
                        lines.append("Nothing is sent yet: \(refusal)")
                    }
                }
                return lines
            }
        })

    static let acknowledge = CommandSpec(
        path: ["settings", "acknowledge-terms"],
        abstract: "Acknowledge what a provider receives and its terms (the second consent gate).",
        discussion: """
        Providers: anthropic, openai, nvidia-nim, local-endpoint. For a cloud provider this also chooses it
        as cloudProvider. For local-endpoint it covers exactly the address now in localEndpointURL; an http://
        address also needs --accept-unencrypted, because labels would travel unencrypted.
        """,
        arguments: [("<provider>", "anthropic, openai, nvidia-nim or local-endpoint.")],
        options: [.flag("--accept-unencrypted", "Accept that labels travel unencrypted to an http:// endpoint.")],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let name = CredentialName(rawValue: arguments.positionals[0]) else {
                throw CLIError.usage("Expected one provider: \(CredentialName.allCases.map(\.rawValue).joined(separator: ", ")).",
                                     command: "settings acknowledge-terms")
            }
            return try edit(context) { settings in
                let now = ISO8601DateFormatter().string(from: Date())
                var lines: [String] = []
                if name == .localEndpoint {
                    guard let url = settings.localEndpointURL else {
                        throw CLIError(message: "No local endpoint address is set; run 'sensebridge settings set localEndpointURL https://HOST:PORT/v1' first.", code: .config)
                    }
                    let unencrypted = EndpointAddress.isUnencrypted(url)
                    lines.append(Disclosure.local(url))
                    if unencrypted {
                        lines.append(EndpointAddress.unencryptedWarning)
                        guard arguments.has("--accept-unencrypted") else {
                            throw CLIError(message: EndpointAddress.unencryptedWarning + "\nNothing was recorded. Repeat with --accept-unencrypted to accept it, or use an https:// address.", code: .config)
                        }
                    }
                    settings.termsAcknowledgements.removeAll { if case .localEndpoint = $0.scope { return true }; return false }
                    settings.termsAcknowledgements.append(TermsAcknowledgement(scope: .localEndpoint(url), acknowledgedAt: now,
                                                                               unencryptedAccepted: unencrypted))
                    lines.append("Acknowledged for \(url).")
                } else {
                    let provider = CloudProvider(rawValue: name.rawValue)!
                    lines.append(Disclosure.cloud(provider))
                    if settings.cloudProvider != provider {
                        lines += try settings.set("cloudProvider", to: provider.rawValue)
                        lines.append("Cloud provider set to \(provider.displayName).")
                    }
                    settings.termsAcknowledgements.removeAll { $0.scope == .cloud(provider) }
                    settings.termsAcknowledgements.append(TermsAcknowledgement(scope: .cloud(provider), acknowledgedAt: now))
                    lines.append("Acknowledged \(provider.displayName)'s terms.")
                }
                if case .onDevice(let refusal) = ConsentGate.evaluate(settings, environment: context.environment) {
                    lines.append("Nothing is sent yet: \(refusal)")
                }
                return lines
            }
        })

    static let revoke = CommandSpec(
        path: ["settings", "revoke-terms"],
        abstract: "Withdraw a terms acknowledgement; network composition stops for that provider.",
        arguments: [("<provider>", "anthropic, openai, nvidia-nim or local-endpoint.")],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let name = CredentialName(rawValue: arguments.positionals[0]) else {
                throw CLIError.usage("Expected one provider: \(CredentialName.allCases.map(\.rawValue).joined(separator: ", ")).",
                                     command: "settings revoke-terms")
            }
            return try edit(context) { settings in
                let before = settings.termsAcknowledgements.count
                settings.termsAcknowledgements.removeAll { ack in
                    switch ack.scope {
                    case .cloud(let provider): return provider.rawValue == name.rawValue
                    case .localEndpoint: return name == .localEndpoint
                    }
                }
                return [settings.termsAcknowledgements.count < before
                        ? "Withdrawn: nothing is sent to \(name.displayName) until its terms are acknowledged again."
                        : "No acknowledgement for \(name.displayName) was recorded."]
            }
        })

    /// Loads, changes and saves the settings file; an unreadable file is kept aside, never overwritten.
    static func edit(_ context: Context, _ change: (inout ReasoningSettings) throws -> [String]) throws -> ExitCode {
        let file = SettingsFile.standard(environment: context.environment)
        let loaded = file.load()
        report(loaded)
        var settings = loaded.settings
        let lines = try change(&settings)
        let notes: [String]
        do {
            notes = try file.save(settings, otherKeys: loaded.otherKeys, replacing: loaded)
        } catch {
            throw CLIError(message: "\(file.url.path) could not be written (\((error as NSError).localizedDescription)); nothing was changed.", code: .ioError)
        }
        notes.forEach { Console.err("note: \($0)") }
        lines.forEach { Console.out($0) }
        return .ok
    }

    static func report(_ loaded: SettingsFile.Loaded) {
        if let problem = loaded.problem { Console.err("sensebridge: \(problem)") }
        if loaded.legacyCloudWasOn {
            Console.err("note: the retired setting 'cloudReasoningEnabled' was on; it no longer turns anything on. Choose a backend with 'sensebridge settings set reasoningBackend' and acknowledge the provider's terms.")
        }
    }
}

/// What the person reads before acknowledging: exactly what leaves, and where it goes.
enum Disclosure {
    static let what = "What is sent: the names of detected objects (for example \"chair\", \"door\"), and nothing else: never images, recognized text, sounds, distances, confidences or location."

    static func cloud(_ provider: CloudProvider) -> String {
        """
        \(what)
        Where it goes: \(provider.displayName) (\(provider.defaultBaseURL)), called directly with your own API key. \
        \(provider.displayName)'s own terms apply: \(provider.termsURL)
        """
    }

    static func local(_ url: String) -> String {
        """
        \(what)
        Where it goes: \(url), the address you typed, over whatever network reaches it. SenseBridge has no visibility past that point.
        """
    }
}
