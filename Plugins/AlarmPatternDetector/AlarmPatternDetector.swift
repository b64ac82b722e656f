import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.audioPerceiver(AlarmPatternDetector.self, id: "org.sensebridge.alarm-pattern-detector", version: "1.0.0", abiMinor: 7)
}

/// Hears the standard alarm signals by their rhythm and pitch, with no model: temporal-
/// three (smoke and fire) and temporal-four (carbon monoxide), near 3 kHz or as the
/// 520 Hz low-frequency alarm (docs/ALARM_PATTERNS.md). One `.sound` record per pattern
/// sounding as of the block's end: "smoke_alarm" or "carbon_monoxide_alarm".
///
/// The listening itself is `AlarmListener` (SenseBridgeCore), pure and tested on its own;
/// this type only carries blocks to it and honours cancel and the deadline. What was
/// heard is the person's own: the log gets that a block was heard and how long it took,
/// never what was in it.
public final class AlarmPatternDetector: AudioPerceiverPlugin {
    private let host: HostServices
    /// Touched only by `perceive` ([instance-thread]).
    private var listener: AlarmListener

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        let settings = try AlarmSettings.read(config)
        listener = AlarmListener(settings: settings)
        host.log(.info, "alarm-patterns.ready", [("bands", .public(settings.bands.map(\.rawValue).joined(separator: ","))),
                                                 ("marginDecibels", .public(String(settings.minimumMarginDecibels)))])
    }

    public func perceive(_ request: AudioPerceiveRequest) throws -> [PerceptionRecord] {
        let checkpoint = request.checkpoint
        if checkpoint.isPastDeadline {
            throw PluginError(.timeout, "Listening for alarm patterns passed its deadline before it started; the block was not heard.")
        }
        let started = host.monotonicNanoseconds()
        let audio = request.audio
        let heard = listener.listen(audio.samples, sampleRate: audio.sampleRate, channels: audio.channels,
                                    continuesPrevious: audio.continuesPrevious,
                                    isStopped: { checkpoint.shouldStop })
        guard let heard else {
            if checkpoint.stop == .cancelled {
                throw PluginError(.cancelled, "Listening for alarm patterns was cancelled part-way through the block; the next block starts afresh.")
            }
            throw PluginError(.timeout, "Listening for alarm patterns passed its deadline part-way through the block; the next block starts afresh.")
        }
        host.log(.debug, "alarm-patterns.heard", [("patterns", .private(String(heard.count))),
                                                  ("microseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000)))])
        return AlarmListener.records(heard)
    }
}
