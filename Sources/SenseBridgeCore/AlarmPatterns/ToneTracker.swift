import Foundation

/// Turns one band's frame readings into tone pulses with measured edges.
///
/// The band's background is tracked in decibels from the frames that carry no tone: it
/// falls quickly (a gap of a pattern is enough to find it again after a loud pulse) and
/// rises slowly while a tone sounds, so a steady tone becomes background after some
/// seconds instead of holding a pulse open forever. A frame opens a pulse when it stands
/// `onDecibels` above that floor with a tone inside the band; the pulse goes on while the
/// band stays `holdDecibels` above it and within `dropDecibels` of the pulse's loudest
/// frame, and a drop of up to `bridgeFrames` frames is bridged.
///
/// Edges: a Hann-windowed frame whose centre sits on the tone's edge holds half its
/// amplitude, so each edge is where the amplitude, relative to the pulse's own level,
/// crosses one half between two frames. This measures a pulse to a few milliseconds with
/// 10 ms frames, which the 100 ms ± 10 ms pulses of temporal-four need.
struct ToneTracker {
    struct Settings: Equatable {
        var onDecibels: Double = 9
        var holdDecibels: Double = 6
        /// A pulse ends where its band falls this far below the pulse's loudest frame, so
        /// noise in a 100 ms gap cannot bridge two pulses; a room's reverberation (about
        /// 12 dB in 100 ms at a 0.5 s reverberation time) does not.
        var dropDecibels: Double = 15
        var minimumTonality: Float = 6.3   // 8 dB
        var bridgeFrames = 3
        /// Half the shortest standard pulse (temporal-four's 100 ms): a blip shorter than
        /// this is neither an alarm's pulse nor allowed to break a pattern.
        var minimumPulseSeconds = 0.05
        /// Beyond the longest standard pulse (0.5 s) with room: a longer tone is kept as
        /// one long pulse (it breaks any pattern) without storing its frames.
        var storedFrames = 120
    }

    /// The quietest background the floor may track: about a 16-bit recording's own
    /// quantization noise in one bin. Below it (a file's digital silence) every later
    /// sound would seem to stand 100 dB and more out of its background.
    static let lowestFloorDecibels = -100.0

    private let settings: Settings
    private let hopSeconds: Double
    private var floorDecibels: Double?

    /// The pulse being heard, with the powers of its frames from the one before it.
    private struct Run {
        var firstFrame: Int
        var lastOnFrame: Int
        /// Powers of frames firstFrame - 1 ... , as long as `storedFrames` allows.
        var powers: [Float]
        var onPowers: [Float]
        var hertzSum: Double
        var hertzCount: Int
        var backgroundPower: Float
        /// The loudest frame so far, in dB: a frame far below it has left the tone, even
        /// where noise keeps it above the floor.
        var peakDecibels: Double
        /// Frames beyond `storedFrames` were not kept: the pulse's end is timed coarsely.
        var truncated = false
    }
    private var run: Run?
    private var previousPower: Float = 0

    /// Frames are two hops long (`AlarmListener`), so a frame's centre is one hop in.
    init(settings: Settings, sampleRate: Int, hop: Int) {
        self.settings = settings
        hopSeconds = Double(hop) / Double(sampleRate)
    }

    /// The centre of frame `index`, in seconds of the stream.
    private func centre(_ index: Int) -> Double {
        Double(index + 1) * hopSeconds
    }

    /// The pulse now sounding, timed to a frame, or nil when none is.
    var ongoing: OngoingTone? {
        run.map {
            let background = 10 * log10(Double(max($0.backgroundPower, .leastNormalMagnitude)))
            return OngoingTone(start: centre($0.firstFrame) - hopSeconds / 2, lastHeard: centre($0.lastOnFrame) + hopSeconds / 2,
                               power: Float(pow(10, $0.peakDecibels / 10)), signalToBackgroundDecibels: $0.peakDecibels - background)
        }
    }

    /// Reads frame `index`; returns a pulse when one has just ended.
    mutating func take(_ reading: BandReading, band: AlarmBand, frame index: Int) -> TonePulse? {
        let power = reading.inBandPower
        let decibels = 10 * log10(Double(max(power, 1e-20)))
        let floor = max(floorDecibels ?? decibels, Self.lowestFloorDecibels)
        let tonal = reading.tonal(in: band, minimumTonality: settings.minimumTonality)
        var ended: TonePulse?

        if var current = run {
            let holding = band.accepts(hertz: reading.peakHertz) && decibels >= floor + settings.holdDecibels
                && decibels >= current.peakDecibels - settings.dropDecibels
            if current.powers.count < settings.storedFrames {
                current.powers.append(power)
            } else {
                current.truncated = true
            }
            if holding {
                current.lastOnFrame = index
                current.peakDecibels = max(current.peakDecibels, decibels)
                if current.onPowers.count < settings.storedFrames { current.onPowers.append(power) }
                current.hertzSum += reading.peakHertz
                current.hertzCount += 1
                run = current
            } else if index - current.lastOnFrame > settings.bridgeFrames {
                ended = finish(current)
                run = nil
            } else {
                run = current
            }
        } else if tonal && decibels >= floor + settings.onDecibels {
            run = Run(firstFrame: index, lastOnFrame: index, powers: [previousPower, power], onPowers: [power],
                      hertzSum: reading.peakHertz, hertzCount: 1,
                      backgroundPower: Float(pow(10, floor / 10)), peakDecibels: decibels)
        }

        // The floor follows the frames without a tone; while one sounds it creeps up.
        if run == nil || decibels < floor {
            let rate = decibels < floor ? 0.3 : 0.05
            floorDecibels = floor + rate * (decibels - floor)
        } else {
            floorDecibels = floor + 0.01
        }
        previousPower = power
        return ended
    }

    /// The pulse a run makes, or nil for a blip too short to be an alarm's pulse.
    private func finish(_ run: Run) -> TonePulse? {
        let sortedOn = run.onPowers.sorted()
        let level = sortedOn[sortedOn.count / 2]
        let coarseStart = centre(run.firstFrame) - hopSeconds / 2
        let coarseEnd = centre(run.lastOnFrame) + hopSeconds / 2
        var start = coarseStart
        var end = coarseEnd
        if level > 0 {
            let amplitudes = run.powers.map { (Double($0) / Double(level)).squareRoot() }
            // amplitudes[k] belongs to frame firstFrame - 1 + k.
            if let rising = amplitudes.firstIndex(where: { $0 >= 0.5 }), rising > 0 {
                start = crossing(amplitudes[rising - 1], amplitudes[rising], from: centre(run.firstFrame - 1 + rising - 1))
            }
            if !run.truncated, let falling = amplitudes.lastIndex(where: { $0 >= 0.5 }), falling + 1 < amplitudes.count {
                end = crossing(amplitudes[falling], amplitudes[falling + 1], from: centre(run.firstFrame - 1 + falling))
            }
        }
        guard end - start >= settings.minimumPulseSeconds else { return nil }
        return TonePulse(start: start, end: end, power: level, backgroundPower: run.backgroundPower,
                         hertz: run.hertzSum / Double(max(1, run.hertzCount)))
    }

    /// Where the amplitude crosses one half between two frames a hop apart.
    private func crossing(_ before: Double, _ after: Double, from time: Double) -> Double {
        let span = after - before
        guard abs(span) > 1e-9 else { return time + hopSeconds / 2 }
        let fraction = max(0, min(1, (0.5 - before) / span))
        return time + fraction * hopSeconds
    }
}
