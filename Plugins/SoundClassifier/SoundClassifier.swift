import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.audioPerceiver(SoundClassifier.self, id: "org.sensebridge.sound-classifier", version: "1.0.0", abiMinor: 7)
}

/// Listens with YAMNet run by OpenCV's DNN module: consecutive 16 kHz mono blocks in, one
/// `.sound` record per curated identifier (CuratedSounds) the last 0.96 s window heard
/// above its floor.
///
/// A window completes every 0.48 s. A block that completes none (a short block) is
/// answered with what the latest window heard: records describe what is heard as of the
/// block's end, and zero records would say the sound stopped when nothing new was
/// measured (Invariant 2). A block that does not follow the one before forgets everything,
/// that answer included. What the microphone heard is the person's own: nothing of it is
/// logged or kept beyond the under-a-second tail the next window needs.
public final class SoundClassifier: AudioPerceiverPlugin {
    private let settings: ClassifierSettings
    private let scores: SoundScores
    private let host: HostServices
    /// Touched only by `perceive` ([instance-thread]).
    private let net: YAMNetNet
    private var frontend = LogMelFrontend()
    private var latest: [PerceptionRecord] = []

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        settings = try ClassifierSettings(config)
        try settings.checkFiles()
        let classes = try AudioSetClassMap.read(settings.classMap)
        scores = SoundScores(table: try CuratedSounds.resolve(classes, file: settings.classMap.path),
                             minimumConfidence: settings.minimumConfidence)
        try YAMNetNet.confine(to: settings.threads)
        let started = host.monotonicNanoseconds()
        net = try YAMNetNet(model: settings.model, classCount: classes.count)
        host.log(.info, "sound-classifier.ready", [("model", .public(settings.model.lastPathComponent)),
                                                   ("identifiers", .public(String(scores.table.entries.count))),
                                                   ("threads", .public(String(settings.threads))),
                                                   ("milliseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000_000)))])
    }

    public func perceive(_ request: AudioPerceiveRequest) throws -> [PerceptionRecord] {
        let audio = request.audio
        guard audio.sampleRate == LogMelFrontend.sampleRate, audio.channels >= 1 else {
            throw PluginError(.invalidArgument, "The sound classifier takes \(LogMelFrontend.sampleRate) Hz audio (its manifest's audioInput); it was given \(audio.sampleRate) Hz, \(audio.channels) channels.")
        }
        if !audio.continuesPrevious {
            frontend.reset()
            latest = []
        }
        let patches = frontend.append(Self.mono(audio))
        guard !patches.isEmpty else { return latest }
        let started = host.monotonicNanoseconds()
        var logits: [[Float]] = []
        for patch in patches {
            try request.checkpoint.check("Listening to the audio")
            logits.append(try net.logits(patch))
        }
        // A pass cannot be stopped: a cancel or deadline that came during the last one is
        // honoured now, and what it heard is dropped (the next window overlaps it by half).
        try request.checkpoint.check("Listening to the audio")
        latest = scores.records(logits)
        // Which sounds were heard is the person's own: only how many (private) and how long.
        host.log(.debug, "sound-classifier.heard", [("sounds", .private(String(latest.count))),
                                                    ("windows", .public(String(patches.count))),
                                                    ("milliseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000_000)))])
        return latest
    }

    /// The channels averaged: the host asks the source for mono (the manifest's
    /// audioInput), so this only guards a source that could not downmix.
    static func mono(_ audio: AudioBlock) -> [Float] {
        guard audio.channels > 1 else { return audio.samples }
        let channels = audio.channels
        return (0..<audio.frameCount).map { frame in
            var sum: Float = 0
            for channel in 0..<channels { sum += audio.samples[frame * channels + channel] }
            return sum / Float(channels)
        }
    }
}
