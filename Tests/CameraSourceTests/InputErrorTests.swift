import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// What a person is told when the input cannot be read: the file or device by name and
/// libav's reason, when the profile loads (create) and again at start, never a source
/// that silently gives nothing.
@Suite struct InputErrorTests {
    static let io: Int32 = 7  // SB_ERR_IO
    static let invalidConfig: Int32 = 2  // SB_ERR_INVALID_CONFIG

    @Test func aMissingFileIsAnErrorNamingItAndTheReason() throws {
        let fixtures = try MediaFixtures()
        let missing = fixtures.path("nowhere/clip.mp4")
        let error = CameraSourceClient.createError(missing)
        #expect(error?.status == Self.io)
        #expect(error?.message.contains("'\(missing)'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("No such file or directory") == true, "\(String(describing: error))")
    }

    @Test(arguments: ["notes.txt", "notes.bin"])
    func aFileThatIsNoMediaIsAnErrorNamingItAndTheReason(_ name: String) throws {
        let fixtures = try MediaFixtures()
        let notes = try fixtures.write(name, Data("Buy milk and bread; call the dentist at ten.\n".utf8))
        let error = CameraSourceClient.createError(notes)
        #expect(error?.status == Self.io)
        #expect(error?.message.contains("'\(notes)'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("Invalid data found when processing input") == true, "\(String(describing: error))")
    }

    /// There is no camera where the tests run: the V4L2 path is opened for real, and
    /// must say which camera and why.
    @Test func aMissingCameraIsAnErrorNamingTheDevice() throws {
        let device = "/dev/video9"
        try #require(!FileManager.default.fileExists(atPath: device), "this test needs \(device) to be absent")
        let error = CameraSourceClient.createError(device)
        #expect(error?.status == Self.io)
        let message = error?.message ?? ""
        #expect(message.contains("Cannot open camera '\(device)'"), "\(message)")
        #expect(message.contains("No such file or directory"), "libav's reason: \(message)")
        #expect(message.contains("plugged in"), "the next step: \(message)")
    }

    @Test func aFolderWithoutPicturesIsAnErrorNamingIt() throws {
        let fixtures = try MediaFixtures()
        try fixtures.write("empty/README.txt", Data("nothing here yet\n".utf8))
        let error = CameraSourceClient.createError(fixtures.path("empty"))
        #expect(error?.status == Self.io)
        #expect(error?.message.contains("'\(fixtures.path("empty"))' holds no pictures") == true, "\(String(describing: error))")
        #expect(error?.message.contains("1 other file(s) were skipped") == true, "\(String(describing: error))")
    }

    /// Start opens the input again: a file gone since create is reported there, by name.
    @Test func aFileRemovedAfterCreateIsAnErrorAtStart() throws {
        let fixtures = try MediaFixtures()
        let image = try fixtures.solidPGM("page.pgm", width: 4, height: 4, level: 1)
        let source = try CameraSourceClient.source(image)
        try FileManager.default.removeItem(atPath: image)
        do {
            try source.start()
            Issue.record("start succeeded on a removed file")
        } catch let error as PluginCallError {
            #expect(error.status == Self.io)
            #expect(error.message.contains("'\(image)'") && error.message.contains("No such file or directory"), "\(error.message)")
        }
        #expect(throws: PluginCallError.self) { try source.next(timeoutMilliseconds: 10) }
    }

    @Test(arguments: [
        (["pixelFormat": JSONValue.string("yuv420p")], "Config key 'pixelFormat' must be \"gray8\" or \"rgb24\""),
        (["pace": JSONValue.string("slow")], "Config key 'pace' must be"),
        (["widht": JSONValue.number(640)], "Config key 'widht' is not a setting of this plugin"),
    ])
    func aBadConfigIsRefusedNamingTheKey(_ config: [String: JSONValue], _ expected: String) throws {
        let fixtures = try MediaFixtures()
        let image = try fixtures.solidPGM("page.pgm", width: 4, height: 4, level: 1)
        let host = try CameraSourceClient.host()
        let manifest = try host.manifest(id: CameraSourceClient.id)
        var object = config
        object["input"] = .string(image)
        // Past the host's own schema check, to see the plugin's.
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: object.mapValues { value -> Any in
            switch value {
            case .string(let text): return text
            case .number(let number): return number
            default: return NSNull()
            }
        }), as: UTF8.self)
        do {
            _ = try host.sensingSource(manifest, rawConfig: raw)
            Issue.record("create accepted \(raw)")
        } catch let error as PluginCallError {
            #expect(error.status == Self.invalidConfig)
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }
}
