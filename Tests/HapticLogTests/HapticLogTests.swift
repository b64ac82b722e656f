import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The haptic log loaded from its built library through the host.
@Suite struct HapticLogTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("haptic-log.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.haptic-log")
    }

    func lines(_ url: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
    }

    func ahapText(_ line: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: try #require(line["ahap"])), as: UTF8.self)
    }

    @Test func everySignalIsOneJSONLineHoldingValidAHAP() throws {
        let directory = try TemporaryDirectory()
        let log = try host.renderTarget(manifest, outputDirectory: directory.url)
        for (index, signal) in OutputSignal.allCases.enumerated() {
            try log.render(OutputMessage(signal: signal, text: "private words \(index)", isUrgent: signal == .awarenessAlert,
                                         sessionTime: Double(index) + 0.5, sequence: UInt64(index + 1)))
        }
        let file = directory.file("haptics.jsonl")  // the manifest default, {output}/haptics.jsonl
        let parsed = try lines(file)
        #expect(parsed.count == OutputSignal.allCases.count)
        for (index, line) in parsed.enumerated() {
            let signal = OutputSignal.allCases[index]
            #expect(line["signal"] as? String == "\(signal)")
            #expect(line["sequence"] as? Int == index + 1)
            #expect((line["sessionTime"] as? NSNumber)?.doubleValue == Double(index) + 0.5)
            #expect(line["urgent"] as? Bool == (signal == .awarenessAlert))
            let time = try #require(line["time"] as? String)
            #expect(ISO8601DateFormatter().date(from: time.replacingOccurrences(of: #"\.\d{3}"#, with: "", options: .regularExpression)) != nil, "\(time)")
            #expect(AHAPRules.violations(try ahapText(line)) == [], "\(signal)")
        }
        #expect(parsed[1]["pattern"] as? String == "awarenessAlert")
        // Invariant 10: the safety alert is felt as its own pattern, which the manifest offers.
        let safety = try #require(parsed.first { $0["signal"] as? String == "safetyAlert" })
        #expect(safety["pattern"] as? String == "safetyAlert")
        #expect(parsed.filter { $0["pattern"] as? String == "safetyAlert" }.count == 1)
        #expect(manifest.capabilities.cues[.safetyAlert] == true)
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("private words"))
    }

    @Test func aLaterSessionAppendsAndATornLineIsCutOff() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("log/h.jsonl")
        try host.renderTarget(manifest, config: ["path": .string(path.path)]).render(OutputMessage(signal: .description, text: "a"))
        let handle = try FileHandle(forWritingTo: path)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"time":"2025-01-01T00:00:00.000Z","sig"#.utf8))  // a crash mid-line
        try handle.close()
        try host.renderTarget(manifest, config: ["path": .string(path.path)]).render(OutputMessage(signal: .status, text: "b"))
        let parsed = try lines(path)
        #expect(parsed.map { $0["signal"] as? String } == ["description", "status"])
    }

    @Test func someoneElsesFileIsRefusedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let notes = try directory.write("notes.txt", "Shopping: milk, bread\n")
        do {
            _ = try host.renderTarget(manifest, config: ["path": .string(notes.path)])
            Issue.record("appended to a file that is not a haptic log")
        } catch let error as PluginCallError {
            #expect(error.message.contains(notes.path))
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "Shopping: milk, bread\n")
    }

    @Test func unknownAndEmptyKeysAreRefused() throws {
        for config in [#"{"pth": "/tmp/x.jsonl"}"#, #"{"path": ""}"#, #"{"path": 3}"#] {
            do {
                _ = try host.renderTarget(manifest, rawConfig: config)
                Issue.record("created with \(config)")
            } catch let error as PluginCallError {
                #expect(error.status == 2, "\(config): \(error.message)")
                #expect(error.message.contains("'pth'") || error.message.contains("'path'"), "\(error.message)")
            }
        }
    }
}
