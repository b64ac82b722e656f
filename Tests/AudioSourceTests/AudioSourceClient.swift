import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The audio source loaded from its staged library, as any host loads it.
enum AudioSourceClient {
    static let id = "org.sensebridge.audio-source"
    static let io: Int32 = 7  // SB_ERR_IO
    static let notStarted: Int32 = 9  // SB_ERR_NOT_STARTED
    static let invalidConfig: Int32 = 2  // SB_ERR_INVALID_CONFIG

    /// `brokenPlugins`: where a plugin that broke is remembered, for a test that may break
    /// one on purpose (a traced runner), so the user's own record is never touched.
    static func host(runner: URL? = RunnerLocation.find(), brokenPlugins: URL? = nil) throws -> PluginHost {
        _ = try RepositoryPaths.stagedManifest("audio-source.json")
        return PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]),
                          registry: brokenPlugins.map { BrokenPluginRegistry(directory: $0) } ?? .standard(),
                          isolation: IsolationSettings(runner: runner))
    }

    static func source(_ input: String, _ config: [String: JSONValue] = [:], isolated: Bool = false) throws -> SensingSourceInstance {
        let host = try host()
        return try host.sensingSource(try host.manifest(id: id), config: config.merging(["input": .string(input)]) { mine, _ in mine },
                                      placement: Placement(isolated: isolated))
    }

    /// The error create gave, or nil (recorded as an issue) when it succeeded.
    static func createError(_ input: String, _ config: [String: JSONValue] = [:]) -> PluginCallError? {
        error("create for input '\(input)'") { _ = try source(input, config) }
    }

    /// The plugin error `call` threw, or nil (recorded as an issue) when it did not throw one.
    static func error(_ what: String, _ call: () throws -> Void) -> PluginCallError? {
        do {
            try call()
            Issue.record("\(what) succeeded")
        } catch let error as PluginCallError {
            return error
        } catch {
            Issue.record("\(what): expected a plugin error, got \(error)")
        }
        return nil
    }

    /// Every block of one run, from start to the end of the stream, which must come within
    /// `limit` blocks. A timeout is a failure: files are read as fast as possible.
    static func drain(_ source: SensingSourceInstance, limit: Int = 1000) throws -> [(timestamp: UInt64, block: AudioBlock)] {
        var blocks: [(UInt64, AudioBlock)] = []
        while blocks.count <= limit {
            switch try source.next(timeoutMilliseconds: 5000) {
            case .frame(let frame):
                guard let block = audio(frame) else { return blocks }
                blocks.append((frame.timestampNanoseconds, block))
            case .timedOut:
                Issue.record("timed out after \(blocks.count) blocks")
                return blocks
            case .endOfStream: return blocks
            }
        }
        Issue.record("no end of stream within \(limit) blocks")
        return blocks
    }

    static func audio(_ frame: SensingFrame) -> AudioBlock? {
        guard case .audio(let block) = frame.content else {
            Issue.record("frame at \(frame.timestampNanoseconds) ns is not audio")
            return nil
        }
        return block
    }
}
