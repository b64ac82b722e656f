/// Recordings and measurements more than one test target needs, kept once here.
public enum TestSignals {
    /// A level camera `metres` from a wall for `seconds`, a depth frame every 0.25 s: an
    /// alert that lasts, so the proximity band's repeat cue sounds.
    public static func wallRecording(metres: Double = 0.45, seconds: Int = 6) -> String {
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        let row = Array(repeating: String(metres), count: 48).joined(separator: ",")
        for step in 0...(seconds * 4) {
            lines.append(#"{"time": \#(Double(step) * 0.25), "depth": {"width": 8, "height": 6, "metres": [\#(row)], "intrinsics": [6, 6, 3.5, 2.5]}}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Frequency from zero crossings between the first and the last one: a pure tone gives
    /// its pitch, speech no steady value. Zero samples are skipped, so a faded edge does
    /// not count twice.
    public static func zeroCrossingFrequency(_ samples: [Int16], sampleRate: Int) -> Double {
        var crossings: [Int] = []
        var previous: Int16 = 0
        for (index, sample) in samples.enumerated() where sample != 0 {
            if previous != 0 && (previous < 0) != (sample < 0) { crossings.append(index) }
            previous = sample
        }
        guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
        return Double(crossings.count - 1) / 2 / (Double(last - first) / Double(sampleRate))
    }
}
