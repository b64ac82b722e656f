import CEspeakNG
import Foundation
import SenseBridgePluginKit

/// The state of one synthesis (or of one tone, fed through `accept` as espeak-ng's buffers
/// are, so both reach the device or a file by the same path), touched only on the speaking
/// thread under the engine lock.
final class Synthesis {
    let token: CallCheckpoint
    private(set) var sampleRate: Int
    let sink: EspeakEngine.Sink
    let device: AudioDevice?
    private(set) var samples = 0
    private(set) var file: WAVFileWriter?
    private(set) var failure: Error?
    private var playbackStarted: Date?

    init(token: CallCheckpoint, sampleRate: Int, sink: EspeakEngine.Sink, device: AudioDevice?) {
        self.token = token
        self.sampleRate = sampleRate
        self.sink = sink
        self.device = device
    }

    /// Returns true to stop synthesis.
    func accept(_ buffer: UnsafeBufferPointer<Int16>, events: UnsafeMutablePointer<espeak_EVENT>?) -> Bool {
        if var event = events {
            while event.pointee.type != espeakEVENT_LIST_TERMINATED {
                // The rate can only change before the first sample, when a voice loads.
                if event.pointee.type == espeakEVENT_SAMPLERATE && samples == 0 && event.pointee.id.number > 0 {
                    sampleRate = Int(event.pointee.id.number)
                }
                event += 1
            }
        }
        if token.isCancelled { return true }
        guard buffer.count > 0 else { return false }
        do {
            switch sink {
            case .device:
                guard let device else { return true }
                if playbackStarted == nil { try device.reopen(sampleRate: sampleRate) }
                // The write blocks while the device's buffer is full, so synthesis runs at
                // the speed of playback and the cancel check below comes once per buffer.
                try device.write(buffer)
                // Playback is taken to start when the first write returns: a new stream
                // can hold the first write until the device starts consuming.
                if playbackStarted == nil { playbackStarted = Date() }
            case .wav(let makeFile):
                if file == nil { file = try makeFile(sampleRate) }
                try file!.append(buffer)
            }
        } catch let deviceFailure as AudioDevice.Failure {
            failure = PluginError.io("The audio device failed while speaking: \(deviceFailure.reason).")
            return true
        } catch {
            failure = error
            return true
        }
        samples += buffer.count
        return token.isCancelled
    }

    /// Waits until the device has played everything (or the render is cancelled, which
    /// drops what is queued). Returns whether it was cancelled.
    ///
    /// The wait is on the token, not in drain(): drain cannot be interrupted, and a
    /// PulseAudio stream may hold two seconds of audio. Only the last few milliseconds
    /// are left to drain.
    func finishPlayback(on device: AudioDevice, cancelled: Bool) -> Bool {
        if cancelled {
            device.flush()
            return true
        }
        guard let started = playbackStarted else { return false }
        // One buffer short of the end, leaving only that much for the uninterruptible drain.
        let end = started.addingTimeInterval(Double(samples) / Double(sampleRate) - Double(EspeakEngine.bufferMilliseconds) / 1000)
        if token.wait(seconds: end.timeIntervalSinceNow) {
            device.flush()
            return true
        }
        device.drain()
        return false
    }
}
