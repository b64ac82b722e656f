import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A perceiver (ABI 1.4) as the host uses it, in this process and in a runner: the same
/// records either way, a crash in a runner costs that image and never the host, and a
/// manifest that declares the kind below ABI 1.4 is refused naming why.
@Suite struct PerceiverInstanceTests {
    /// Two dark bars on white, the second taller, in RGB with rows the codec packs.
    static let twoBars: ImageFrame = {
        let width = 40, height = 30
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        for y in Array(5..<8) + Array(15..<21) {
            for x in 4..<36 { for channel in 0..<3 { pixels[(y * width + x) * 3 + channel] = 0 } }
        }
        return ImageFrame(format: .rgb24, width: width, height: height, pixels: pixels)
    }()

    func host(_ defines: [String: String] = [:]) throws -> (PluginHost, PluginManifest, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "bands", id: "org.example.bands", defines: ["FIXTURE_ROW_US": "0"].merging(defines) { $1 },
                               manifest: ["kind": "perceiver"], source: "fixture_perceiver.c")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        return (host, try host.manifest(id: "org.example.bands"), directory)
    }

    @Test(arguments: [false, true])
    func recordsComeBackTheSameInProcessAndIsolated(isolated: Bool) throws {
        let (host, manifest, directory) = try host()
        let perceiver = try host.perceiver(manifest, placement: Placement(isolated: isolated))
        #expect(perceiver.isolated == isolated)
        let records = try perceiver.perceive(Self.twoBars, timestampNanoseconds: 1, locale: "es", deadline: .max)
        #expect(records.map(\.label) == ["band 1", "band 2"])
        #expect(records.allSatisfy { $0.kind == .text && $0.confidence > 0.79 && $0.confidence < 0.81 })
        let second = try #require(records.last?.box)
        #expect(abs(second.y - 0.5) < 1e-6 && abs(second.height - 0.2) < 1e-6)
        withExtendedLifetime(directory) {}
    }

    @Test func aLocaleThePerceiverDoesNotReadIsItsErrorNotACrash() throws {
        let (host, manifest, directory) = try host()
        let perceiver = try host.perceiver(manifest)
        let error = try #require(thrown(PluginCallError.self) {
            try perceiver.perceive(Self.twoBars, timestampNanoseconds: 1, locale: "fr", deadline: .max)
        })
        #expect(error.description.contains("reads en, es and vi print only"), "\(error)")
        withExtendedLifetime(directory) {}
    }

    @Test func anIsolatedPerceiverThatCrashesCostsThatImageOnly() throws {
        let (host, manifest, directory) = try host(["FIXTURE_CRASH_PERCEIVE": "1"])
        let perceiver = try host.perceiver(manifest, placement: Placement(isolated: true))
        let stopped = try #require(thrown(PluginStopped.self) {
            try perceiver.perceive(Self.twoBars, timestampNanoseconds: 1, locale: "en", deadline: MonotonicClock.nanoseconds() + 10_000_000_000)
        })
        #expect(stopped.code == "crashed" && stopped.description.contains("org.example.bands"), "\(stopped)")
        withExtendedLifetime(directory) {}
    }

    @Test func aPerceiverManifestBelowABI14IsRefusedNamingWhy() throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "old", id: "org.example.old", manifest: ["kind": "perceiver", "abi": ["major": 1, "minor": 3]],
                               source: "fixture_perceiver.c")
        let state = try TemporaryDirectory()
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]),
                                             registry: BrokenPluginRegistry(directory: state.url, warn: { _ in }))
        let broken = try #require(catalog.broken.first)
        #expect("\(broken.problem)".contains("'perceiver' needs ABI 1.4 or later; this manifest says 1.3"), "\(broken.problem)")
    }
}
