/// A state change the user cannot see, said once through the status signal.
///
/// Silence is a failure mode: a stopped session, a backend that stopped answering or an
/// output that died all sound like a quiet room unless they are said.
public enum SpokenStatus: Hashable, Sendable {
    case sessionStarted
    case sessionStopped
    /// The network composer's breaker tripped; descriptions continue on-device.
    case backendNotAnswering
    /// A probe succeeded after `backendNotAnswering`.
    case backendRecovered
    /// A render target stopped; `others` are the display names of the outputs still running.
    case outputLost(name: String, reason: String, others: [String])
    /// A render target that was unavailable (its daemon or device gone) renders again.
    case outputReturned(name: String)
    /// Which of a profile's alternatives for the output `name` started: `chosen`, and
    /// `preferred` when an earlier alternative could not start.
    case outputChosen(name: String, chosen: String, preferred: String?)
    /// A depth check found no usable reading.
    case couldNotMeasure
    /// The composer plugin crashed or missed its deadline; the fallback speaks.
    case composerStopped
    /// The composer was restarted until its budget ran out; off for the session.
    case composerOff
    /// The sensing source crashed or stopped answering; the session ends.
    case sensingStopped
    /// Thermal backoff changed pace (`ThermalBackoff.feed` returned this level): the
    /// sentence says the pace now in effect, slowed or back to usual. One case over the
    /// level, not one per sentence, so a level added later is a compile error here
    /// rather than a pace nobody is told about.
    case thermalBackoff(ThermalLevel)
}

extension Phrasing {
    /// The sentence for a status, from the locale's table.
    public static func status(_ status: SpokenStatus, locale: SpokenLocale) -> String {
        let table = SpokenTable.forLocale(locale)
        switch status {
        case .sessionStarted: return table.sessionStarted.text
        case .sessionStopped: return table.sessionStopped.text
        case .backendNotAnswering: return table.backendNotAnswering.text
        case .backendRecovered: return table.backendRecovered.text
        case .couldNotMeasure: return table.couldNotMeasure.text
        case .composerStopped: return table.composerStopped.text
        case .composerOff: return table.composerOff.text
        case .sensingStopped: return table.sensingStopped.text
        case let .thermalBackoff(level):
            switch level {
            case .nominal, .fair: return table.thermalRecovered.text
            case .serious: return table.thermalSlowedHalf.text
            case .critical: return table.thermalSlowedQuarter.text
            }
        case let .outputReturned(name):
            return table.outputReturned.filled(["name": name])
        case let .outputChosen(name, chosen, preferred?):
            return table.outputChosenInstead.filled(["name": name, "chosen": chosen, "preferred": preferred])
        case let .outputChosen(name, chosen, nil):
            return table.outputChosen.filled(["name": name, "chosen": chosen])
        case let .outputLost(name, reason, others):
            let reason = trimmedReason(reason)
            if others.isEmpty {
                return table.outputLostNoneLeft.filled(["name": name, "reason": reason])
            }
            return table.outputLost.filled(["name": name, "reason": reason,
                                            "others": list(others, locale: locale)])
        }
    }

    /// A reason ending in a full stop would be spoken "…: reason.. Continuing"; drop it.
    static func trimmedReason(_ reason: String) -> String {
        var trimmed = RecognizedText.clean(reason)
        while let last = trimmed.last, last == "." { trimmed.removeLast() }
        return trimmed
    }
}
