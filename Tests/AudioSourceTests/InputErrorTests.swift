import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// What a person is told when the input cannot be heard: the file or microphone by name
/// and the reason, when the profile loads (create) or at start, never a source that
/// silently gives nothing.
@Suite struct InputErrorTests {
    @Test func aMissingFileIsAnErrorNamingItAndTheReason() throws {
        let fixtures = try AudioFixtures()
        let missing = fixtures.path("nowhere/alarm.wav")
        let error = AudioSourceClient.createError(missing)
        #expect(error?.status == AudioSourceClient.io)
        #expect(error?.message.contains("'\(missing)'") == true && error?.message.contains("No such file or directory") == true,
                "\(String(describing: error))")
    }

    /// Text, random bytes, a WAV cut inside its header, and a directory.
    @Test(arguments: ["notes.txt", "noise.bin", "cut.wav", "folder"])
    func aFileThatIsNoSoundIsAnErrorNamingIt(_ name: String) throws {
        let fixtures = try AudioFixtures()
        let path: String
        switch name {
        case "notes.txt": path = try fixtures.write(name, Data("Buy milk and bread; call the dentist at ten.\n".utf8))
        case "noise.bin":
            var generator = SeededGenerator(seed: 35)
            path = try fixtures.write(name, Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case "cut.wav":
            let whole = try fixtures.wav("whole.wav", samples: AudioFixtures.tone(frequency: 440, amplitudes: [0.5], rate: 16_000, seconds: 1),
                                         rate: 16_000, channels: 1, encoding: .s16)
            path = try fixtures.write(name, try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(30))
        default:
            path = fixtures.path(name)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let error = AudioSourceClient.createError(path)
        #expect(error?.status == AudioSourceClient.io)
        #expect(error?.message.contains("'\(path)'") == true, "\(String(describing: error))")
    }

    /// A WAV whose header promises two seconds but holds a quarter: what is there is heard,
    /// then the end, never an error or a hang.
    @Test func aTruncatedWAVGivesWhatItHoldsThenEnds() throws {
        let fixtures = try AudioFixtures()
        let whole = try fixtures.wav("whole.wav", samples: AudioFixtures.tone(frequency: 440, amplitudes: [0.5], rate: 16_000, seconds: 2),
                                     rate: 16_000, channels: 1, encoding: .s16)
        let cut = try fixtures.write("cut.wav", try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(44 + 16_000))
        let source = try AudioSourceClient.source(cut)
        try source.start()
        let blocks = try AudioSourceClient.drain(source)
        #expect(blocks.reduce(0) { $0 + $1.block.frameCount } == 8000, "\(blocks.map(\.block.frameCount))")
    }

    @Test func aVideoWithoutSoundIsAnErrorNamingIt() throws {
        let fixtures = try AudioFixtures()
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "1", fixtures.path("silent.mp4")])
        let error = AudioSourceClient.createError(fixtures.path("silent.mp4"))
        #expect(error?.status == AudioSourceClient.io)
        #expect(error?.message.contains("'\(fixtures.path("silent.mp4"))'") == true && error?.message.contains("holds no sound") == true,
                "\(String(describing: error))")
    }

    /// Start opens the input again: a file gone since create is reported there, by name.
    @Test func aFileRemovedAfterCreateIsAnErrorAtStart() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 440, amplitudes: [0.5], rate: 16_000, seconds: 1),
                                   rate: 16_000, channels: 1, encoding: .s16)
        let source = try AudioSourceClient.source(wav)
        try FileManager.default.removeItem(atPath: wav)
        let error = AudioSourceClient.error("start on a removed file") { try source.start() }
        #expect(error?.status == AudioSourceClient.io)
        #expect(error?.message.contains("'\(wav)'") == true && error?.message.contains("No such file or directory") == true, "\(String(describing: error))")
    }

    /// There is no sound card where the tests run: the ALSA device is opened for real at
    /// start (create cannot check it without opening it) and must be named.
    @Test func aMissingALSADeviceIsAnErrorAtStartNamingIt() throws {
        let source = try AudioSourceClient.source("alsa:hw:9")
        let error = AudioSourceClient.error("start on alsa:hw:9") { try source.start() }
        #expect(error?.status == AudioSourceClient.io)
        #expect(error?.message.contains("'alsa:hw:9'") == true && error?.message.contains("arecord -L") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        (["sampleRate": JSONValue.number(1_600_000)], "Config key 'sampleRate' must be from 8000 to 192000"),
        (["channels": JSONValue.number(0)], "Config key 'channels' must be from 1 to 8"),
        (["blockMilliseconds": JSONValue.number(5)], "Config key 'blockMilliseconds' must be from 20 to 2000"),
        (["input": JSONValue.string("")], "Config key 'input' must be"),
        (["rate": JSONValue.number(16_000)], "Config key 'rate' is not a setting of this plugin"),
    ])
    func aBadConfigIsRefusedNamingTheKey(_ config: [String: JSONValue], _ expected: String) throws {
        let host = try AudioSourceClient.host()
        let manifest = try host.manifest(id: AudioSourceClient.id)
        var object: [String: Any] = ["input": "/nowhere.wav"]
        for (key, value) in config {
            switch value {
            case .string(let text): object[key] = text
            case .number(let number): object[key] = number
            default: break
            }
        }
        // Past the host's own schema check, to see the plugin's.
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        do {
            _ = try host.sensingSource(manifest, rawConfig: raw)
            Issue.record("create accepted \(raw)")
        } catch let error as PluginCallError {
            #expect(error.status == AudioSourceClient.invalidConfig)
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }
}
