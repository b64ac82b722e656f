import Foundation

/// scripts/make-sound-clips.py's manifest.json (its docstring defines every field).
struct SoundClipManifest: Decodable {
    struct Clip: Decodable {
        var file: String
        var kind: String
        var background: String
        var description: String
        var duration: Double
        var pattern: String?
        var snr: Int?
        var onset: Double?
        var end: Double?
        var period: Double?
        var expected: String?

        var isAlarm: Bool { kind == "alarm" }
    }

    var schema: String
    var sampleRate: Int
    var seed: Int
    var alarmSeconds: Double
    var nonAlarmSeconds: Double
    var clips: [Clip]

    static func read(_ url: URL) throws -> SoundClipManifest {
        let manifest = try JSONDecoder().decode(SoundClipManifest.self, from: Data(contentsOf: url))
        guard manifest.schema == "sensebridge.sound-clips/1" else {
            throw MeasuredRun.Failed(description: "\(url.path): schema \(manifest.schema), not sensebridge.sound-clips/1")
        }
        return manifest
    }
}

/// When an alert counts, the same for SenseBridge and for YAMNet alone, on each side's
/// alert times in seconds into the clip.
enum AlertRule {
    /// An alarm counts as alerted when the first alert comes at most one whole period of
    /// its pattern plus this after its onset: a pattern detector must hear one period to
    /// be sure, and a person woken a second after that has lost nothing.
    static let grace = 1.0
    /// Urgent alerts less than this apart are one alert to the person: an alert repeats
    /// while its sound goes on, and a repeat is not a new false alarm. Longer than the
    /// repeat rate of a safety alert.
    static let episodeGap = 10.0

    /// Seconds from the alarm's onset to the first alert within the window, or nil when
    /// no alert fell in it (an alert before the onset is not the alarm's).
    static func delay(_ alerts: [Double], onset: Double, period: Double) -> Double? {
        alerts.sorted().first { $0 >= onset && $0 <= onset + period + grace }.map { $0 - onset }
    }

    /// Alerts as the person meets them: runs of alerts, each less than `episodeGap` after
    /// the one before, count once.
    static func episodes(_ alerts: [Double]) -> Int {
        var count = 0, last = -Double.infinity
        for time in alerts.sorted() {
            if time - last >= episodeGap { count += 1 }
            last = time
        }
        return count
    }
}

/// A figure or the reason it was not measured: the bench never prints a stand-in number.
enum Measured<Value> {
    case value(Value)
    case notMeasured(String)

    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    var reason: String? {
        if case .notMeasured(let reason) = self { return reason }
        return nil
    }
}
