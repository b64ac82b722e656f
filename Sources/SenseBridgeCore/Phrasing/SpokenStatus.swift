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
    /// A render target stopped; `others` are the roles of the outputs still running.
    /// Roles and reasons are codes, never text: whatever a plugin wrote (its channel, its
    /// name, its error) cannot be passed here, so it cannot be said (Invariant 1).
    case outputLost(role: OutputRole, reason: OutputLossReason, others: [OutputRole])
    /// A render target that was unavailable (its daemon or device gone) renders again.
    case outputReturned(role: OutputRole)
    /// A render target whose plugin died was restarted and renders again.
    case outputRestarted(role: OutputRole)
    /// Which of a profile's alternatives for the output `role` started: the first, or a
    /// later one because the first could not start (`firstChoice` false).
    case outputChosen(role: OutputRole, firstChoice: Bool)
    /// A depth check found no usable reading.
    case couldNotMeasure
    /// The composer plugin crashed or missed its deadline; the fallback speaks.
    case composerStopped
    /// The composer was restarted until its budget ran out; off for the session.
    case composerOff
    /// The composer said stopped answers again (its runner was restarted).
    case composerReturned
    /// The sensing source crashed or stopped answering; the session ends.
    case sensingStopped
    /// A sensing source that resumes died; it is being started again, nothing measured.
    case sensingInterrupted
    /// The restarted source gives frames again; the time it was down was not measured.
    case sensingResumed
    /// A perceiver of `stream` failed on one picture; the description leaves its part out.
    case perceiverFailed(PerceptionStream)
    /// A perceiver of `stream` stopped; it may come back (an isolated one is restarted).
    case perceiverStopped(PerceptionStream)
    /// A perceiver of `stream` said stopped or failing perceives again.
    case perceiverReturned(PerceptionStream)
    /// The session's source has no depth (a camera walk): no obstacle alerts.
    case noDepthSensor
    /// Thermal backoff changed pace (`ThermalBackoff.feed` returned this level): the
    /// sentence says the pace now in effect, slowed or back to usual. One case over the
    /// level, not one per sentence, so a level added later is a compile error here
    /// rather than a pace nobody is told about.
    case thermalBackoff(ThermalLevel)
    /// Continuous listening started, or ended on the person's request.
    case listeningStarted
    case listeningEnded
    /// Listening ended without being asked to, for a reason from a closed list.
    case listeningLost(ListeningLossReason)
    /// Continuous listening started again after the one before ended without being asked to.
    case listeningResumed
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
        case .composerReturned: return table.composerReturned.text
        case .sensingStopped: return table.sensingStopped.text
        case .sensingInterrupted: return table.sensingInterrupted.text
        case .sensingResumed: return table.sensingResumed.text
        case let .perceiverFailed(stream):
            switch stream {
            case .sight: return table.perceiverFailedSight.text
            case .sound: return table.perceiverFailedSound.text
            case .text: return table.perceiverFailedText.text
            }
        case .noDepthSensor: return table.noDepthSensor.text
        case .listeningStarted: return table.listeningStarted.text
        case .listeningEnded: return table.listeningEnded.text
        case .listeningResumed: return table.listeningResumed.text
        case let .listeningLost(reason):
            let words: SpokenEntry
            switch reason {
            case .microphoneGone: words = table.listeningLossMicrophoneGone
            case .sourceStopped: words = table.listeningLossSourceStopped
            }
            return table.listeningLost.filled(["reason": words.text])
        case let .perceiverStopped(stream):
            switch stream {
            case .sight: return table.perceiverStoppedSight.text
            case .sound: return table.perceiverStoppedSound.text
            case .text: return table.perceiverStoppedText.text
            }
        case let .perceiverReturned(stream):
            switch stream {
            case .sight: return table.perceiverReturnedSight.text
            case .sound: return table.perceiverReturnedSound.text
            case .text: return table.perceiverReturnedText.text
            }
        case let .thermalBackoff(level):
            switch level {
            case .nominal, .fair: return table.thermalRecovered.text
            case .serious: return table.thermalSlowedHalf.text
            case .critical: return table.thermalSlowedQuarter.text
            }
        case let .outputReturned(role):
            return table.outputReturned.filled(["output": table.outputSubject(role).text])
        case let .outputRestarted(role):
            return table.outputRestarted.filled(["output": table.outputSubject(role).text])
        case let .outputChosen(role, firstChoice):
            return (firstChoice ? table.outputChosen : table.outputChosenInstead).filled(["output": table.outputSubject(role).text])
        case let .outputLost(role, reason, others):
            let slots = ["output": table.outputSubject(role).text, "reason": table.lossReason(reason).text]
            if others.isEmpty { return table.outputLostNoneLeft.filled(slots) }
            return table.outputLost.filled(slots.merging(["others": list(others.map { table.outputName($0).text }, locale: locale)]) { $1 })
        }
    }
}
