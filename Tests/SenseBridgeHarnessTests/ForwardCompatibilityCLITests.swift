import Foundation
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A plugin's minor is the oldest host it needs (docs/PLUGIN_ABI.md, "What a plugin's
/// minor means"), through the built CLI: one that declares a minor this host does not
/// have is refused from its manifest and from its descriptor, by `plugins list` and by
/// `plugins test`, in words that say which host it needs, this host's own, and what to
/// do; one built against today's header that declares 1.0 passes the harness's manifest
/// check, which holds the descriptor to the manifest and not to the header.
@Suite struct ForwardCompatibilityCLITests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let next = HostABI.minor + 1

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path], timeout: 300)
    }

    var refusal: String {
        "plugin needs a host of ABI 1.\(next) or later, and this host provides 1.\(HostABI.minor); update SenseBridge, "
            + "or install a build of the plugin whose manifest declares ABI 1.\(HostABI.minor) or earlier."
    }

    @Test func aManifestThatNeedsANewerHostIsRefusedSayingWhichAndWhatToDo() throws {
        let fixture = try FixturePlugin.make(in: plugins.url, name: "next", id: "org.example.next",
                                             manifest: ["abi": ["major": 1, "minor": next]])
        let listed = try cli(["plugins", "list"])
        #expect((listed.standardOutput + listed.standardError).contains("\(fixture.manifestURL.path): \(refusal)"),
                "\(listed.standardOutput)\n\(listed.standardError)")
        let tested = try cli(["plugins", "test", "org.example.next", "--only", "manifest"])
        #expect(tested.status == 1)
        #expect(tested.standardOutput.contains(refusal), "\(tested.standardOutput)\n\(tested.standardError)")
    }

    @Test func aDescriptorThatNeedsANewerHostIsRefusedInTheSameWords() throws {
        try FixturePlugin.make(in: plugins.url, name: "next-library", id: "org.example.next-library",
                               defines: ["FIXTURE_ABI_MINOR": "\(next)"])
        let tested = try cli(["plugins", "test", "org.example.next-library", "--only", "manifest"])
        #expect(tested.status == 1)
        #expect(tested.standardOutput.contains(refusal), "\(tested.standardOutput)\n\(tested.standardError)")
    }

    @Test func aPluginThatDeclares10PassesTheManifestCheck() throws {
        try FixturePlugin.make(in: plugins.url, name: "oldest", id: "org.example.oldest",
                               defines: ["FIXTURE_ABI_MINOR": "0"], manifest: ["abi": ["major": 1, "minor": 0]])
        let tested = try cli(["plugins", "test", "org.example.oldest", "--only", "manifest"])
        #expect(tested.status == 0, "\(tested.standardOutput)\n\(tested.standardError)")
        #expect(tested.standardOutput.contains("is a render-target, ABI 1.0,"), "\(tested.standardOutput)")
    }

    @Test func aDescriptorAndAManifestThatDisagreeAreNamedBoth() throws {
        try FixturePlugin.make(in: plugins.url, name: "disagrees", id: "org.example.disagrees",
                               defines: ["FIXTURE_ABI_MINOR": "0"], manifest: ["abi": ["major": 1, "minor": 2]])
        let tested = try cli(["plugins", "test", "org.example.disagrees", "--only", "manifest"])
        #expect(tested.status == 1)
        #expect(tested.standardOutput.contains("the manifest declares ABI 1.2 but the library's descriptor declares 1.0; "
                                               + "both must name the oldest host the plugin needs"), "\(tested.standardOutput)")
    }
}
