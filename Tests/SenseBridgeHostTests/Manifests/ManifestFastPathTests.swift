import Foundation
import SenseBridgeCore
import SenseBridgeTesting
import Testing
@testable import SenseBridgeHost

/// `ManifestFastPath` may only ever say "this is the manifest the general reading gives";
/// everything else it must leave to the general reading. Held to that here on the shipped
/// manifests and on thousands of small changes to them.
@Suite struct ManifestFastPathTests {
    let directory: TemporaryDirectory
    init() throws {
        directory = try TemporaryDirectory()
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

    /// The manifest the fast path gives, or nil where it leaves the file to the general way.
    func fast(_ bytes: [UInt8], url: URL) -> PluginManifest? {
        bytes.withUnsafeBytes { raw in
            ManifestFastPath.read(raw, url: url, path: url.path) { library in
                LibraryPathCheck.problem(library: library, directory: url.deletingLastPathComponent())
            }
        }
    }

    func general(_ bytes: [UInt8], url: URL) -> Result<PluginManifest, PluginProblem> {
        ManifestReader.parseTheGeneralWay(Data(bytes), at: url)
    }

    /// Field for field; nil when they agree, else what differs.
    static func difference(_ a: PluginManifest, _ b: PluginManifest) -> String? {
        let fields = a.fieldsDiffering(from: b)
        return fields.isEmpty ? nil : fields.joined(separator: ", ")
    }

    @Test func everyShippedManifestIsReadByTheFastPathAsTheGeneralWayReadsIt() throws {
        let shipped = Self.shipped
        #expect(shipped.count >= 6)
        for source in shipped {
            let bytes = try [UInt8](Data(contentsOf: source))
            let url = directory.file(source.lastPathComponent)
            guard let manifest = fast(bytes, url: url) else {
                Issue.record("the fast path left \(source.lastPathComponent) to the general way")
                continue
            }
            let expected = try general(bytes, url: url).get()
            #expect(Self.difference(manifest, expected) == nil, "\(source.lastPathComponent)")
        }
    }

    /// Every field the fast path knows, each once: a misspelt name in its table would send
    /// this manifest to the general way.
    @Test func aManifestWithEveryKnownFieldStaysOnTheFastPath() throws {
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
        let url = directory.file("all.json")
        let bytes = Array(text.utf8)
        let manifest = try #require(fast(bytes, url: url))
        #expect(Self.difference(manifest, try general(bytes, url: url).get()) == nil)
        #expect(manifest.capabilities.usesNetwork && manifest.isolation == .process && manifest.entrySymbol == "my_entry")
        #expect(manifest.configSchema["name"]?.allowed == [.string("x"), .string("y")])
    }

    /// A render target's cues read on the fast path as the general way reads them; cues it
    /// may not offer (a composer's, a 1.2 target's, an unknown name) go to the general way,
    /// which refuses them with the reason.
    @Test func cuesAreReadOnTheFastPathOnlyWhereTheyMayBeOffered() throws {
        func manifest(kind: String, minor: Int, cues: String) -> [UInt8] {
            Array(#"""
            {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.cues", "kind": "\#(kind)", "version": "1.0.0",
             "abi": {"major": 1, "minor": \#(minor)}, "library": "libgood.so", "displayName": "Cues",
             "capabilities": {"channel": "haptics", "cues": \#(cues)}}
            """#.utf8)
        }
        let url = directory.file("cues.json")
        let offered = manifest(kind: "render-target", minor: 3, cues: #"{"awareness-pulse": false}"#)
        let read = try #require(fast(offered, url: url))
        #expect(read.capabilities.cues == [.awarenessPulse: false])
        #expect(Self.difference(read, try general(offered, url: url).get()) == nil)
        for refused in [manifest(kind: "scene-composer", minor: 3, cues: #"{"awareness-pulse": true}"#),
                        manifest(kind: "render-target", minor: 2, cues: #"{"awareness-pulse": true}"#),
                        manifest(kind: "render-target", minor: 3, cues: #"{"awareness-pulses": true}"#),
                        manifest(kind: "render-target", minor: 3, cues: #"{"awareness-pulse": true, "awareness-pulse": false}"#)] {
            #expect(fast(refused, url: url) == nil, "\(String(decoding: refused, as: UTF8.self))")
        }
    }

    /// What the fast path must leave alone: each is read the general way, which either
    /// refuses it with its reason or reads something the fast path would not know to.
    @Test(arguments: [
        #""id": "org.example.good", "id": "org.example.second""#,            // a duplicate: the last wins
        #""homepage": "https://example.org""#,                                // a field it does not know
        #""version": "1.0\u00e9""#,                                           // an escape
        #""abi": {"major": 1.0, "minor": 0}"#,                                // 1.0 is a whole number
        #""abi": {"major": 1, "minor": 0, "patch": 3}"#,                      // extra keys are ignored
        #""displayName": {"en": "A", "en": "B"}"#,
        #""capabilities": {"usesNetwork": false, "homepage": 1}"#,
    ])
    func whatItLeavesToTheGeneralWayIsReadTheGeneralWay(_ extra: String) throws {
        let text = #"{"schema": "sensebridge.plugin-manifest/1", "kind": "render-target", "version": "1.0.0", "library": "libgood.so", "#
            + #""abi": {"major": 1, "minor": 0}, "displayName": {"en": "Good"}, "id": "org.example.good", "# + extra + "}"
        let url = directory.file("left.json")
        #expect(fast(Array(text.utf8), url: url) == nil)
        let listed = ManifestReader.parse(Data(text.utf8), at: url)
        let general = self.general(Array(text.utf8), url: url)
        switch (listed, general) {
        case (.success(let a), .success(let b)): #expect(Self.difference(a, b) == nil)
        case (.failure(let a), .failure(let b)): #expect(a == b)
        default: Issue.record("the two readings disagree on \(extra)")
        }
    }

    /// Deterministic byte mutations of the shipped manifests: wherever the fast path
    /// accepts a mutant, the general way accepts it too, with the same manifest.
    @Test func onThousandsOfMutantsTheFastPathNeverDisagreesWithTheGeneralWay() throws {
        var generator = SeededGenerator(seed: 2_003)
        var accepted = 0, checked = 0
        for source in Self.shipped {
            let original = try [UInt8](Data(contentsOf: source))
            let url = directory.file(source.lastPathComponent)
            for _ in 0..<1_500 {
                let mutant = JSONMutation.mutate(original, &generator)
                checked += 1
                guard let manifest = fast(mutant, url: url) else { continue }
                accepted += 1
                switch general(mutant, url: url) {
                case .success(let expected):
                    if let difference = Self.difference(manifest, expected) {
                        Issue.record("\(source.lastPathComponent) mutant read differently (\(difference)): \(String(decoding: mutant, as: UTF8.self))")
                    }
                case .failure(let problem):
                    Issue.record("the fast path accepted a mutant the general way refuses (\(problem.explanation)): \(String(decoding: mutant, as: UTF8.self))")
                }
            }
        }
        // Mutations that keep a manifest sound (in whitespace, a summary's text) stay fast.
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
