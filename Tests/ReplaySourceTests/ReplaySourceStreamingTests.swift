import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The replay source streams its recording: checked whole at create, then read a frame
/// at a time during each run, from the start again on every start.
@Suite struct ReplaySourceStreamingTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("replay-source.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.replay-source")
    }

    static func frame(_ time: Double) -> String { #"{"time": \#(time), "records": [{"kind": "object", "label": "door", "confidence": 0.8}]}"# }

    func source(_ file: URL) throws -> SensingSourceInstance {
        try host.sensingSource(manifest, config: ["path": .string(file.path), "pace": .string("fast")])
    }

    func time(_ next: SensingSourceInstance.Next) -> UInt64? {
        if case .frame(let frame) = next { return frame.timestampNanoseconds }
        return nil
    }

    @Test func aBadLineLateInALongFileFailsAtCreate() throws {
        let directory = try TemporaryDirectory()
        let lines = (0..<5_000).map { Self.frame(Double($0)) } + [#"{"time": 1, "records": []}"#]
        let file = try directory.write("late-bad.jsonl", lines.joined(separator: "\n"))
        do {
            _ = try source(file)
            Issue.record("a corrupt recording was accepted")
        } catch let error as PluginCallError {
            #expect(error.message.contains("\(file.path) line 5001: time 1.0 is not after the previous frame's 4999.0"), "\(error.message)")
        }
    }

    @Test func aLineThatTurnsBadAfterCreateIsAnErrorFromNextNamingTheLine() throws {
        let directory = try TemporaryDirectory()
        let good = [Self.frame(0), Self.frame(1), Self.frame(2)]
        let file = try directory.write("changing.jsonl", good.joined(separator: "\n"))
        let source = try source(file)
        _ = try directory.write("changing.jsonl", [Self.frame(0), Self.frame(1), "{broken"].joined(separator: "\n"))
        try source.start()
        #expect(time(try source.next(timeoutMilliseconds: 1000)) != nil)
        #expect(time(try source.next(timeoutMilliseconds: 1000)) != nil)
        for _ in 0..<2 {
            do {
                _ = try source.next(timeoutMilliseconds: 1000)
                Issue.record("a line that turned bad was handed out")
            } catch let error as PluginCallError {
                #expect(error.status == 7)  // SB_ERR_IO
                #expect(error.message.contains("\(file.path) line 3: is not valid JSON (Invalid value around character 1.)"), "\(error.message)")
            }
        }
        source.stop()
    }

    @Test func everyStartReadsFromTheFirstFrame() throws {
        let directory = try TemporaryDirectory()
        let lines = ["first", "second", "third"].enumerated().map { index, label in
            #"{"time": \#(index), "records": [{"kind": "object", "label": "\#(label)", "confidence": 0.8}]}"#
        }
        let file = try directory.write("three.jsonl", lines.joined(separator: "\n"))
        let source = try source(file)
        for _ in 0..<3 {
            try source.start()
            var labels: [String] = []
            while case .frame(let frame) = try source.next(timeoutMilliseconds: 1000) {
                if case .records(let records) = frame.content { labels += records.map(\.label) }
            }
            #expect(labels == ["first", "second", "third"])
            source.stop()
        }
        // Stopped after one frame, a new run still begins at the first.
        try source.start()
        _ = try source.next(timeoutMilliseconds: 1000)
        source.stop()
        try source.start()
        guard case .frame(let frame) = try source.next(timeoutMilliseconds: 1000), case .records(let records) = frame.content else {
            Issue.record("no records frame")
            return
        }
        #expect(records.map(\.label) == ["first"])
    }
}
