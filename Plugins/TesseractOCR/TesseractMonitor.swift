import CTesseract
import SenseBridgePluginKit

/// tesseract's progress monitor (ETEXT_DESC), its only way to be stopped mid-recognition.
/// tesseract asks the monitor's cancel callback before recognizing each word; with the
/// LSTM engine a "word" at that point is a whole text line, so a cancel or a deadline
/// ends recognition within one line. Made for one call and deleted after it.
final class TesseractMonitor {
    let handle: OpaquePointer

    /// What a stop's message says was stopped.
    static let work = "Reading the image"

    /// `stop` must outlive the monitor: the callback holds it unretained.
    init(stop: CallCheckpoint) {
        handle = TessMonitorCreate()
        TessMonitorSetCancelThis(handle, Unmanaged.passUnretained(stop).toOpaque())
        TessMonitorSetCancelFunc(handle) { context, _ in
            guard let context else { return false }
            return Unmanaged<CallCheckpoint>.fromOpaque(context).takeUnretainedValue().shouldStop
        }
    }

    deinit {
        TessMonitorDelete(handle)
    }
}

extension CallCheckpoint {
    /// Between tesseract's stages, which ask nothing themselves; `stage` says what had
    /// been reached, for the message.
    func checkReading(_ stage: String) throws {
        try check(TesseractMonitor.work, stage)
    }
}
