import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The module boundaries of docs/ARCHITECTURE.md, read off the import lines of every
/// source file, so a shortcut across a boundary fails the build's tests instead of
/// quietly becoming the architecture.
@Suite struct ModuleImportsTests {
    /// Each module, and which project modules it may import (the toolchain's, in
    /// `system`, are open to all). The table is docs/ARCHITECTURE.md's
    /// "Modules by role" table, kept in step by `documentedTableMatches`.
    static let allowed: [String: Set<String>] = [
        "Sources/SenseBridgeCore": [],
        "Sources/SenseBridgeABICodec": ["CSenseBridgeABI", "SenseBridgeCore"],
        "Sources/SenseBridgePluginKit": ["CSenseBridgeABI", "SenseBridgeABICodec", "SenseBridgeCore"],
        "Sources/SenseBridgeProcess": [],
        "Sources/LibAVMedia": ["CLibAV"],
        "Sources/PageOutline": ["COpenCVPage", "SenseBridgeCore"],
        "Sources/SenseBridgeHost": ["CSenseBridgeABI", "CLtdl", "CFrameRing", "SenseBridgeABICodec", "SenseBridgeCore", "SenseBridgeProcess"],
        "Sources/SenseBridgeHarness": ["CSenseBridgeABI", "SenseBridgeABICodec", "SenseBridgeHost", "SenseBridgeCore", "SenseBridgeProcess"],
        "Sources/SenseBridgeNetwork": ["SenseBridgeHost", "SenseBridgeCore", "SenseBridgeProcess", "FoundationNetworking"],
        "Sources/SenseBridgeTesting": ["CSenseBridgeABI", "SenseBridgeABICodec", "SenseBridgePluginKit", "SenseBridgeCore", "SenseBridgeProcess"],
        "Sources/SenseBridgeRepositoryTesting": ["SenseBridgeTesting", "CSenseBridgeABI", "SenseBridgeCore", "SenseBridgeProcess"],
        "Sources/sensebridge": ["SenseBridgeHost", "SenseBridgeHarness", "SenseBridgeNetwork", "SenseBridgeCore", "SenseBridgeProcess"],
        "Sources/sensebridge-plugin-runner": ["SenseBridgeHost", "CRunnerSandbox"],
        "Plugins": ["SenseBridgePluginKit", "SenseBridgeCore", "CEspeakNG", "CFreenect", "CLibAV", "LibAVMedia", "CPulse", "CTesseract", "CSpeechd", "CBrlAPI",
                    "CLouis", "COpenCVDNN", "PageOutline", "FoundationNetworking"],
    ]

    /// The toolchain's own modules any module may use: they carry no project dependency.
    static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Synchronization"]

    /// Modules only some folders may import, beyond the table: the network leaves the
    /// machine only from two places (Invariant 3), only the speech plugin links espeak-ng,
    /// only the Kinect source links libfreenect, only the camera and audio sources link
    /// FFmpeg, only the audio source links libpulse,
    /// only the OCR plugin links tesseract, only the speech-dispatcher target links
    /// libspeechd, only the braille target links BrlAPI and liblouis, and only the object
    /// detector and the sound classifier link OpenCV's DNN module, and only the OCR plugin
    /// finds pages with its imgproc.
    static let restricted: [String: Set<String>] = [
        "FoundationNetworking": ["Sources/SenseBridgeNetwork", "Plugins/NetworkComposer"],
        "CEspeakNG": ["Plugins/EspeakSpeech"],
        "CFreenect": ["Plugins/FreenectSource"],
        "CLibAV": ["Sources/LibAVMedia", "Plugins/CameraSource", "Plugins/AudioSource"],
        "LibAVMedia": ["Plugins/CameraSource", "Plugins/AudioSource"],
        "CPulse": ["Plugins/AudioSource"],
        "CTesseract": ["Plugins/TesseractOCR"],
        "CSpeechd": ["Plugins/SpeechDispatcher"],
        "CBrlAPI": ["Plugins/Braille"],
        "CLouis": ["Plugins/Braille"],
        "COpenCVDNN": ["Plugins/ObjectDetector", "Plugins/SoundClassifier"],
        "COpenCVPage": ["Sources/PageOutline"],
        "PageOutline": ["Plugins/TesseractOCR"],
    ]

    struct Import: CustomStringConvertible {
        var file: String
        var line: Int
        var module: String
        var description: String { "\(file):\(line) imports \(module)" }
    }

    static func imports(under folder: String) throws -> [Import] {
        let root = RepositoryPaths.root
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [Import] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            for (index, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                      words[..<at].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) }) else { continue }
                found.append(Import(file: relative, line: index + 1, module: String(words[at + 1].split(separator: ".")[0])))
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatItsRoleAllows() throws {
        var breaches: [String] = []
        for (folder, allowed) in Self.allowed {
            let found = try Self.imports(under: folder)
            #expect(!found.isEmpty, "no Swift file found under \(folder); the table names a module that moved")
            breaches += found.filter { !allowed.contains($0.module) && !Self.system.contains($0.module) }.map(\.description)
        }
        #expect(breaches.isEmpty, "imports across a module boundary:\n\(breaches.sorted().joined(separator: "\n"))")
    }

    @Test func restrictedModulesStayWhereTheyBelong() throws {
        let all = try Self.imports(under: "Sources") + Self.imports(under: "Plugins")
        for (module, places) in Self.restricted {
            let outside = all.filter { use in use.module == module && !places.contains { use.file.hasPrefix($0 + "/") } }
            #expect(outside.isEmpty, "\(module) outside \(places.sorted()): \(outside)")
        }
    }

    @Test func everySourceFolderHasARole() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.root.appendingPathComponent("Sources").path)
        let swiftModules = try sources.filter { !(try Self.imports(under: "Sources/\($0)").isEmpty) }
        let unlisted = swiftModules.filter { Self.allowed["Sources/\($0)"] == nil }
        #expect(unlisted.isEmpty, "Swift modules without an import rule: \(unlisted); add them here and to docs/ARCHITECTURE.md")
    }

    /// `@testable` would reach internals across a boundary the access levels draw.
    @Test func noProductionCodeUsesTestableImport() throws {
        let testable = try Self.allowed.keys.flatMap { try Self.lines(under: $0) }.filter { $0.text.hasPrefix("@testable import") }
        #expect(testable.isEmpty, "\(testable.map(\.file))")
    }

    /// docs/ARCHITECTURE.md's table lists, for every module, exactly the project modules
    /// this test allows it (system modules such as Foundation are left out of the doc).
    @Test func documentedTableMatches() throws {
        let doc = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let project: Set<String> = ["CSenseBridgeABI", "CLtdl", "CEspeakNG", "CFreenect", "CLibAV", "LibAVMedia", "CPulse", "CTesseract", "CSpeechd", "CBrlAPI", "CLouis", "COpenCVDNN", "COpenCVPage", "PageOutline", "CRunnerSandbox", "CFrameRing", "SenseBridgeCore", "SenseBridgeABICodec", "SenseBridgePluginKit",
                                    "SenseBridgeHost", "SenseBridgeHarness", "SenseBridgeNetwork", "SenseBridgeTesting", "SenseBridgeRepositoryTesting",
                                    "SenseBridgeProcess",
                                    "FoundationNetworking"]
        for (folder, allowed) in Self.allowed {
            let module = folder == "Plugins" ? "Plugins/*" : String(folder.dropFirst("Sources/".count))
            guard let row = doc.split(separator: "\n").first(where: { $0.hasPrefix("| `\(module)` |") }) else {
                Issue.record("docs/ARCHITECTURE.md has no row for `\(module)`")
                continue
            }
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let listed = Set(cells.count > 1 ? cells[1].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }.filter { !$0.isEmpty && $0 != "—" } : [])
            #expect(listed == allowed.intersection(project), "docs/ARCHITECTURE.md row for \(module): \(listed.sorted()) vs \(allowed.intersection(project).sorted())")
        }
    }

    /// The public SenseBridgeTesting is built inside a third party's package, where this
    /// repository's tree is not: it may neither import the repository's own helpers nor
    /// find a file from where its source lies (`#filePath`, `#file`), and no product may
    /// offer those helpers to another package.
    @Test func thePublicTestingKitKnowsNothingOfTheRepository() throws {
        let kit = "Sources/SenseBridgeTesting"
        let imports = try Self.imports(under: kit).filter { $0.module == "SenseBridgeRepositoryTesting" }
        #expect(imports.isEmpty, "\(imports)")
        let located = try Self.lines(under: kit).filter { line in
            !line.text.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && line.text.contains(/#file(Path)?(?![A-Za-z])/)
        }
        #expect(located.isEmpty, "\(kit) finds files from its own location: \(located.map { "\($0.file): \($0.text)" })")
        let package = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = package.split(separator: "\n").filter { $0.contains(".library(") && $0.contains("SenseBridgeRepositoryTesting") }
        #expect(products.isEmpty, "a product offers the repository's helpers: \(products)")
    }

    struct Line { var file: String; var text: String }

    static func lines(under folder: String) throws -> [Line] {
        let base = RepositoryPaths.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var lines: [Line] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            lines += try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { Line(file: url.lastPathComponent, text: String($0)) }
        }
        return lines
    }
}
