import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// Defects only the loaded library can reveal, each from a real C fixture built
/// against the header. Every one is a reported problem, never a crash.
@Suite struct PluginLoadingTests {
    func loadProblem(defines: [String: String], manifest: [String: Any] = [:], name: String) throws -> PluginProblem {
        let directory = try TemporaryDirectory()
        let fixture = try FixturePlugin.make(in: directory.url, name: name, defines: defines, manifest: manifest)
        let parsed = try ManifestReader.read(fixture.manifestURL).get()
        do {
            _ = try LoadedPlugin.load(parsed)
            Issue.record("\(name) loaded although it is broken")
            return PluginProblem(path: "", reason: .unreadable(""))
        } catch let problem as PluginProblem {
            #expect(problem.path == fixture.manifestURL.path)
            return problem
        }
    }

    @Test func goodFixtureLoadsCreatesAndRenders() throws {
        let directory = try TemporaryDirectory()
        let fixture = try FixturePlugin.make(in: directory.url, name: "good")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let target = try host.renderTarget(try host.manifest(id: "org.sensebridge.fixture"))
        try target.render(OutputMessage(signal: .description, text: "It looks like there's a chair."))
        target.interrupt()
        #expect(host.catalog.broken.isEmpty)
        _ = fixture
    }

    @Test func entrySymbolMissing() throws {
        let problem = try loadProblem(defines: ["FIXTURE_ENTRY_NAME": "some_other_name"], name: "noentry")
        guard case .entrySymbolMissing("sensebridge_plugin_entry", _) = problem.reason else { Issue.record("\(problem)"); return }
    }

    @Test func descriptorStructSizeTooSmall() throws {
        let problem = try loadProblem(defines: ["FIXTURE_STRUCT_SIZE": "12"], name: "small")
        guard case .descriptorInvalid(let why) = problem.reason else { Issue.record("\(problem)"); return }
        #expect(why.contains("struct_size is 12"))
    }

    @Test func abiMajorDiffersInTheLibrary() throws {
        #expect(try loadProblem(defines: ["FIXTURE_ABI_MAJOR": "2"], name: "major").reason == .abiMajorMismatch(plugin: 2, host: 1))
    }

    @Test func abiMinorNewerInTheLibrary() throws {
        let newer = HostABI.minor + 1
        #expect(try loadProblem(defines: ["FIXTURE_ABI_MINOR": "\(newer)"], name: "minor").reason == .abiMinorNewer(plugin: newer, host: HostABI.minor))
    }

    @Test(arguments: [0, 1, 6] as [UInt32])
    func aPluginBuiltAgainstAnOlderMinorLoadsInThisHost(minor: UInt32) throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "older", defines: ["FIXTURE_ABI_MINOR": "\(minor)"],
                               manifest: ["abi": ["major": 1, "minor": minor]])
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let manifest = try host.manifest(id: "org.sensebridge.fixture")
        #expect(manifest.abiMinor == minor && HostABI.minor > minor)
        let target = try host.renderTarget(manifest)
        try target.render(OutputMessage(signal: .description, text: "It looks like there's a chair."))
        #expect(host.catalog.broken.isEmpty)
    }

    @Test func pluginsReadTheHostsABIVersionFromTheHostServices() throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "current", defines: ["FIXTURE_REQUIRE_HOST_MINOR": "\(HostABI.minor)"])
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        _ = try host.renderTarget(try host.manifest(id: "org.sensebridge.fixture"))

        let newer = try TemporaryDirectory()
        try FixturePlugin.make(in: newer.url, name: "newer", defines: ["FIXTURE_REQUIRE_HOST_MINOR": "\(HostABI.minor + 1)"])
        let refusing = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: newer.url, origin: .commandLine)]))
        do {
            _ = try refusing.renderTarget(try refusing.manifest(id: "org.sensebridge.fixture"))
            Issue.record("the fixture accepted a host older than it requires")
        } catch let error as PluginCallError {
            #expect(error.message.contains("the host reports ABI \(HostABI.versionString);"))
        }
    }

    /// ABI 1.2: the manifest's defaults with the profile's values over them reach a C
    /// plugin as sorted key/value entries it can bsearch, without parsing JSON.
    @Test func pluginsReadTheirConfigAsEntriesFromTheHostServices() throws {
        let directory = try TemporaryDirectory()
        let defaults: [String: Any] = ["names": ["es": ["chair": "una silla", "table": "una mesa"], "vi": ["chair": "một cái ghế"]],
                                       "style": "grouped", "list": Array(0..<12)]
        try FixturePlugin.make(in: directory.url, name: "entries",
                               defines: ["FIXTURE_EXPECT_CONFIG_KEY": #""names.vi.chair""#, "FIXTURE_EXPECT_CONFIG_VALUE": #""một cái ghế""#],
                               manifest: ["config": ["defaults": defaults]])
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let manifest = try host.manifest(id: "org.sensebridge.fixture")
        _ = try host.renderTarget(manifest)

        let overridden: [String: JSONValue] = ["names": .object(["vi": .object(["chair": .string("cái ghế")])])]
        let wrong = #expect(throws: PluginCallError.self) { try host.renderTarget(manifest, config: overridden) }
        #expect(wrong?.message.contains(#"config entry names.vi.chair is "cái ghế"; expected "một cái ghế""#) == true,
                "\(wrong?.message ?? "")")
        // A key with a dot cannot become a path: the plugin is told with NULL entries and refuses.
        let dotted = #expect(throws: PluginCallError.self) { try host.renderTarget(manifest, config: ["a.b": .number(1)]) }
        #expect(dotted?.message.contains("NULL config entries") == true, "\(dotted?.message ?? "")")
    }

    @Test func kindDiffersFromTheManifest() throws {
        let problem = try loadProblem(defines: ["FIXTURE_KIND": "SB_KIND_SCENE_COMPOSER"], name: "kind")
        guard case .descriptorMismatch(let why) = problem.reason else { Issue.record("\(problem)"); return }
        #expect(why.contains("render-target") && why.contains("scene-composer"))
    }

    @Test func idDiffersFromTheManifest() throws {
        let problem = try loadProblem(defines: [:], manifest: ["id": "org.sensebridge.other"], name: "id")
        guard case .descriptorMismatch(let why) = problem.reason else { Issue.record("\(problem)"); return }
        #expect(why.contains("org.sensebridge.other"))
    }

    @Test func runtimeDeclaredByTheLibraryButNotTheManifest() throws {
        let problem = try loadProblem(defines: ["FIXTURE_RUNTIME": "\"swift-5.9\""], name: "runtime")
        guard case .runtimeMismatch(plugin: "swift-5.9", _) = problem.reason else { Issue.record("\(problem)"); return }
    }

    @Test func notALibraryAtAll() throws {
        let directory = try TemporaryDirectory()
        try directory.write("libjunk.so", "this is text, not ELF")
        let url = try directory.write("junk.json", """
        {"schema":"sensebridge.plugin-manifest/1","id":"org.example.junk","kind":"render-target","version":"1",
         "abi":{"major":1,"minor":0},"library":"libjunk.so","displayName":"Junk"}
        """)
        let manifest = try ManifestReader.read(url).get()
        #expect(throws: PluginProblem.self) { try LoadedPlugin.load(manifest) }
        do { _ = try LoadedPlugin.load(manifest) } catch let problem as PluginProblem {
            guard case .loadFailed(let why) = problem.reason else { Issue.record("\(problem)"); return }
            #expect(!why.isEmpty)
        }
    }

    @Test func createReturningNullWithoutAnErrorIsNamedAsAPluginBug() throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "nullcreate", defines: ["FIXTURE_NULL_CREATE": "1"])
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        do {
            _ = try host.renderTarget(try host.manifest(id: "org.sensebridge.fixture"))
            Issue.record("create returned NULL but no error was thrown")
        } catch let error as PluginCallError {
            #expect(error.message.contains("no instance and no error message"))
        }
    }

    @Test func invalidConfigFromTheProfileIsCaughtBeforeCreate() throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "configured", manifest: [
            "config": ["defaults": ["path": "{output}/x.txt"], "schema": ["path": ["type": "string"]]],
        ])
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let manifest = try host.manifest(id: "org.sensebridge.fixture")
        #expect(throws: PluginConfigResolver.Problem.self) { try host.renderTarget(manifest, config: ["path": .number(3)]) }
        #expect(throws: PluginConfigResolver.Problem.self) { try host.renderTarget(manifest, config: ["colour": .string("red")]) }
        let resolved = try PluginConfigResolver.resolve(manifest: manifest, overrides: [:], outputDirectory: URL(fileURLWithPath: "/tmp/out"))
        #expect(resolved["path"] == .string("/tmp/out/x.txt"))
    }
}

@Suite struct PluginConfigResolverTests {
    @Test func valuesMayReferToOtherKeysOnce() throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "captions", manifest: [
            "config": ["defaults": ["format": "vtt", "path": "{output}/captions.{format}", "loop": "{loop}"],
                       "schema": ["format": ["type": "string"], "path": ["type": "string"], "loop": ["type": "string"]]],
        ])
        let manifest = try ManifestReader.read(directory.file("captions.json")).get()
        let resolved = try PluginConfigResolver.resolve(manifest: manifest, overrides: ["format": .string("srt")],
                                                        outputDirectory: URL(fileURLWithPath: "/out"))
        #expect(resolved["path"] == .string("/out/captions.srt"))
        #expect(resolved["loop"] == .string("{loop}"), "a self-reference is left alone, not expanded forever")
    }
}
