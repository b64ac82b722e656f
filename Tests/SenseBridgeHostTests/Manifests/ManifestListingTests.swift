import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// One reader for every manifest (`ManifestReader`), however it is reached: read by its
/// path, or listed (`PluginCatalog`: opened by name in the open directory, read into a
/// buffer kept from file to file, its library answered by the listing). The shapes
/// manifests are written in, the leniencies JSON allows them, and thousands of small
/// changes to the shipped manifests are read the same both ways.
@Suite struct ManifestListingTests {
    let directory: TemporaryDirectory
    let state: TemporaryDirectory
    init() throws {
        directory = try TemporaryDirectory()
        state = try TemporaryDirectory()
        for library in ["libHapticLog.so", "libEspeakSpeech.so", "libCaptionFile.so", "libLabelListComposer.so",
                        "libNetworkComposer.so", "libReplaySource.so", "libFreenectSource.so", "libTesseractOCR.so", "libCameraSource.so",
                        "libAudioSource.so", "libSpeechDispatcher.so", "libBraille.so", "libObjectDetector.so", "libSoundClassifier.so",
                        "libAlarmPatternDetector.so",
                        "libgood.so"] {
            try directory.write(library, "not a library; manifests never open it")
        }
    }

    static var shipped: [URL] {
        PluginCatalog.manifestFiles(in: RepositoryPaths.root.appendingPathComponent("manifests"))
    }

    /// `bytes` as the manifest `name`, read by its path.
    func read(_ bytes: [UInt8], name: String = "plugin.json") throws -> Result<PluginManifest, PluginProblem> {
        let url = directory.file(name)
        try Data(bytes).write(to: url)
        return ManifestReader.read(url)
    }

    func read(_ text: String, name: String = "plugin.json") throws -> Result<PluginManifest, PluginProblem> {
        try read(Array(text.utf8), name: name)
    }

    /// The manifest `name` (already written) as a listing of its directory reads it.
    func listed(_ name: String) -> Result<PluginManifest, PluginProblem> {
        var scratch = ManifestReader.ListingScratch()
        let descriptor = open(directory.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        let listing = ManifestReader.ListedDirectory(url: directory.url, path: directory.url.path, libraries: .init(), descriptor: descriptor)
        let url = directory.file(name)
        return ManifestReader.readListed(name, url: url, path: url.path, in: listing, scratch: &scratch)
    }

    /// Field for field; nil when they agree, else what differs.
    static func difference(_ a: PluginManifest, _ b: PluginManifest) -> String? {
        let fields = a.fieldsDiffering(from: b)
        return fields.isEmpty ? nil : fields.joined(separator: ", ")
    }

    /// The same outcome by path and listed: the same manifest, or the same problem.
    func expectSameBothWays(_ name: String, _ byPath: Result<PluginManifest, PluginProblem>, _ context: String) {
        switch (byPath, listed(name)) {
        case (.success(let a), .success(let b)): #expect(Self.difference(a, b) == nil, "\(context)")
        case (.failure(let a), .failure(let b)): #expect(a == b, "\(context)")
        case (.success, .failure(let problem)): Issue.record("listed, refused (\(problem.explanation)); by path, accepted: \(context)")
        case (.failure(let problem), .success): Issue.record("by path, refused (\(problem.explanation)); listed, accepted: \(context)")
        }
    }

    @Test func everyShippedManifestIsAcceptedByPathAndListed() throws {
        let shipped = Self.shipped
        #expect(shipped.count >= 6)
        for source in shipped {
            let result = try read([UInt8](Data(contentsOf: source)), name: source.lastPathComponent)
            guard case .success(let manifest) = result else {
                Issue.record("\(source.lastPathComponent) is refused: \(result)")
                continue
            }
            #expect(manifest.displayNames["en"] != nil && !manifest.id.isEmpty, "\(source.lastPathComponent)")
            expectSameBothWays(source.lastPathComponent, result, source.lastPathComponent)
        }
    }

    /// Every field a manifest may hold, each read into its place.
    @Test func aManifestWithEveryKnownFieldIsReadWhole() throws {
        let text = #"""
        {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.all", "kind": "scene-composer", "version": "2.1.0",
         "abi": {"major": 1, "minor": 0}, "library": "libgood.so", "entrySymbol": "my_entry", "runtime": "\#(SwiftRuntime.current)",
         "displayName": "All", "summary": {"en": "Every field.", "es": "Cada campo."},
         "capabilities": {"usesNetwork": true, "channel": "speech", "locales": ["en", "es"], "modalities": []},
         "config": {"defaults": {"rate": 1.5, "name": "x", "on": true, "free": null},
                    "schema": {"rate": {"type": "number", "minimum": 0.5, "maximum": 4, "description": "How fast."},
                               "name": {"type": "string", "enum": ["x", "y"]}, "on": {"type": "boolean"},
                               "key": {"type": "string", "secret": true}}},
         "isolation": "process"}
        """#
        let result = try read(text, name: "all.json")
        let manifest = try result.get()
        #expect(manifest.id == "org.example.all" && manifest.kind == .sceneComposer && manifest.version == "2.1.0")
        #expect(manifest.abiMajor == 1 && manifest.abiMinor == 0 && manifest.libraryPath == "libgood.so")
        #expect(manifest.entrySymbol == "my_entry" && manifest.runtime == SwiftRuntime.current && manifest.isolation == .process)
        #expect(manifest.displayNames == ["en": "All"] && manifest.summaries == ["en": "Every field.", "es": "Cada campo."])
        #expect(manifest.capabilities == PluginCapabilities(usesNetwork: true, channel: "speech", locales: ["en", "es"], modalities: []))
        #expect(manifest.configDefaults == ["rate": .number(1.5), "name": .string("x"), "on": .bool(true), "free": .null])
        #expect(manifest.configSchema["rate"] == ConfigField(type: .number, allowed: nil, minimum: 0.5, maximum: 4, summary: "How fast."))
        #expect(manifest.configSchema["name"]?.allowed == [.string("x"), .string("y")])
        #expect(manifest.configSchema["on"]?.type == .boolean && manifest.configSchema["key"]?.isSecret == true)
        expectSameBothWays("all.json", result, "every field")
    }

    /// A render target's cues are read where they may be offered; elsewhere (a
    /// composer's, a 1.2 target's, an unknown name) the manifest is refused with why.
    @Test func cuesAreReadOnlyWhereTheyMayBeOffered() throws {
        func manifest(kind: String, minor: Int, cues: String) -> String {
            #"""
            {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.cues", "kind": "\#(kind)", "version": "1.0.0",
             "abi": {"major": 1, "minor": \#(minor)}, "library": "libgood.so", "displayName": "Cues",
             "capabilities": {"channel": "haptics", "cues": \#(cues)}}
            """#
        }
        let offered = try read(manifest(kind: "render-target", minor: 3, cues: #"{"awareness-pulse": false}"#), name: "cues.json")
        #expect(try offered.get().capabilities.cues == [.awarenessPulse: false])
        expectSameBothWays("cues.json", offered, "offered")
        // A duplicate key: the last one wins, as everywhere in a manifest.
        let twice = try read(manifest(kind: "render-target", minor: 3, cues: #"{"awareness-pulse": true, "awareness-pulse": false}"#), name: "cues.json")
        #expect(try twice.get().capabilities.cues == [.awarenessPulse: false])
        for (cues, kind, minor, reason) in [
            (#"{"awareness-pulse": true}"#, "scene-composer", 3, #"field "capabilities.cues" is for render targets only"#),
            (#"{"awareness-pulse": true}"#, "render-target", 2, #"field "capabilities.cues.awareness-pulse" needs ABI 1.3 or later"#),
            (#"{"awareness-pulses": true}"#, "render-target", 3, #"field "capabilities.cues.awareness-pulses" is not a cue this host knows"#),
        ] {
            let refused = try read(manifest(kind: kind, minor: minor, cues: cues), name: "cues.json")
            guard case .failure(let problem) = refused else {
                Issue.record("accepted \(cues) for a \(kind) at 1.\(minor)")
                continue
            }
            #expect(problem.description.hasPrefix(directory.file("cues.json").path + ": "))
            #expect(problem.explanation.contains(reason), "\(problem.explanation)")
            expectSameBothWays("cues.json", refused, cues)
        }
    }

    /// What JSON allows a manifest beyond its plain shape, and what each means.
    @Test(arguments: [
        (#""id": "org.example.good", "id": "org.example.second""#, "a duplicate key: the last wins"),
        (#""homepage": "https://example.org""#, "a field this host does not know is ignored"),
        (#""version": "1.0\u00e9""#, "an escape"),
        (#""abi": {"major": 1.0, "minor": 0}"#, "1.0 is a whole number"),
        (#""abi": {"major": 1, "minor": 0, "patch": 3}"#, "an extra key in abi is ignored"),
        (#""displayName": {"en": "A", "en": "B"}"#, "a duplicate locale: the last wins"),
        (#""capabilities": {"usesNetwork": false, "homepage": 1}"#, "an unknown capability is ignored"),
    ])
    func whatJSONAllowsAManifestIsReadAsItMeans(_ extra: String, _ what: String) throws {
        let text = #"{"schema": "sensebridge.plugin-manifest/1", "kind": "render-target", "version": "1.0.0", "library": "libgood.so", "#
            + #""abi": {"major": 1, "minor": 0}, "displayName": {"en": "Good"}, "id": "org.example.good", "# + extra + "}"
        let result = try read(text, name: "shape.json")
        let manifest = try result.get()
        #expect(manifest.id == (extra.contains("second") ? "org.example.second" : "org.example.good"), "\(what)")
        #expect(manifest.version == (extra.contains("u00e9") ? "1.0é" : "1.0.0"), "\(what)")
        #expect(manifest.abiMajor == 1 && manifest.abiMinor == 0, "\(what)")
        #expect(manifest.displayNames["en"] == (extra.contains(#""en": "B""#) ? "B" : "Good"), "\(what)")
        #expect(manifest.capabilities == PluginCapabilities(), "\(what)")
        expectSameBothWays("shape.json", result, what)
    }

    /// Deterministic byte mutations of the shipped manifests, read by path and listed:
    /// the same manifest or the same problem, and every problem names the file.
    @Test func onThousandsOfMutantsAListingReadsWhatThePathReads() throws {
        var generator = SeededGenerator(seed: 2_003)
        var accepted = 0, checked = 0
        for source in Self.shipped {
            let original = try [UInt8](Data(contentsOf: source))
            let name = source.lastPathComponent
            for _ in 0..<300 {
                let mutant = JSONMutation.mutate(original, &generator)
                checked += 1
                let byPath = try read(mutant, name: name)
                switch byPath {
                case .success: accepted += 1
                case .failure(let problem): #expect(problem.description.hasPrefix(directory.file(name).path + ": "), "\(problem)")
                }
                expectSameBothWays(name, byPath, String(decoding: mutant, as: UTF8.self))
            }
        }
        // Mutations that keep a manifest sound (in whitespace, a summary's text) are accepted.
        #expect(accepted > checked / 20, "\(accepted) of \(checked) accepted")
    }
}

/// 1 to 3 byte edits, as JSONMutationTests makes them for records: replace, insert,
/// delete, duplicate a slice, insert a snippet likely to break JSON, truncate.
enum JSONMutation {
    static let interesting: [UInt8] = Array(#"{}[]:,"\/u0123456789.eE+-ntf "#.utf8) + [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
    static let snippets: [[UInt8]] = [#"\ud800"#, #"\u0041"#, "1e999", "1e-400", "0e5", "1.0", "-1", "01", ",", ",}", ",]", "[", "{\"", "\"", "\\",
                                      "null", "true", "\u{FEFF}", #""id": "org.example.dup", "#, #""en": "x", "#]
        .map { Array($0.utf8) }

    static func mutate(_ source: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
        var bytes = source
        func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(generator.next() % UInt64(bound)) }
        func byte() -> UInt8 {
            let draw = generator.next()
            return draw % 2 == 0 ? interesting[Int(draw >> 1) % interesting.count] : UInt8(truncatingIfNeeded: draw >> 8)
        }
        for _ in 0...below(3) {
            let at = below(bytes.count)
            switch below(7) {
            case 0 where !bytes.isEmpty: bytes[at] = byte()
            case 1: bytes.insert(byte(), at: at)
            case 2 where !bytes.isEmpty: bytes.remove(at: at)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, at + 1 + below(8))
                bytes.insert(contentsOf: bytes[at..<end], at: below(bytes.count))
            case 4, 5: bytes.insert(contentsOf: snippets[below(snippets.count)], at: at)
            default: if below(4) == 0 { bytes.removeSubrange(at...) }
            }
        }
        return bytes
    }
}
