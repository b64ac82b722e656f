import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The library check a listing shares between its manifests: made once per library and
/// directory within one listing, never carried into the next.
@Suite struct LibraryMemoTests {
    let plugins: TemporaryDirectory
    let state: TemporaryDirectory
    init() throws {
        plugins = try TemporaryDirectory()
        state = try TemporaryDirectory()
    }

    var registry: BrokenPluginRegistry { BrokenPluginRegistry(directory: state.url, warn: { _ in }) }

    func manifest(id: String, library: String = "libshared.so") -> String {
        #"{"schema": "sensebridge.plugin-manifest/1", "id": "\#(id)", "kind": "render-target", "version": "1.0.0", "#
            + #""abi": {"major": 1, "minor": 0}, "library": "\#(library)", "displayName": {"en": "Shared"}}"#
    }

    func discover(_ directories: URL...) -> PluginCatalog {
        PluginCatalog.discover(PluginSearchPath(entries: directories.map { .init(directory: $0, origin: .commandLine) }), registry: registry)
    }

    /// A symlink (`libshared.so` → `libshared.so.1`, as libraries are installed) is
    /// resolved in full; once for every manifest that names it.
    @Test(arguments: [1, 4])
    func aLibraryManyManifestsNameIsResolvedOncePerListing(threads: Int) throws {
        try plugins.write("libshared.so.1", "a library")
        try FileManager.default.createSymbolicLink(atPath: plugins.file("libshared.so").path, withDestinationPath: "libshared.so.1")
        for index in 0..<100 { try plugins.write(String(format: "plugin-%03d.json", index), manifest(id: "org.example.p\(index)")) }
        let memo = LibraryPathCheck.Memo()
        let outcomes = PluginCatalog.readManifests(in: plugins.url, libraries: memo, threads: threads)
        #expect(outcomes.count == 100)
        #expect(outcomes.allSatisfy { if case .manifest = $0 { true } else { false } })
        #expect(memo.resolutions == 1)
    }

    /// Installed plugins each have a library of their own: one that is a regular file
    /// beside its manifest is answered by one fstatat(2) on the open directory, never
    /// resolved through realpath(3), so the memo holds no answer for it.
    @Test(arguments: [1, 4])
    func aLibraryOfItsOwnBesideEachManifestIsNeverResolved(threads: Int) throws {
        for index in 0..<100 {
            try plugins.write(String(format: "libplugin-%03d.so", index), "a library")
            try plugins.write(String(format: "plugin-%03d.json", index),
                              manifest(id: "org.example.p\(index)", library: String(format: "libplugin-%03d.so", index)))
        }
        let memo = LibraryPathCheck.Memo()
        let outcomes = PluginCatalog.readManifests(in: plugins.url, libraries: memo, threads: threads)
        #expect(outcomes.count == 100)
        #expect(outcomes.allSatisfy { if case .manifest = $0 { true } else { false } })
        #expect(memo.resolutions == 0)
    }

    /// Whatever is not a plain regular file beside the manifest is checked in full, and
    /// listed with the very problem the manifest read by its path has.
    @Test func aLibraryThatIsNotARegularFileBesideItsManifestIsListedWithItsProblem() throws {
        let outside = try TemporaryDirectory()
        try outside.write("libelsewhere.so", "a library")
        try FileManager.default.createSymbolicLink(atPath: plugins.file("libescape.so").path, withDestinationPath: outside.file("libelsewhere.so").path)
        try FileManager.default.createSymbolicLink(atPath: plugins.file("libloop.so").path, withDestinationPath: "libloop.so")
        try FileManager.default.createSymbolicLink(atPath: plugins.file("libdangling.so").path, withDestinationPath: "libgone.so")
        try FileManager.default.createDirectory(at: plugins.file("libfolder.so"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: plugins.file("sub"), withIntermediateDirectories: true)
        try plugins.write("sub/libnested.so", "a library")
        let cases: [(library: String, reason: PluginProblem.Reason?)] = [
            ("libescape.so", .libraryEscapesDirectory("libescape.so")),
            ("libloop.so", .symlinkLoop("libloop.so")),
            ("libdangling.so", .libraryNotFound(plugins.file("libdangling.so").path)),
            ("libfolder.so", .libraryNotFound(plugins.file("libfolder.so").path)),
            ("libmissing.so", .libraryNotFound(plugins.file("libmissing.so").path)),
            ("../libescape.so", .libraryEscapesDirectory("../libescape.so")),
            ("sub/libnested.so", nil),
        ]
        for (index, item) in cases.enumerated() {
            try plugins.write("p\(index).json", manifest(id: "org.example.p\(index)", library: item.library))
        }
        let outcomes = PluginCatalog.readManifests(in: plugins.url, libraries: .init(), threads: 1)
        #expect(outcomes.count == cases.count)
        for (index, item) in cases.enumerated() {
            let listed: PluginProblem.Reason?
            switch outcomes[index] {
            case .manifest: listed = nil
            case .broken(let problem, _): listed = problem.reason
            case .taken: listed = .unreadable("taken")
            }
            #expect(listed == item.reason, "\(item.library)")
            let byPath: PluginProblem.Reason?
            switch ManifestReader.read(plugins.file("p\(index).json")) {
            case .success: byPath = nil
            case .failure(let problem): byPath = problem.reason
            }
            #expect(byPath == item.reason, "\(item.library), read by its path")
        }
    }

    /// Each listing starts from nothing: a library replaced, removed or restored between
    /// two listings is judged as it is now.
    @Test func aLibraryThatChangesBetweenListingsIsJudgedAfreshByTheNext() throws {
        try plugins.write("libshared.so", "a library")
        try plugins.write("a.json", manifest(id: "org.example.a"))
        try plugins.write("b.json", manifest(id: "org.example.b"))
        #expect(discover(plugins.url).plugins.map(\.id) == ["org.example.a", "org.example.b"])

        let library = plugins.file("libshared.so")
        try FileManager.default.removeItem(at: library)
        try FileManager.default.createSymbolicLink(atPath: library.path, withDestinationPath: "/etc/hostname")
        let escaped = discover(plugins.url)
        #expect(escaped.plugins.isEmpty)
        #expect(escaped.broken.map(\.problem.reason) == [.libraryEscapesDirectory("libshared.so"), .libraryEscapesDirectory("libshared.so")])
        #expect(escaped.broken.map(\.problem.path) == [plugins.file("a.json").path, plugins.file("b.json").path])

        try FileManager.default.removeItem(at: library)
        let missing = discover(plugins.url)
        #expect(missing.broken.map(\.problem.reason) == [.libraryNotFound(library.path), .libraryNotFound(library.path)])

        try plugins.write("libshared.so", "rebuilt")
        #expect(discover(plugins.url).plugins.map(\.id) == ["org.example.a", "org.example.b"])
    }

    /// Within one memo the first answer stands (that is what it is for); a new memo, as
    /// each listing makes, sees the file as it is now.
    @Test func aMemoKeepsItsAnswerAndANewOneLooksAgain() throws {
        let library = try plugins.write("libshared.so", "a library")
        let memo = LibraryPathCheck.Memo()
        #expect(memo.problem(library: "libshared.so", directory: plugins.url, directoryPath: plugins.url.path) == nil)
        try FileManager.default.removeItem(at: library)
        #expect(memo.problem(library: "libshared.so", directory: plugins.url, directoryPath: plugins.url.path) == nil)
        #expect(memo.resolutions == 1)
        #expect(LibraryPathCheck.Memo().problem(library: "libshared.so", directory: plugins.url, directoryPath: plugins.url.path)
            == .libraryNotFound(library.path))
    }

    /// The same library name in two directories is two libraries.
    @Test func theSameNameInAnotherDirectoryIsAnotherLibrary() throws {
        let other = try TemporaryDirectory()
        try plugins.write("libshared.so", "a library")
        try plugins.write("a.json", manifest(id: "org.example.a"))
        try other.write("b.json", manifest(id: "org.example.b"))
        let catalog = discover(plugins.url, other.url)
        #expect(catalog.plugins.map(\.id) == ["org.example.a"])
        #expect(catalog.broken.map(\.problem.reason) == [.libraryNotFound(other.file("libshared.so").path)])
    }

    /// Names the memo appends to the directory's path itself give the path URL gives.
    @Test(arguments: ["libshared.so", "lib+x-1_2.so", "sub/libshared.so", "./libshared.so", "lib%41.so", "lib space.so"])
    func theCandidatePathIsTheOneURLGives(library: String) throws {
        let expected = plugins.url.appendingPathComponent(library).path
        let memo = LibraryPathCheck.Memo()
        #expect(memo.problem(library: library, directory: plugins.url, directoryPath: plugins.url.path) == .libraryNotFound(expected))
        #expect(LibraryPathCheck.problem(library: library, directory: plugins.url) == .libraryNotFound(expected))
    }

    /// A large directory read on several threads lists what one thread lists, in order.
    @Test func readingOnSeveralThreadsGivesWhatOneThreadGives() throws {
        try plugins.write("libshared.so", "a library")
        for index in 0..<300 {
            let name = String(format: "plugin-%03d.json", index)
            switch index % 7 {
            case 0: try plugins.write(name, "{ not json")
            case 1: try plugins.write(name, manifest(id: "org.example.p\(index)", library: "libmissing.so"))
            case 2: try plugins.write(name, manifest(id: "org.example.dup"))
            default: try plugins.write(name, manifest(id: "org.example.p\(index)"))
            }
        }
        func summary(_ outcomes: [PluginCatalog.Outcome]) -> [String] {
            outcomes.map {
                switch $0 {
                case .manifest(let manifest): return "\(manifest.id) \(manifest.manifestPath)"
                case .broken(let problem, let id): return "\(id ?? "-") \(problem)"
                case .taken: return "taken"
                }
            }
        }
        let one = summary(PluginCatalog.readManifests(in: plugins.url, libraries: .init(), threads: 1))
        let several = summary(PluginCatalog.readManifests(in: plugins.url, libraries: .init(), threads: 4))
        #expect(one.count == 300)
        #expect(several == one)
    }

    @Test func aManifestsPathFollowsItsURL() throws {
        try plugins.write("libshared.so", "a library")
        var manifest = try ManifestReader.read(try plugins.write("a.json", manifest(id: "org.example.a"))).get()
        #expect(manifest.manifestPath == plugins.file("a.json").path)
        manifest.manifestURL = URL(fileURLWithPath: "/elsewhere/b.json")
        #expect(manifest.manifestPath == "/elsewhere/b.json")
    }

    /// The id of a broken manifest is read as JSONSerialization read it, leniencies included.
    @Test func aBrokenManifestsIDIsReadAsBefore() throws {
        let text = #"{"id": "org.example.enc", "schema": "nope", "list": [1, 2,],}"#
        try plugins.write("trailing.json", text)
        try Data(text.replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",}", with: "}").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: plugins.file("utf16.json"))
        try plugins.write("twice.json", #"{"id": "org.example.first", "id": "org.example.last"}"#)
        try plugins.write("number.json", #"{"id": 7}"#)
        try plugins.write("overflow.json", #"{"id": "org.example.big", "n": 1e999}"#)
        let ids = discover(plugins.url).broken.map { "\($0.problem.path.split(separator: "/").last!)=\($0.id ?? "-")" }
        #expect(ids == ["number.json=-", "overflow.json=-", "trailing.json=org.example.enc", "twice.json=org.example.last",
                        "utf16.json=org.example.enc"])
    }
}
