import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The plugin loaded from its staged library through the host, in process and isolated,
/// as a listening session loads it: blocks in, sound records out, config errors by key.
@Suite struct AlarmPatternDetectorTests {
    static let pluginID = "org.sensebridge.alarm-pattern-detector"

    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("alarm-pattern-detector.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: Self.pluginID)
    }

    /// The records after each quarter-second block of `signal`.
    func hear(_ signal: AlarmSignal, isolated: Bool, config: [String: JSONValue] = [:]) throws -> [[PerceptionRecord]] {
        let detector = try host.perceiver(manifest, config: config, placement: Placement(isolated: isolated))
        let length = AlarmSignal.sampleRate / 4
        var answers: [[PerceptionRecord]] = []
        for start in stride(from: 0, to: signal.samples.count, by: length) {
            let samples = Array(signal.samples[start..<min(signal.samples.count, start + length)])
            let block = AudioBlock(sampleRate: AlarmSignal.sampleRate, channels: 1, samples: samples,
                                   firstSampleNanoseconds: UInt64(start) * 62_500, continuesPrevious: start != 0)
            answers.append(try detector.perceive(.audio(block), timestampNanoseconds: block.firstSampleNanoseconds, locale: "en",
                                                 deadline: MonotonicClock.nanoseconds() + 60_000_000_000))
        }
        return answers
    }

    @Test(arguments: [false, true])
    func twoAlarmsAtOnceComeBackAsTwoSoundRecordsPerBlock(isolated: Bool) throws {
        var signal = AlarmSignal(seconds: 9)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 3), hertz: 3100)
        signal.add(AlarmSignal.cycles(.temporalFour, count: 2, start: 0.8), hertz: 520, waveform: .square)
        signal.addNoise(decibelsBelowTone: 10, seed: 9)
        let answers = try hear(signal, isolated: isolated)
        // Nothing before a whole cycle was heard; both once each was.
        #expect(answers.prefix(16).allSatisfy { $0.isEmpty })
        let last = try #require(answers.last)
        #expect(last.map(\.label) == ["smoke_alarm", "carbon_monoxide_alarm"])
        #expect(last.allSatisfy { $0.kind == .sound && $0.box == nil && $0.confidence >= 0.5 && $0.confidence <= 1 })
    }

    @Test func aLowBandOnlyDetectorDoesNotHearThePiezoBand() throws {
        var signal = AlarmSignal(seconds: 9)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 3), hertz: 3100)
        let answers = try hear(signal, isolated: false, config: ["bands": .array([.string("low")])])
        #expect(answers.allSatisfy { $0.isEmpty })
    }

    @Test(arguments: [
        (#"{"bands": ["middle"]}"#, "'bands'"),
        (#"{"bands": []}"#, "'bands'"),
        (#"{"minimumMarginDecibels": 1}"#, "'minimumMarginDecibels'"),
        (#"{"minimumMarginDecibels": "loud"}"#, "'minimumMarginDecibels'"),
        (#"{"band": ["low"]}"#, "'band'"),
    ])
    func aWrongSettingFailsLoadingNamingItsKey(config: String, key: String) throws {
        do {
            _ = try host.perceiver(manifest, rawConfig: config)
            Issue.record("\(config) was accepted")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
        }
    }
}
