import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The camera source loaded from its staged library, as any host loads it.
enum CameraSourceClient {
    static let id = "org.sensebridge.camera-source"

    static func host() throws -> PluginHost {
        _ = try RepositoryPaths.stagedManifest("camera-source.json")
        return PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
    }

    static func source(_ input: String, _ config: [String: JSONValue] = [:]) throws -> SensingSourceInstance {
        let host = try host()
        return try host.sensingSource(try host.manifest(id: id), config: config.merging(["input": .string(input)]) { mine, _ in mine })
    }

    /// The error create gave, or nil (recorded as an issue) when it succeeded.
    static func createError(_ input: String, _ config: [String: JSONValue] = [:]) -> PluginCallError? {
        do {
            _ = try source(input, config)
            Issue.record("create succeeded for input '\(input)'")
            return nil
        } catch let error as PluginCallError {
            return error
        } catch {
            Issue.record("expected a plugin error, got \(error)")
            return nil
        }
    }

    /// Every frame of one run, from start to the end of the stream, which must come
    /// within `limit` frames. A timeout is a failure: files are read as fast as possible.
    static func drain(_ source: SensingSourceInstance, limit: Int = 1000) throws -> [SensingFrame] {
        var frames: [SensingFrame] = []
        while frames.count <= limit {
            switch try source.next(timeoutMilliseconds: 5000) {
            case .frame(let frame): frames.append(frame)
            case .timedOut:
                Issue.record("timed out after \(frames.count) frames")
                return frames
            case .endOfStream: return frames
            }
        }
        Issue.record("no end of stream within \(limit) frames")
        return frames
    }

    static func image(_ frame: SensingFrame) -> ImageFrame? {
        guard case .image(let image) = frame.content else {
            Issue.record("frame at \(frame.timestampNanoseconds) ns is not an image")
            return nil
        }
        return image
    }

    /// End of stream on this call and the next `times - 1`.
    static func staysEnded(_ source: SensingSourceInstance, times: Int = 3) throws -> Bool {
        for _ in 0..<times {
            guard case .endOfStream = try source.next(timeoutMilliseconds: 100) else { return false }
        }
        return true
    }
}
