/// Every string SenseBridge speaks in one locale, reviewed as data.
///
/// One table per locale (`en`, `es`, `vi`), each a value of this struct, so a missing
/// entry is a compile error rather than a silent English fallback in the middle of a
/// Spanish session. Each entry carries a note saying where it is used. Object and sound
/// names live in `SpokenVocabulary`; everything else the user hears is here.
public struct SpokenTable: Sendable {
    public let locale: SpokenLocale

    // MARK: Hedges, one per certainty × stream. The host always supplies these.
    public let sightHigh: SpokenEntry
    public let sightMedium: SpokenEntry
    public let sightLow: SpokenEntry
    public let soundHigh: SpokenEntry
    public let soundMedium: SpokenEntry
    public let soundLow: SpokenEntry
    /// The same hedges around a plural subject ("there are several chairs"); a
    /// phrase's number comes from the grounding rule.
    public let sightHighPlural: SpokenEntry
    public let sightMediumPlural: SpokenEntry
    public let sightLowPlural: SpokenEntry
    public let soundHighPlural: SpokenEntry
    public let soundMediumPlural: SpokenEntry
    public let soundLowPlural: SpokenEntry
    public let textHigh: SpokenEntry
    public let textMedium: SpokenEntry
    public let textLow: SpokenEntry

    // MARK: Where in the view, at the detailed level (`ViewPosition`)
    /// The host's words for where a thing of sight is, from its measured box; a
    /// composer never writes them (the validator refuses directions). {position} in the
    /// positioned hedges below.
    public let positionLeft: SpokenEntry
    public let positionAhead: SpokenEntry
    public let positionRight: SpokenEntry
    /// The sight hedges with the position first ("On the left, it looks like there's a
    /// chair."): whole templates rather than a position glued to a hedge, so each locale
    /// decides its own word order and capitals. The certainty words are the hedges'.
    public let sightHighPositioned: SpokenEntry
    public let sightMediumPositioned: SpokenEntry
    public let sightLowPositioned: SpokenEntry
    public let sightHighPluralPositioned: SpokenEntry
    public let sightMediumPluralPositioned: SpokenEntry
    public let sightLowPluralPositioned: SpokenEntry

    // MARK: Subjects and lists
    public let textSubject: SpokenEntry
    public let textContinues: SpokenEntry
    public let listSeparator: SpokenEntry
    public let listFinal: SpokenEntry

    // MARK: Descriptions
    /// A moment whose records hold nothing above the floor: a fact about the detector,
    /// never about the place (Invariant 2: absence is never inferred).
    public let nothingRecognized: SpokenEntry

    // MARK: Measurement
    public let nearestMeasured: SpokenEntry
    public let nearestUnderHalfMetre: SpokenEntry
    public let metreOne: SpokenEntry
    public let metresMany: SpokenEntry
    /// A detected thing's distance, measured under its box (`DepthUnderBox`), after the
    /// subject inside the hedge: one thing, or several said together (the nearest's).
    public let subjectAtDistance: SpokenEntry
    public let subjectNearestAtDistance: SpokenEntry
    public let subjectUnderHalfMetre: SpokenEntry
    public let subjectNearestUnderHalfMetre: SpokenEntry
    public let decimalSeparator: SpokenEntry
    public let couldNotMeasure: SpokenEntry

    // MARK: Status and disclosure
    public let sessionStarted: SpokenEntry
    public let sessionStopped: SpokenEntry
    public let backendNotAnswering: SpokenEntry
    public let backendRecovered: SpokenEntry

    // MARK: Reasoning backend (network composition): named once, each change said once
    public let backendOnDevice: SpokenEntry
    public let backendCloud: SpokenEntry
    public let backendLocal: SpokenEntry
    public let backendLocalUnencrypted: SpokenEntry
    public let networkNotTurnedOn: SpokenEntry
    public let networkTermsMissing: SpokenEntry
    public let networkKeyMissing: SpokenEntry
    public let networkCouldNotStart: SpokenEntry
    public let localBackendNotAnswering: SpokenEntry
    public let localBackendRecovered: SpokenEntry
    /// The breaker tripped on replies that came back but could not be used; {reason} is
    /// one of the unusable* entries, so the person can tell this from silence.
    public let backendRepliesUnusable: SpokenEntry
    public let localBackendRepliesUnusable: SpokenEntry
    public let unusableServerError: SpokenEntry
    public let unusableUnreadable: SpokenEntry
    public let unusableMismatch: SpokenEntry
    public let unusableComposerFailed: SpokenEntry
    public let requestBudgetHourReached: SpokenEntry
    public let requestBudgetHourResumed: SpokenEntry
    public let requestBudgetSessionReached: SpokenEntry

    // MARK: Outputs
    public let outputLost: SpokenEntry
    public let outputLostNoneLeft: SpokenEntry
    /// A target whose daemon or device was gone (SB_ERR_UNAVAILABLE) rendered again.
    public let outputReturned: SpokenEntry
    /// A target whose plugin died was restarted (its manifest says it resumes) and
    /// rendered again: the return of what `outputLost` said was lost.
    public let outputRestarted: SpokenEntry
    /// Which of a profile's alternatives for one output started, said once at the start.
    public let outputChosen: SpokenEntry
    /// ...when the preferred alternative could not start and a later one did.
    public let outputChosenInstead: SpokenEntry
    /// What the person calls each `OutputRole`, as the subject of the sentences above
    /// ({output}) and as a name in their lists ({others}). Never a plugin's channel or
    /// display name (Invariant 1).
    public let outputSubjectSpeech: SpokenEntry
    public let outputSubjectCaptions: SpokenEntry
    public let outputSubjectBraille: SpokenEntry
    public let outputSubjectHaptics: SpokenEntry
    public let outputSubjectOther: SpokenEntry
    public let outputNameSpeech: SpokenEntry
    public let outputNameCaptions: SpokenEntry
    public let outputNameBraille: SpokenEntry
    public let outputNameHaptics: SpokenEntry
    public let outputNameOther: SpokenEntry
    /// Why an output stopped ({reason} in outputLost), one per `OutputLossReason`; the
    /// plugin's own message and the host's detail go to stderr and the log only.
    public let lossNotInstalled: SpokenEntry
    public let lossBroken: SpokenEntry
    public let lossCouldNotLoad: SpokenEntry
    public let lossSettingsInvalid: SpokenEntry
    public let lossCrashed: SpokenEntry
    public let lossQuit: SpokenEntry
    public let lossSentGarbage: SpokenEntry
    public let lossStoppedAnswering: SpokenEntry
    public let lossStoppedEarlier: SpokenEntry
    public let lossCouldNotStart: SpokenEntry
    public let lossReportedError: SpokenEntry
    public let lossNotAnsweringForNow: SpokenEntry
    public let lossKeptFailing: SpokenEntry
    public let composerStopped: SpokenEntry
    public let composerOff: SpokenEntry
    /// A composer said stopped answered again (`SpokenStatus.composerReturned`): a
    /// restarted runner, so the person knows descriptions are the composer's once more.
    public let composerReturned: SpokenEntry
    /// A perceiver failed on one picture (`SpokenStatus.perceiverFailed`), by the stream
    /// it perceives: what the description then leaves out, so its silence about objects
    /// is not taken for a room without any (Invariant 2).
    public let perceiverFailedSight: SpokenEntry
    public let perceiverFailedSound: SpokenEntry
    public let perceiverFailedText: SpokenEntry
    /// A perceiver stopped mid-session (`SpokenStatus.perceiverStopped`).
    public let perceiverStoppedSight: SpokenEntry
    public let perceiverStoppedSound: SpokenEntry
    public let perceiverStoppedText: SpokenEntry
    /// A perceiver said stopped (or failing) perceives again (`SpokenStatus.perceiverReturned`):
    /// its runner was restarted, so what it perceives is in the descriptions again.
    public let perceiverReturnedSight: SpokenEntry
    public let perceiverReturnedSound: SpokenEntry
    public let perceiverReturnedText: SpokenEntry

    // MARK: Listening (`sensebridge listen`)
    /// Continuous listening began, and ended on the person's request: said once each, so
    /// quiet in between means nothing was heard, never that listening ended.
    public let listeningStarted: SpokenEntry
    public let listeningEnded: SpokenEntry
    /// Listening ended without being asked to ({reason}: one of the listeningLoss* entries,
    /// never the plugin's words), so no alarm will be heard any more (Invariants 2 and 6).
    public let listeningLost: SpokenEntry
    public let listeningLossMicrophoneGone: SpokenEntry
    public let listeningLossSourceStopped: SpokenEntry
    /// Continuous listening started again after the one before ended without being asked
    /// to (a crash, a microphone lost, then restarted by its service): the gap is said.
    public let listeningResumed: SpokenEntry

    // MARK: Hands-free awareness
    public let nearestOnLeft: SpokenEntry
    public let nearestOnRight: SpokenEntry
    public let sensorFailing: SpokenEntry
    public let sensorRecovered: SpokenEntry
    public let sensingStopped: SpokenEntry
    /// A source that resumes died (`SpokenStatus.sensingInterrupted`) and came back
    /// (`sensingResumed`): each said once, the gap named as unmeasured (Invariant 2).
    public let sensingInterrupted: SpokenEntry
    public let sensingResumed: SpokenEntry
    /// A walk whose source has no depth (`SpokenStatus.noDepthSensor`), said at its start.
    public let noDepthSensor: SpokenEntry
    public let sessionSummary: SpokenEntry
    public let alertOne: SpokenEntry
    public let alertsMany: SpokenEntry
    public let minutesUnderOne: SpokenEntry
    public let minuteOne: SpokenEntry
    public let minutesMany: SpokenEntry
    /// Thermal backoff, each change said once (`SpokenStatus.thermalBackoff`): facts
    /// about the app's pace, never more alarming than the trip point that was reached.
    public let thermalSlowedHalf: SpokenEntry
    public let thermalSlowedQuarter: SpokenEntry
    public let thermalRecovered: SpokenEntry

    // MARK: Safety sounds (`SoundAlerts`, Invariant 10)
    /// A smoke, fire or carbon-monoxide alarm or a siren heard, and the same sentence again
    /// while it goes on: the sound hedges after the locale's word for an alert, one per
    /// certainty, so the alert sounds exactly as sure as the record that raised it.
    public let safetyAlertHigh: SpokenEntry
    public let safetyAlertMedium: SpokenEntry
    public let safetyAlertLow: SpokenEntry
    /// An alerted safety sound measured absent for `SoundAlertSettings.goneAfterSeconds`
    /// while the microphone kept measuring: about what SenseBridge hears, never "it stopped".
    public let safetySoundNoLongerHeard: SpokenEntry

    // MARK: Reading
    /// The reading cursor passed the last sentence; said once per arrival there, so
    /// the listener can tell the end of the text from a reader that stopped.
    public let readingEnded: SpokenEntry
    /// Framing guidance, one instruction at a time (`FramingInstruction`). They speak of
    /// what is recognized and where, never of the page: "no text is being recognized"
    /// is never "the page is blank" (Invariant 2).
    public let noTextRecognized: SpokenEntry
    public let textPastLeftEdge: SpokenEntry
    public let textPastRightEdge: SpokenEntry
    public let textPastTopEdge: SpokenEntry
    public let textPastBottomEdge: SpokenEntry
    public let textTooSmall: SpokenEntry
    /// Framing guidance from the page's own outline (`FramingInstruction.pageEdgeOutOfView`,
    /// `.holdFurtherAway`): the page, upright as read, runs out of the frame. Said before
    /// text-edge guidance, which it explains.
    public let pageTopEdgeOutOfView: SpokenEntry
    public let pageBottomEdgeOutOfView: SpokenEntry
    public let pageLeftEdgeOutOfView: SpokenEntry
    public let pageRightEdgeOutOfView: SpokenEntry
    public let holdCameraFurtherAway: SpokenEntry
    /// The page was read turned upright (`PageTurn`), said once per change before its
    /// reading, so the person can hold the next one right.
    public let pageReadUpsideDown: SpokenEntry
    public let pageReadOnItsSide: SpokenEntry
    /// Said once after three dim frames in a row (`DarknessTracker`).
    public let tooDarkToRead: SpokenEntry
    /// After a page's text: some of it was recognized too poorly to read aloud
    /// (`ReadingScript.skippedBlocks`), so the page must not sound complete.
    public let textPartlyUnread: SpokenEntry
    /// The recognizer failed on a page (crashed, too slow, refused): the page was not
    /// read, which is never the same as a page without text (Invariant 2).
    public let pageUnread: SpokenEntry
    /// The reading's source gave up: a camera unplugged, a crashed source, a file that
    /// cannot be read at all. Said once, and the session ends.
    public let readingSourceStopped: SpokenEntry

    /// The table for a locale.
    public static func forLocale(_ locale: SpokenLocale) -> SpokenTable {
        switch locale {
        case .en: return .en
        case .es: return .es
        case .vi: return .vi
        }
    }

    /// Reads from a locale's table in place. `forLocale` hands back the whole table by
    /// value, and copying its dozens of entries costs more than the read itself on the paths
    /// run for every phrase of every moment.
    static func reading<Value>(_ locale: SpokenLocale, _ body: (borrowing SpokenTable) -> Value) -> Value {
        switch locale {
        case .en: return body(en)
        case .es: return body(es)
        case .vi: return body(vi)
        }
    }

    /// The hedge for a certainty and stream, agreeing with a subject of `number`.
    /// Recognized text is read as it was written, so its hedges have no number.
    public func hedge(_ certainty: Certainty, stream: PerceptionStream, number: GrammaticalNumber = .singular) -> SpokenEntry {
        if number == .plural {
            switch (stream, certainty) {
            case (.sight, .high): return sightHighPlural
            case (.sight, .medium): return sightMediumPlural
            case (.sight, .low): return sightLowPlural
            case (.sound, .high): return soundHighPlural
            case (.sound, .medium): return soundMediumPlural
            case (.sound, .low): return soundLowPlural
            case (.text, _): break
            }
        }
        switch (stream, certainty) {
        case (.sight, .high): return sightHigh
        case (.sight, .medium): return sightMedium
        case (.sight, .low): return sightLow
        case (.sound, .high): return soundHigh
        case (.sound, .medium): return soundMedium
        case (.sound, .low): return soundLow
        case (.text, .high): return textHigh
        case (.text, .medium): return textMedium
        case (.text, .low): return textLow
        }
    }

    /// The alert for a safety sound heard with `certainty`; safety sounds are named in
    /// the singular in every locale (`SoundAlertsTests` holds the vocabulary to it).
    public func safetyAlert(_ certainty: Certainty) -> SpokenEntry {
        switch certainty {
        case .high: return safetyAlertHigh
        case .medium: return safetyAlertMedium
        case .low: return safetyAlertLow
        }
    }

    /// The sight hedge for a certainty, agreeing with a subject of `number`, with a
    /// {position} slot before it (`position(_:)`).
    public func positionedHedge(_ certainty: Certainty, number: GrammaticalNumber = .singular) -> SpokenEntry {
        switch (number, certainty) {
        case (.singular, .high): return sightHighPositioned
        case (.singular, .medium): return sightMediumPositioned
        case (.singular, .low): return sightLowPositioned
        case (.plural, .high): return sightHighPluralPositioned
        case (.plural, .medium): return sightMediumPluralPositioned
        case (.plural, .low): return sightLowPluralPositioned
        }
    }

    /// The words for where in the view a thing is.
    public func position(_ position: ViewPosition) -> SpokenEntry {
        switch position {
        case .left: return positionLeft
        case .ahead: return positionAhead
        case .right: return positionRight
        }
    }

    /// The subject of a sentence about an output ("The speech output"); `other` for a
    /// role outside the list.
    public func outputSubject(_ role: OutputRole) -> SpokenEntry {
        switch role {
        case .speech: return outputSubjectSpeech
        case .captions: return outputSubjectCaptions
        case .braille: return outputSubjectBraille
        case .haptics: return outputSubjectHaptics
        case .other: return outputSubjectOther
        }
    }

    /// An output's name inside a list ("captions and haptics").
    public func outputName(_ role: OutputRole) -> SpokenEntry {
        switch role {
        case .speech: return outputNameSpeech
        case .captions: return outputNameCaptions
        case .braille: return outputNameBraille
        case .haptics: return outputNameHaptics
        case .other: return outputNameOther
        }
    }

    /// The words for why an output stopped.
    public func lossReason(_ reason: OutputLossReason) -> SpokenEntry {
        switch reason {
        case .notInstalled: return lossNotInstalled
        case .broken: return lossBroken
        case .couldNotLoad: return lossCouldNotLoad
        case .settingsInvalid: return lossSettingsInvalid
        case .crashed: return lossCrashed
        case .quit: return lossQuit
        case .sentGarbage: return lossSentGarbage
        case .stoppedAnswering: return lossStoppedAnswering
        case .stoppedEarlier: return lossStoppedEarlier
        case .couldNotStart: return lossCouldNotStart
        case .reportedError: return lossReportedError
        case .notAnsweringForNow: return lossNotAnsweringForNow
        case .keptFailing: return lossKeptFailing
        }
    }

    /// Every entry with its name, for review and for tests that check all of them.
    public var allEntries: [(name: String, entry: SpokenEntry)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let name = child.label, let entry = child.value as? SpokenEntry else { return nil }
            return (name, entry)
        }
    }
}
