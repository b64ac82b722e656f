import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `settings` and `credentials` as a person runs them: a real process and an isolated home.
@Suite struct CLISettingsTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    var configDirectory: URL { home.url.appendingPathComponent("config/sensebridge") }

    func cli(_ arguments: [String], input: String? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, input: input.map { Data($0.utf8) })
    }

    @Test func showDefaultsSaysNothingLeaves() throws {
        let result = try cli(["settings", "show"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("reasoningBackend:   on-device (nothing leaves this machine)"))
        #expect(result.standardOutput.contains("Network composition: off."))
        let json = try cli(["settings", "show", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["reasoningBackend"] as? String == "on-device")
        #expect((object["networkComposition"] as? [String: Any])?["enabled"] as? Bool == false)
    }

    @Test func bothGatesAreNeededAndSwitchingProviderAsksAgain() throws {
        #expect(try cli(["settings", "set", "reasoningBackend", "cloud"]).standardOutput.contains("Nothing is sent yet"))
        let acknowledged = try cli(["settings", "acknowledge-terms", "openai"])
        #expect(acknowledged.status == 0)
        #expect(acknowledged.standardOutput.contains("never images, recognized text, sounds, distances, confidences or location"))
        #expect(acknowledged.standardOutput.contains("https://openai.com/policies/terms-of-use"))
        #expect(try cli(["settings", "show"]).standardOutput.contains("Network composition: on. Object labels only go to https://api.openai.com/v1"))
        let switched = try cli(["settings", "set", "cloudProvider", "anthropic"])
        #expect(switched.standardOutput.contains("previous provider's terms acknowledgement was removed"))
        #expect(try cli(["settings", "show"]).standardOutput.contains("terms for Anthropic have not been acknowledged"))
        #expect(try cli(["settings", "set", "reasoningBackend", "on-device"]).standardOutput.contains("nothing is sent"))
    }

    @Test func anHttpEndpointNeedsTheExplicitUnencryptedYes() throws {
        let set = try cli(["settings", "set", "localEndpointURL", "http://192.168.1.20:11434/v1"])
        #expect(set.standardOutput.contains("travel unencrypted"))
        let refused = try cli(["settings", "acknowledge-terms", "local-endpoint"])
        #expect(refused.status == 78)
        #expect(refused.standardError.contains("Nothing was recorded"))
        #expect(try cli(["settings", "show", "--json"]).standardOutput.contains("\"termsAcknowledgements\" : [\n\n  ]"))
        let accepted = try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"])
        #expect(accepted.status == 0)
        _ = try cli(["settings", "set", "reasoningBackend", "local-endpoint"])
        #expect(try cli(["settings", "show"]).standardOutput.contains("Object labels only go to http://192.168.1.20:11434/v1 (model llama3.2), unencrypted."))
    }

    @Test func aCorruptFileIsReportedNeverOverwrittenAndKeptAside() throws {
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        let path = configDirectory.appendingPathComponent("settings.json")
        try Data("{\"reasoningBackend\": \"cloud\",".utf8).write(to: path)
        let shown = try cli(["settings", "show"])
        #expect(shown.status == 78)
        #expect(shown.standardError.contains("\(path.path): is not valid JSON"))
        #expect(shown.standardOutput.contains("on-device (nothing leaves this machine)"))
        #expect(try String(contentsOf: path, encoding: .utf8) == "{\"reasoningBackend\": \"cloud\",")
        let changed = try cli(["settings", "set", "requestsPerHour", "30"])
        #expect(changed.status == 0)
        #expect(changed.standardError.contains("kept as \(path.path).corrupt-"))
        let names = try FileManager.default.contentsOfDirectory(atPath: configDirectory.path)
        #expect(names.contains { $0.hasPrefix("settings.json.corrupt-") })
    }

    @Test func theOldSwitchMigratesWithoutTurningAnythingOn() throws {
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        try Data(#"{"cloudReasoningEnabled": true}"#.utf8).write(to: configDirectory.appendingPathComponent("settings.json"))
        let shown = try cli(["settings", "show"])
        #expect(shown.status == 0)
        #expect(shown.standardError.contains("'cloudReasoningEnabled' was on; it no longer turns anything on"))
        #expect(shown.standardOutput.contains("Network composition: off."))
    }

    @Test func aKeyComesFromStandardInputNeverAnArgumentAndNeverShows() throws {
        let key = "sk-test-DO-NOT-LEAK-4417"
        let refused = try cli(["credentials", "set", "openai", key])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("not as an argument"))
        #expect(!FileManager.default.fileExists(atPath: configDirectory.appendingPathComponent("credentials/openai").path))

        let stored = try cli(["credentials", "set", "openai"], input: key + "\n")
        #expect(stored.status == 0)
        let file = configDirectory.appendingPathComponent("credentials/openai")
        let mode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        #expect(try cli(["credentials", "list"]).standardOutput.contains("openai          stored"))

        _ = try cli(["settings", "acknowledge-terms", "openai"])
        _ = try cli(["settings", "set", "reasoningBackend", "cloud"])
        _ = try cli(["settings", "set", "reasoningBackend", "on-device"])
        // Switching the backend off keeps the key; only remove deletes it.
        #expect(FileManager.default.fileExists(atPath: file.path))
        var everything = [stored.standardOutput, stored.standardError]
        for arguments in [["settings", "show"], ["settings", "show", "--json"], ["credentials", "list", "--json"]] {
            let result = try cli(arguments)
            everything += [result.standardOutput, result.standardError]
        }
        everything.append(try String(contentsOf: configDirectory.appendingPathComponent("settings.json"), encoding: .utf8))
        #expect(!everything.contains { $0.contains(key) })

        chmod(file.path, 0o644)
        let open = try cli(["credentials", "list"])
        #expect(open.status == 78)
        #expect(open.standardError.contains("Permissions 0644 for '\(file.path)' are too open"))
        #expect(try cli(["credentials", "remove", "openai"]).standardOutput.contains("Removed the key for OpenAI."))
        #expect(try cli(["credentials", "remove", "openai"]).standardOutput.contains("No key was stored for OpenAI."))
    }

    @Test func helpExistsForEveryNewCommand() throws {
        for path in [["settings", "show"], ["settings", "set"], ["settings", "acknowledge-terms"], ["settings", "revoke-terms"],
                     ["credentials", "set"], ["credentials", "remove"], ["credentials", "list"], ["composer", "test-connection"]] {
            let help = try cli(["help"] + path)
            #expect(help.status == 0)
            #expect(help.standardOutput.hasPrefix("OVERVIEW: "))
            #expect(help.standardOutput == (try cli(path + ["--help"])).standardOutput)
        }
        #expect(try cli(["--help"]).standardOutput.contains("credentials"))
    }
}
