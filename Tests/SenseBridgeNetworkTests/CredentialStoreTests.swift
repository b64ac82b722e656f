import Foundation
import SenseBridgeHost
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Testing

/// Keys on disk: 0600 in a 0700 directory, refused when others could read them.
@Suite struct CredentialStoreTests {
    let directory: TemporaryDirectory
    let store: CredentialStore

    init() throws {
        directory = try TemporaryDirectory()
        store = CredentialStore(directory: directory.file("config/sensebridge/credentials"))
    }

    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func storeWritesA0600FileInA0700DirectoryAndReadsItBack() throws {
        try store.store("  sk-test-123\n", for: .openai)
        #expect(try mode(store.path(for: .openai)) == 0o600)
        #expect(try mode(store.directory) == 0o700)
        #expect(try store.read(.openai)?.value == "sk-test-123")
        #expect(try store.read(.anthropic) == nil)
        #expect(try String(contentsOf: store.path(for: .openai), encoding: .utf8) == "sk-test-123\n")
    }

    /// A key file that holds no key is a reading problem of that file, not "the key was
    /// not stored": the person must learn which file to replace (the credentials fuzz
    /// target's oracle asks every refusal to name its file).
    @Test(arguments: ["", "  \n", "two words", "sk-\u{7}bell"])
    func aStoredFileHoldingNoKeyIsRefusedNamingTheFile(_ contents: String) throws {
        try store.store("sk-test-123", for: .openai)
        let path = store.path(for: .openai).path
        try Data(contents.utf8).write(to: store.path(for: .openai))
        do {
            _ = try store.read(.openai)
            Issue.record("read a key out of \(contents.debugDescription)")
        } catch let failure as CredentialStore.Failure {
            #expect("\(failure)".contains(path), "\(failure)")
            #expect(!"\(failure)".contains("not stored"), "\(failure)")
        }
    }

    @Test func aFileOthersCanReadIsRefusedLikeSsh() throws {
        try store.store("sk-test-123", for: .anthropic)
        chmod(store.path(for: .anthropic).path, 0o644)
        #expect(throws: CredentialStore.Failure.tooOpen(path: store.path(for: .anthropic).path, mode: "0644")) {
            _ = try store.read(.anthropic)
        }
        chmod(store.path(for: .anthropic).path, 0o640)
        #expect(throws: CredentialStore.Failure.self) { _ = try store.read(.anthropic) }
        chmod(store.path(for: .anthropic).path, 0o400)
        #expect(try store.read(.anthropic)?.value == "sk-test-123")
    }

    @Test func aSymlinkIsNeverFollowed() throws {
        try store.store("sk-a", for: .openai)
        let elsewhere = try directory.write("elsewhere", "sk-elsewhere")
        chmod(elsewhere.path, 0o600)
        try FileManager.default.createSymbolicLink(atPath: store.path(for: .nvidiaNIM).path, withDestinationPath: elsewhere.path)
        #expect(throws: CredentialStore.Failure.symlink(path: store.path(for: .nvidiaNIM).path)) { _ = try store.read(.nvidiaNIM) }
    }

    @Test func aDirectoryInPlaceOfTheFileIsRefused() throws {
        try store.store("sk-a", for: .openai)
        try FileManager.default.createDirectory(at: store.path(for: .anthropic), withIntermediateDirectories: true)
        chmod(store.path(for: .anthropic).path, 0o700)
        #expect(throws: CredentialStore.Failure.notRegularFile(path: store.path(for: .anthropic).path)) { _ = try store.read(.anthropic) }
    }

    @Test func aDirectoryOthersCanWriteIsRefused() throws {
        try store.store("sk-a", for: .openai)
        chmod(store.directory.path, 0o777)
        #expect(throws: CredentialStore.Failure.self) { _ = try store.read(.openai) }
        // Storing again tightens it.
        try store.store("sk-b", for: .openai)
        #expect(try mode(store.directory) == 0o700)
        #expect(try store.read(.openai)?.value == "sk-b")
    }

    @Test(arguments: ["", "   \n", "sk with space", "sk-\u{7}bell", "ключ"])
    func invalidKeysAreNotStored(key: String) {
        #expect(throws: CredentialStore.Failure.self) { try store.store(key, for: .openai) }
        #expect(!store.exists(.openai))
    }

    @Test func removeDeletesAndSaysWhetherThereWasOne() throws {
        try store.store("sk-a", for: .localEndpoint)
        #expect(try store.remove(.localEndpoint))
        #expect(try !store.remove(.localEndpoint))
        #expect(try store.read(.localEndpoint) == nil)
    }

    @Test func aSecretNeverPrintsItself() throws {
        let secret = try Secret(checking: "sk-live-abc")
        #expect("\(secret)" == "<redacted>" && String(reflecting: secret) == "<redacted>")
        #expect(!"\([secret])".contains("sk-live"))
    }
}
