import Foundation

/// Listens to one stream of audio for the standard alarm patterns, block by block.
///
/// Samples are cut into 20 ms Hann-windowed frames every 10 ms (timing to a few
/// milliseconds, frequency to 50 Hz), each band is measured by a handful of Goertzel bins
/// (`BandMeter`), its tones become pulses (`ToneTracker`) and the pulses are matched
/// against each pattern (`AlarmPatternMatcher`). What a block does not fill is kept for
/// the next one, so block boundaries change nothing. Pure: samples in, findings out.
public struct AlarmListener {
    public struct Settings: Equatable, Sendable {
        public var bands: [AlarmBand.Kind]
        /// How far every pulse of a confirming cycle must stand out of its band's background.
        public var minimumMarginDecibels: Double

        /// 10 dB: what alarm makers and ISO 7731 ask of a warning signal over the ambient
        /// noise for it to be heard reliably; a tone less clear than that is not trusted.
        public static let defaultMarginDecibels = 10.0

        public init(bands: [AlarmBand.Kind] = AlarmBand.Kind.allCases, minimumMarginDecibels: Double = defaultMarginDecibels) {
            self.bands = bands
            self.minimumMarginDecibels = minimumMarginDecibels
        }
    }

    /// One band's meter, tracker and recent pulses.
    private struct Channel {
        var meter: BandMeter
        var tracker: ToneTracker
        var pulses: [TonePulse] = []
    }

    private let settings: Settings
    /// How long pulses are kept: two of the longest cycle, enough for a confirming cycle
    /// and the one under way.
    private let keptSeconds = 2 * (AlarmPattern.all.map(\.longestCycle).max() ?? 10) + 1
    private var sampleRate = 0
    private var hop = 0
    private var window: [Float] = []
    private var windowSum: Float = 0
    private var frameBuffer: [Float] = []
    private var channels: [Channel] = []
    /// Samples not yet cut into a whole frame; `pending[0]` is sample `pendingStart` of the stream.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var nextFrame = 0
    /// The last block was stopped part-way: the next one cannot continue it.
    private var interrupted = false

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Seconds of the stream analysed so far: one hop past the centre of the last frame.
    public var now: Double {
        sampleRate == 0 ? 0 : Double(nextFrame * hop + hop) / Double(sampleRate)
    }

    /// Takes the next block (interleaved, full scale -1...1) and returns the patterns
    /// sounding as of its end. `continuesPrevious` false starts afresh, as does a new rate.
    ///
    /// `isStopped` is asked every second of audio: when it says stop, the rest of the
    /// block is dropped and nil returned, and the next block starts afresh (the stream
    /// has a hole where a pattern could have been).
    public mutating func listen(_ samples: [Float], sampleRate: Int, channels channelCount: Int,
                                continuesPrevious: Bool, isStopped: () -> Bool = { false }) -> [AlarmHeard]? {
        guard sampleRate > 0, channelCount > 0 else { return [] }
        if !continuesPrevious || sampleRate != self.sampleRate || interrupted { reset(sampleRate: sampleRate) }
        appendMono(samples, channels: channelCount)
        guard analyseWholeFrames(isStopped: isStopped) else {
            interrupted = true
            return nil
        }
        return heard()
    }

    private mutating func reset(sampleRate: Int) {
        self.sampleRate = sampleRate
        hop = max(1, sampleRate / 100)
        let length = 2 * hop
        window = (0..<length).map { Float(0.5 - 0.5 * cos(2 * Double.pi * (Double($0) + 0.5) / Double(length))) }
        windowSum = window.reduce(0, +)
        frameBuffer = Array(repeating: 0, count: length)
        channels = settings.bands.map {
            let band = AlarmBand.band($0)
            return Channel(meter: BandMeter(band: band, sampleRate: sampleRate),
                           tracker: ToneTracker(settings: .init(), sampleRate: sampleRate, hop: hop))
        }
        pending = []
        pendingStart = 0
        nextFrame = 0
        interrupted = false
    }

    private mutating func appendMono(_ samples: [Float], channels channelCount: Int) {
        if channelCount == 1 {
            pending.append(contentsOf: samples)
            return
        }
        let frames = samples.count / channelCount
        pending.reserveCapacity(pending.count + frames)
        for frame in 0..<frames {
            var sum: Float = 0
            for channel in 0..<channelCount { sum += samples[frame * channelCount + channel] }
            pending.append(sum / Float(channelCount))
        }
    }

    /// False when `isStopped` stopped it.
    private mutating func analyseWholeFrames(isStopped: () -> Bool) -> Bool {
        let length = window.count
        var sinceAsked = 0
        while nextFrame * hop + length <= pendingStart + pending.count {
            sinceAsked += 1
            if sinceAsked == 100 {
                sinceAsked = 0
                if isStopped() { return false }
            }
            let offset = nextFrame * hop - pendingStart
            for index in 0..<length {
                let sample = pending[offset + index]
                // Digital silence or a broken capture can hand over NaN: heard as nothing.
                frameBuffer[index] = sample.isFinite ? sample * window[index] : 0
            }
            analyse(frame: nextFrame)
            nextFrame += 1
        }
        let consumed = nextFrame * hop - pendingStart
        if consumed > 0 {
            pending.removeFirst(min(consumed, pending.count))
            pendingStart += consumed
        }
        return true
    }

    private mutating func analyse(frame index: Int) {
        let sum = windowSum
        for channel in channels.indices {
            let band = channels[channel].meter.band
            let reading = frameBuffer.withUnsafeBufferPointer { channels[channel].meter.read($0, windowSum: sum) }
            if let pulse = channels[channel].tracker.take(reading, band: band, frame: index) {
                channels[channel].pulses.append(pulse)
            }
        }
        let horizon = now - keptSeconds
        for channel in channels.indices {
            channels[channel].pulses.removeAll { $0.end < horizon }
        }
    }

    /// The best band's finding per pattern.
    private func heard() -> [AlarmHeard] {
        var best: [AlarmPattern.Kind: AlarmHeard] = [:]
        for channel in channels {
            for pattern in AlarmPattern.all {
                guard let match = AlarmPatternMatcher.match(pattern, band: channel.meter.band, pulses: channel.pulses,
                                                            ongoing: channel.tracker.ongoing, now: now,
                                                            minimumMarginDecibels: settings.minimumMarginDecibels) else { continue }
                if match.confidence > best[pattern.kind]?.confidence ?? -1 {
                    best[pattern.kind] = AlarmHeard(pattern: pattern.kind, band: channel.meter.band.kind,
                                                    label: pattern.label, confidence: match.confidence)
                }
            }
        }
        return AlarmPattern.all.compactMap { best[$0.kind] }
    }

    /// The pulses kept for one band, oldest first (for tests of the timing).
    func pulses(in band: AlarmBand.Kind) -> [TonePulse] {
        channels.first { $0.meter.band.kind == band }?.pulses ?? []
    }

    /// What a perceiver returns: one SOUND record per pattern heard, no box.
    public static func records(_ heard: [AlarmHeard]) -> [PerceptionRecord] {
        heard.map { PerceptionRecord(kind: .sound, label: $0.label, confidence: $0.confidence) }
    }
}
