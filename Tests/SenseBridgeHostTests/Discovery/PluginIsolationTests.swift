import Foundation
import SenseBridgeTesting
import Testing
@testable import SenseBridgeHost

/// Who runs in its own process: every step of the precedence, and the one thing a
/// manifest may never do (loosen isolation for a plugin the host did not ship).
@Suite struct PluginIsolationTests {
    typealias Origin = PluginSearchPath.Entry.Origin
    static let shipped: [Origin?] = [.installPrefix, .build]
    static let outside: [Origin?] = [.commandLine, .environment, .userData, nil]

    func decide(_ origin: Origin?, manifest: PluginIsolation? = nil, profile: PluginIsolation? = nil, force: Bool = false) -> IsolationDecision {
        IsolationDecision.decide(origin: origin, manifest: manifest, profileEntry: profile, forceIsolation: force)
    }

    @Test func byDefaultShippedPluginsRunInProcessAndOthersIsolated() {
        for origin in Self.shipped {
            #expect(decide(origin).isolation == .inProcess, "\(String(describing: origin))")
            #expect(decide(origin).reason.hasPrefix("shipped with the host"))
        }
        for origin in Self.outside {
            #expect(decide(origin).isolation == .process, "\(String(describing: origin))")
        }
        #expect(decide(.userData).reason == "found outside the host's own plugin directories (user data)")
        #expect(decide(.commandLine).reason == "found outside the host's own plugin directories (--plugin-path)")
        #expect(decide(nil).reason == "found outside the host's own plugin directories (a path given directly)")
        #expect(decide(.installPrefix).reason == "shipped with the host (install prefix)")
    }

    @Test func isolateOutranksEverything() {
        for origin in Self.shipped + Self.outside {
            for manifest in [nil] + PluginIsolation.allCases.map(Optional.some) {
                for profile in [nil] + PluginIsolation.allCases.map(Optional.some) {
                    let decision = decide(origin, manifest: manifest, profile: profile, force: true)
                    #expect(decision.isolation == .process)
                    #expect(decision.reason.contains("--isolate"))
                }
            }
        }
    }

    @Test func theProfileOutranksTheManifestAndTheLocationEitherWay() {
        for origin in Self.shipped + Self.outside {
            for manifest in [nil] + PluginIsolation.allCases.map(Optional.some) {
                for profile in PluginIsolation.allCases {
                    let decision = decide(origin, manifest: manifest, profile: profile)
                    #expect(decision.isolation == profile, "\(String(describing: origin)) \(String(describing: manifest)) \(profile)")
                    #expect(decision.reason == "the profile asks for \"isolation\": \"\(profile.rawValue)\"")
                }
            }
        }
    }

    @Test func aManifestMayAlwaysAskForItsOwnProcess() {
        for origin in Self.shipped + Self.outside {
            let decision = decide(origin, manifest: .process)
            #expect(decision.isolation == .process)
            #expect(decision.reason == "its manifest asks for its own process")
        }
    }

    @Test func aManifestSayingInProcessIsHonouredOnlyForAShippedPlugin() {
        for origin in Self.shipped {
            let decision = decide(origin, manifest: .inProcess)
            #expect(decision.isolation == .inProcess)
            #expect(decision.reason.hasSuffix("its manifest asks to run in process"))
        }
        for origin in Self.outside {
            let decision = decide(origin, manifest: .inProcess)
            #expect(decision.isolation == .process, "\(String(describing: origin))")
            #expect(decision.reason.contains("its manifest's \"in-process\" is ignored"))
        }
        #expect(decide(.userData, manifest: .inProcess).reason
            == "found outside the host's own plugin directories (user data); its manifest's \"in-process\" is ignored for such a plugin")
    }

    // MARK: - Through the catalog: the origin comes from where the manifest was found

    @discardableResult
    func writePlugin(in directory: TemporaryDirectory, name: String, id: String, isolation: String? = nil) throws -> URL {
        try directory.write("lib\(name).so", "manifests never open it")
        var fields: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": id, "kind": "render-target", "version": "1.0.0",
            "abi": ["major": 1, "minor": 0], "library": "lib\(name).so", "displayName": ["en": name],
        ]
        if let isolation { fields["isolation"] = isolation }
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return try directory.write("\(name).json", String(decoding: data, as: UTF8.self))
    }

    @Test func theCatalogKnowsWhereEachManifestWasFound() throws {
        let user = try TemporaryDirectory(), build = try TemporaryDirectory()
        try writePlugin(in: user, name: "theirs", id: "org.example.theirs", isolation: "in-process")
        try writePlugin(in: build, name: "ours", id: "org.sensebridge.ours", isolation: "in-process")
        try writePlugin(in: build, name: "careful", id: "org.sensebridge.careful", isolation: "process")
        let registry = try TemporaryDirectory()
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [
            .init(directory: user.url, origin: .userData), .init(directory: build.url, origin: .build),
        ]), registry: BrokenPluginRegistry(directory: registry.url))
        func decision(_ id: String, profile: PluginIsolation? = nil, force: Bool = false) throws -> IsolationDecision {
            catalog.isolation(for: try #require(catalog.manifest(id: id)), profileEntry: profile, forceIsolation: force)
        }
        #expect(catalog.manifest(id: "org.example.theirs")?.origin == .userData)
        #expect(catalog.manifest(id: "org.sensebridge.ours")?.origin == .build)
        #expect(try decision("org.example.theirs").isolation == .process)
        #expect(try decision("org.example.theirs").reason.contains("(user data)"))
        #expect(try decision("org.example.theirs", profile: .inProcess).isolation == .inProcess)
        #expect(try decision("org.sensebridge.ours").isolation == .inProcess)
        #expect(try decision("org.sensebridge.ours", force: true).isolation == .process)
        #expect(try decision("org.sensebridge.careful").isolation == .process)
    }

    @Test func aManifestReadByPathIsPlacedByItsDirectoryOrCountsAsOutside() throws {
        let build = try TemporaryDirectory(), elsewhere = try TemporaryDirectory()
        let inBuild = try writePlugin(in: build, name: "ours", id: "org.sensebridge.ours")
        let loose = try writePlugin(in: elsewhere, name: "loose", id: "org.example.loose", isolation: "in-process")
        let registry = try TemporaryDirectory()
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [.init(directory: build.url, origin: .build)]),
                                             registry: BrokenPluginRegistry(directory: registry.url))
        let ours = try ManifestReader.read(inBuild).get()
        #expect(ours.origin == nil)
        #expect(catalog.isolation(for: ours, profileEntry: nil, forceIsolation: false).isolation == .inProcess)
        let decision = catalog.isolation(for: try ManifestReader.read(loose).get(), profileEntry: nil, forceIsolation: false)
        #expect(decision.isolation == .process)
        #expect(decision.reason.contains("a path given directly"))
    }
}
