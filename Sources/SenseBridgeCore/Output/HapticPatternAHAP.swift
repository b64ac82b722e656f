/// AHAP (Apple Haptic and Audio Pattern) encoding, so a logged cue can be replayed on any
/// device that plays AHAP and checked against Apple's format by any JSON tool.
extension HapticPattern {
    /// The AHAP format version this encoder writes.
    public static let ahapVersion = 1.0

    /// The pattern as one AHAP document on one line, e.g.
    /// `{"Version":1.0,"Pattern":[{"Event":{"Time":0.0,"EventType":"HapticTransient",…}}]}`.
    ///
    /// Limits hold by construction: `HapticEvent` clamps times to ≥ 0, parameters to
    /// 0…1 and continuous durations to ≤ 30 s, and `HapticPattern` keeps events sorted.
    public func ahapJSON() -> String {
        JSONText.object([
            ("Version", JSONText.number(Self.ahapVersion)),
            ("Pattern", JSONText.array(events.map { JSONText.object([("Event", $0.ahapJSON())]) })),
        ])
    }
}

extension HapticEvent {
    func ahapJSON() -> String {
        var members: [(String, String)] = [("Time", JSONText.number(time))]
        switch kind {
        case .transient:
            members.append(("EventType", JSONText.string("HapticTransient")))
        case .continuous:
            members.append(("EventType", JSONText.string("HapticContinuous")))
            members.append(("EventDuration", JSONText.number(duration)))
        }
        members.append(("EventParameters", JSONText.array([
            Self.parameter("HapticIntensity", intensity),
            Self.parameter("HapticSharpness", sharpness),
        ])))
        return JSONText.object(members)
    }

    private static func parameter(_ id: String, _ value: Double) -> String {
        JSONText.object([("ParameterID", JSONText.string(id)), ("ParameterValue", JSONText.number(value))])
    }
}
