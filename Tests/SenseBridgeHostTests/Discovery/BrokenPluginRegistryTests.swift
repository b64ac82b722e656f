import Foundation
import SenseBridgeRepositoryTesting
import Synchronization
import Testing
@testable import SenseBridgeHost

/// The registry of plugins that broke a host: what it keeps, when an entry stops
/// applying, and what it does with a file it cannot trust.
@Suite struct BrokenPluginRegistryTests {
    let state: TemporaryDirectory
    let plugins: TemporaryDirectory
    let warnings = Warnings()
    var registry: BrokenPluginRegistry { BrokenPluginRegistry(directory: state.url, warn: warnings.record) }

    final class Warnings: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var record: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    }

    init() throws {
        state = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
    }

    @discardableResult
    func plugin(_ name: String, id: String, library: String = "a build") throws -> PluginManifest {
        try plugins.write("lib\(name).so", library)
        let fields: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": id, "kind": "render-target", "version": "1.0.0",
            "abi": ["major": 1, "minor": 0], "library": "lib\(name).so", "displayName": ["en": name],
        ]
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return try ManifestReader.read(try plugins.write("\(name).json", String(decoding: data, as: UTF8.self))).get()
    }

    func rebuild(_ manifest: PluginManifest, _ contents: String) throws {
        // A new file, as a linker writes one: a new inode, size and mtime.
        try FileManager.default.removeItem(at: manifest.libraryURL)
        try Data(contents.utf8).write(to: manifest.libraryURL)
    }

    var catalog: PluginCatalog {
        PluginCatalog.discover(PluginSearchPath(entries: [.init(directory: plugins.url, origin: .userData)]), registry: registry)
    }

    // MARK: - The file

    @Test func anEntryRoundTripsThroughTheFile() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        let when = Date(timeIntervalSince1970: 1_740_837_909.12)
        let recorded = try registry.record(manifest: manifest, reason: "crashed with SIGSEGV", phase: .harness, at: when)
        #expect(recorded.when == "2025-03-01T14:05:09.120Z")
        #expect(recorded.libraryPath == manifest.libraryURL.path)
        #expect(recorded.library == LibraryIdentity.of(path: manifest.libraryURL.path))
        // A fresh value reads what the last one wrote: the file is the registry.
        let again = BrokenPluginRegistry(directory: state.url, warn: warnings.record)
        #expect(again.entries == [recorded])
        #expect(again.entry(for: manifest) == recorded)
        let attributes = try FileManager.default.attributesOfItem(atPath: registry.fileURL.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOf: registry.fileURL, encoding: .utf8)
        #expect(text.contains("\"schema\" : \"sensebridge.broken-plugins/1\""))
        // The nanosecond mtime survives exactly: it is written as a string, not a double.
        #expect(text.contains("\"mtimeNs\" : \"\(recorded.library.modifiedNanoseconds)\""))
        #expect(warnings.all.isEmpty)
    }

    @Test func recordingOnePluginKeepsTheOthersAndReplacesItsOwn() throws {
        let a = try plugin("a", id: "org.example.a"), b = try plugin("b", id: "org.example.b")
        try registry.record(manifest: a, reason: "first", phase: .load)
        try registry.record(manifest: b, reason: "other", phase: .harness)
        try registry.record(manifest: a, reason: "second", phase: .session)
        #expect(registry.entries.map(\.id) == ["org.example.b", "org.example.a"])
        #expect(registry.entry(for: a)?.reason == "second")
        #expect(registry.entry(for: a)?.phase == .session)
    }

    @Test func entriesANewerHostWroteAreKeptAsTheyAre() throws {
        let a = try plugin("a", id: "org.example.a")
        try state.write("broken-plugins.json", """
        {"schema": "sensebridge.broken-plugins/1", "plugins": [{"id": "org.example.future", "phase": "warp", "note": "kept"}]}
        """)
        try registry.record(manifest: a, reason: "crashed", phase: .load)
        #expect(registry.entries.map(\.id) == ["org.example.a"])
        let text = try String(contentsOf: registry.fileURL, encoding: .utf8)
        #expect(text.contains("\"phase\" : \"warp\"") && text.contains("\"note\" : \"kept\""))
    }

    @Test func aChangedLibraryIsTriedAgainByItself() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        try registry.record(manifest: manifest, reason: "crashed", phase: .harness)
        #expect(registry.entry(for: manifest) != nil)
        try rebuild(manifest, "a rebuilt library")
        #expect(registry.entry(for: manifest) == nil)
        // The entry itself is kept (another copy of the old file could still be about).
        #expect(registry.entries.count == 1)
        // Same size, same path, but a new file: still a new chance.
        try rebuild(manifest, "a rebuilt librarz")
        #expect(registry.entry(for: manifest) == nil)
    }

    @Test func anEntryAppliesOnlyToItsOwnPluginAndLibrary() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        try registry.record(manifest: manifest, reason: "crashed", phase: .harness)
        var renamed = manifest
        renamed.id = "org.example.other"
        #expect(registry.entry(for: renamed) == nil)
    }

    @Test func aCorruptFileIsMovedAsideWithAWarningAndTreatedAsEmpty() throws {
        try state.write("broken-plugins.json", "{ this is not json")
        #expect(registry.entries.isEmpty)
        #expect(warnings.all.count == 1)
        let warning = try #require(warnings.all.first)
        #expect(warning.contains(registry.fileURL.path) && warning.contains(registry.setAsideURL.path), "\(warning)")
        #expect(!FileManager.default.fileExists(atPath: registry.fileURL.path))
        #expect(try String(contentsOf: registry.setAsideURL, encoding: .utf8) == "{ this is not json")
        // Recording starts a fresh file and leaves the one set aside alone.
        try registry.record(manifest: try plugin("a", id: "org.example.a"), reason: "crashed", phase: .load)
        #expect(registry.entries.count == 1)
        #expect(try String(contentsOf: registry.setAsideURL, encoding: .utf8) == "{ this is not json")
        #expect(warnings.all.count == 1, "warned once, when it was moved")
    }

    @Test func aFileOfAnotherSchemaOrShapeIsNotTrusted() throws {
        for text in [#"{"schema": "sensebridge.broken-plugins/9", "plugins": []}"#, #"{"schema": "sensebridge.broken-plugins/1"}"#, "[]"] {
            try state.write("broken-plugins.json", text)
            #expect(registry.entries.isEmpty)
            #expect(try String(contentsOf: registry.setAsideURL, encoding: .utf8) == text)
        }
    }

    @Test func anUnreadableFileIsMovedAsideToo() throws {
        // A directory where the file should be: open succeeds, read fails (EISDIR), even for root.
        try FileManager.default.createDirectory(at: registry.fileURL, withIntermediateDirectories: true)
        #expect(registry.entries.isEmpty)
        #expect(warnings.all.first?.contains("cannot be used (it is a directory, not a file)") == true, "\(warnings.all)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: registry.setAsideURL.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func clearForgetsOneOrAll() throws {
        let a = try plugin("a", id: "org.example.a"), b = try plugin("b", id: "org.example.b")
        try registry.record(manifest: a, reason: "x", phase: .load)
        try registry.record(manifest: b, reason: "y", phase: .harness)
        #expect(try registry.clear(id: "org.example.a").map(\.id) == ["org.example.a"])
        #expect(registry.entries.map(\.id) == ["org.example.b"])
        #expect(try registry.clear(id: "org.example.absent").isEmpty)
        #expect(try registry.clear().map(\.id) == ["org.example.b"])
        #expect(registry.entries.isEmpty)
    }

    // MARK: - Loading markers

    var markers: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: state.file("loading").path)) ?? []
    }

    /// A pid that belonged to a process that has exited.
    func deadPID() throws -> pid_t {
        let child = try SpawnedChild("/bin/true", [])
        child.wait()
        return child.pid
    }

    /// The marker this process wrote, made to look as if a process that died wrote it.
    func orphanMarker(of manifest: PluginManifest) throws {
        let url = registry.markerURL(manifest.id, pid: getpid())
        let text = try String(contentsOf: url, encoding: .utf8)
        let dead = try deadPID()
        try text.replacingOccurrences(of: "\"pid\":\(getpid())", with: "\"pid\":\(dead)").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(at: url, to: registry.markerURL(manifest.id, pid: dead))
    }

    @Test func aLoadThatEndsLeavesNothing() throws {
        let manifest = try plugin("fine", id: "org.example.fine")
        registry.beginLoading(manifest)
        #expect(markers == ["org.example.fine.\(getpid())"])
        // A load still in progress (this process is alive) is never taken for a crash.
        #expect(registry.adoptInterruptedLoads().isEmpty)
        registry.endLoading(manifest)
        #expect(markers.isEmpty)
        #expect(registry.entries.isEmpty)
    }

    @Test func aMarkerLeftByAProcessThatIsGoneBecomesAnEntry() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        registry.beginLoading(manifest)
        try orphanMarker(of: manifest)
        let adopted = registry.adoptInterruptedLoads()
        #expect(adopted.count == 1)
        let entry = try #require(registry.entry(for: manifest))
        #expect(entry.phase == .load)
        #expect(entry.reason == "the host stopped while loading it (a crash during load)")
        #expect(entry.manifestPath == manifest.manifestURL.path)
        #expect(markers.isEmpty)
        #expect(warnings.all.isEmpty)
    }

    @Test func aMarkerRemembersTheLibraryAsItWasWhenTheLoadBegan() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        registry.beginLoading(manifest)
        try orphanMarker(of: manifest)
        try rebuild(manifest, "fixed since the crash")
        registry.adoptInterruptedLoads()
        #expect(registry.entries.count == 1)
        #expect(registry.entry(for: manifest) == nil, "the fixed library is tried, not skipped")
    }

    @Test func aMarkerThatIsNotOneIsRemovedWithAWarning() throws {
        try state.write("loading/org.example.x.1", "garbage")
        #expect(registry.adoptInterruptedLoads().isEmpty)
        #expect(markers.isEmpty)
        #expect(warnings.all.first?.contains("is not a loading marker") == true)
    }

    @Test func clearingAlsoForgetsLoadsNotYetAdopted() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        registry.beginLoading(manifest)
        try orphanMarker(of: manifest)
        #expect(try registry.clear(id: "org.example.crashy").map(\.phase) == [.load])
        #expect(markers.isEmpty)
        #expect(catalog.plugins.map(\.id) == ["org.example.crashy"])
    }

    // MARK: - The catalog

    @Test func theCatalogSkipsARememberedPluginWithTheReasonAndHowToRetry() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        try plugin("fine", id: "org.example.fine")
        try registry.record(manifest: manifest, reason: "crashed with SIGSEGV (the create-default check)", phase: .harness,
                            at: Date(timeIntervalSince1970: 1_740_837_909))
        let catalog = self.catalog
        #expect(catalog.plugins.map(\.id) == ["org.example.fine"])
        #expect(catalog.manifestProblems.isEmpty)
        let remembered = try #require(catalog.remembered.first)
        #expect(remembered.id == "org.example.crashy")
        #expect(remembered.manifest?.manifestURL == manifest.manifestURL)
        #expect(remembered.problem.description == """
        \(manifest.manifestURL.path): broke in 'sensebridge plugins test' at 2025-03-01T14:05:09.000Z: crashed with SIGSEGV \
        (the create-default check). It is skipped until its library \(manifest.libraryURL.path) changes; run \
        'sensebridge plugins rescan' to retry.
        """)
        // What a profile naming it says, so the person knows which output they lost and why.
        let profile = OutputProfile(name: "p", displayNames: [:], summary: nil, outputs: [.init(alternatives: [.init(id: "org.example.crashy")])],
                                    composer: .init(id: "org.example.fine"), fallbackComposer: .init(id: "org.example.fine"),
                                    perceivers: OutputProfile.defaultPerceivers, listsPerceivers: false,
                                    locale: "en", detail: "standard", fileURL: plugins.file("p.json"))
        #expect(profile.problems(in: catalog).contains { $0.reason.contains("'org.example.crashy', which is installed but broken") && $0.reason.contains("plugins rescan") })
    }

    @Test func theCatalogTriesARebuiltPluginAgain() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        try registry.record(manifest: manifest, reason: "crashed", phase: .load)
        #expect(catalog.plugins.isEmpty)
        try rebuild(manifest, "rebuilt")
        #expect(catalog.plugins.map(\.id) == ["org.example.crashy"])
        #expect(catalog.broken.isEmpty)
    }

    @Test func aRememberedPluginStillShadowsALaterCopy() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        let later = try TemporaryDirectory()
        try later.write("libcopy.so", "another copy")
        try later.write("copy.json", """
        {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.crashy", "kind": "render-target", "version": "0.9.0",
         "abi": {"major": 1, "minor": 0}, "library": "libcopy.so", "displayName": "Copy"}
        """)
        try registry.record(manifest: manifest, reason: "crashed", phase: .load)
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [.init(directory: plugins.url, origin: .userData),
                                                                        .init(directory: later.url, origin: .build)]), registry: registry)
        #expect(catalog.plugins.isEmpty)
        #expect(catalog.remembered.map(\.id) == ["org.example.crashy"])
        #expect(catalog.shadowed.map(\.manifest.manifestURL.path) == [later.file("copy.json").path])
    }

    @Test func theCatalogAdoptsLeftoverMarkersAtStart() throws {
        let manifest = try plugin("crashy", id: "org.example.crashy")
        registry.beginLoading(manifest)
        try orphanMarker(of: manifest)
        let catalog = self.catalog
        #expect(catalog.plugins.isEmpty)
        #expect(catalog.remembered.first?.remembered?.phase == .load)
    }
}
