import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Drives a `SensingSourcePlugin` in-process, checking what the host checks of
/// every frame: timestamps strictly increase within a run, and end of stream, once
/// reported, stays reported.
///
/// ```swift
/// let host = try EmbeddedSourceHost(Replay.self, config: PluginConfig(#"{"file": "\#(path)"}"#))
/// try host.start()
/// try host.pump()
/// #expect(host.reachedEndOfStream)
/// while let frame = host.readFrame() { ... }
/// host.stop()
/// try host.finish()
/// ```
public final class EmbeddedSourceHost<Source: SensingSourcePlugin> {
    public let services: EmbeddedHostServices
    public private(set) var source: Source?
    private var frames: [SensingFrame] = []
    private var brokenRules: [String] = []
    private var lastTimestamp: UInt64?
    private var runIDs: [UInt64] = []
    public private(set) var isStarted = false
    public private(set) var reachedEndOfStream = false

    public init(_ type: Source.Type = Source.self, config: PluginConfig = PluginConfig("{}"),
                services: EmbeddedHostServices? = nil) throws {
        // Without services of its own, the plugin gets a table carrying its config.
        let services = services ?? EmbeddedHostServices(config: config)
        self.services = services
        source = try Source(host: services.hostServices, config: config)
    }

    private var live: Source {
        guard let source else { preconditionFailure("EmbeddedSourceHost was used after finish()") }
        return source
    }

    public func start() throws {
        try live.start()
        isStarted = true
        reachedEndOfStream = false
        lastTimestamp = nil
    }

    public func stop() {
        live.stop()
        isStarted = false
    }

    /// Pulls frames into the inbound buffer until `maximumFrames` arrived, a call
    /// times out, or the stream ends; returns how many arrived. Other errors are thrown.
    @discardableResult
    public func pump(maximumFrames: Int = 10_000, timeoutMilliseconds: UInt32 = 0) throws -> Int {
        var count = 0
        while count < maximumFrames {
            let next: SensingFrame?
            do {
                next = try live.nextFrame(timeoutMilliseconds: timeoutMilliseconds)
            } catch let error as PluginError where error.code == .endOfStream {
                reachedEndOfStream = true
                return count
            }
            guard let frame = next else { return count }
            if reachedEndOfStream {
                brokenRules.append("a frame arrived after end of stream was reported")
            }
            if let lastTimestamp, frame.timestampNanoseconds <= lastTimestamp {
                brokenRules.append("frame timestamp \(frame.timestampNanoseconds) ns does not increase on \(lastTimestamp) ns")
            }
            if let previousRun = runIDs.last, lastTimestamp != nil, frame.runID != previousRun {
                brokenRules.append("run_id changed from \(previousRun) to \(frame.runID) within one run")
            }
            if lastTimestamp == nil { runIDs.append(frame.runID) }
            lastTimestamp = frame.timestampNanoseconds
            frames.append(frame)
            count += 1
        }
        return count
    }

    /// The oldest frame received; nil when none is waiting.
    public func readFrame() -> SensingFrame? {
        frames.isEmpty ? nil : frames.removeFirst()
    }

    /// The run ids seen, one per run that delivered a frame.
    public var runs: [UInt64] { runIDs }

    public func takeBrokenRules() -> [String] {
        defer { brokenRules.removeAll() }
        return brokenRules
    }

    /// Releases the source; throws `EmbeddedHostLeftovers` listing frames never
    /// read, a source left started, rules broken and not taken, or an instance that
    /// outlived the host.
    public func finish() throws {
        var leftovers: [Leftover] = []
        if !frames.isEmpty { leftovers.append(.unreadFrames(frames.count)) }
        if isStarted {
            leftovers.append(.sourceStillStarted)
            stop()
        }
        leftovers += brokenRules.map(Leftover.brokenRule)
        frames.removeAll()
        brokenRules.removeAll()
        if let notDestroyed = InstanceRelease.check(&source) { leftovers.append(notDestroyed) }
        if !leftovers.isEmpty { throw EmbeddedHostLeftovers(leftovers: leftovers) }
    }
}
