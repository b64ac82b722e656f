/// The haptic vocabulary. The first seven are the Visual Assist patterns, transcribed
/// from their Core Haptics event lists so a person who learned them there feels the same
/// thing here; `awarenessAlert` and `safetyAlert` are SenseBridge's own.
///
/// Where the source states no sharpness (or, for doubleTap, no intensity) the value is
/// 0.5, the middle of the range, which is also Core Haptics' default feel.
public enum HapticCue: String, CaseIterable, Sendable {
    case tap
    case doubleTap
    case success
    case warning
    case critical
    case modeSwitch
    case navigation
    case awarenessAlert
    case safetyAlert

    /// The neutral sharpness used where the vocabulary does not state one.
    static let neutralSharpness = 0.5

    public var pattern: HapticPattern {
        HapticPattern(name: rawValue, events: events)
    }

    private var events: [HapticEvent] {
        let neutral = Self.neutralSharpness
        switch self {
        case .tap:
            return [.transient(at: 0, intensity: 0.5, sharpness: neutral)]
        case .doubleTap:
            return [.transient(at: 0, intensity: 0.5, sharpness: neutral),
                    .transient(at: 0.1, intensity: 0.5, sharpness: neutral)]
        case .success:
            // Rising strength reads as "done"; it is reserved for confirming what the user did.
            return [.transient(at: 0, intensity: 0.6, sharpness: neutral),
                    .transient(at: 0.15, intensity: 0.8, sharpness: neutral)]
        case .warning:
            return (0..<3).map { .transient(at: Double($0) * 0.15, intensity: 0.7, sharpness: neutral) }
        case .critical:
            return [.continuous(at: 0, duration: 0.5, intensity: 1.0, sharpness: neutral)]
        case .modeSwitch:
            // One tap, not two: the old README drew it as two, and a person who counts taps
            // would read that as doubleTap.
            return [.transient(at: 0, intensity: 0.8, sharpness: 0.8)]
        case .navigation:
            return [.transient(at: 0, intensity: 0.6, sharpness: neutral),
                    .transient(at: 0.2, intensity: 0.6, sharpness: neutral)]
        case .awarenessAlert:
            // The only pattern that opens at full strength and full sharpness, so it is told
            // apart from every other cue within its first event — what a walking person
            // notices. The buzz that follows makes it felt through clothing.
            return [.transient(at: 0, intensity: 1.0, sharpness: 1.0),
                    .transient(at: 0.1, intensity: 1.0, sharpness: 1.0),
                    .continuous(at: 0.2, duration: 0.3, intensity: 1.0, sharpness: 0.7)]
        case .safetyAlert:
            // Three long, round buzzes in the rhythm of the smoke alarm's own temporal-three
            // pattern (ISO 8201), shortened: the only pattern that opens with a sustained
            // buzz at full strength, so it is told from the obstacle alert (a sharp click)
            // within its first event, and three of them are told from `critical`'s one.
            // What to do differs (leave, not step aside), so it must not be felt as either.
            return (0..<3).map { .continuous(at: Double($0) * 0.4, duration: 0.25, intensity: 1.0, sharpness: 0.3) }
        }
    }
}
