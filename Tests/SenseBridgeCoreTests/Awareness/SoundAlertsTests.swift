import SenseBridgeCore
import Testing

/// Invariant 10 as tests: a safety sound is an alert, never a description; it repeats while
/// it goes on; it is "no longer heard" only after measured absence, never because the
/// microphone stopped (Invariant 2); hedged by its confidence like everything else.
@Suite struct SoundAlertsTests {
    static let second: UInt64 = 1_000_000_000

    static func sound(_ label: String, _ confidence: Double) -> PerceptionRecord {
        PerceptionRecord(kind: .sound, label: label, confidence: confidence)
    }

    /// Feeds one block per second from `from` through `through` (whole seconds, the block's
    /// end), each holding `records(second)`, and returns what was said with its second.
    static func run(_ alerts: inout SoundAlerts, from: Int, through: Int,
                    _ records: (Int) -> [PerceptionRecord]) -> [(second: Int, message: OutputMessage)] {
        (from...through).flatMap { time in
            alerts.heard(records(time), until: UInt64(time) * second).map { (time, $0) }
        }
    }

    @Test func theDocumentedDefaultsAreTenAndFifteenSeconds() {
        let settings = SoundAlertSettings()
        #expect(settings.repeatSeconds == 10)
        #expect(settings.goneAfterSeconds == 15)
    }

    @Test func aSafetySoundIsAnUrgentAlertNeverADescription() {
        var alerts = SoundAlerts(locale: .en)
        let said = alerts.heard([Self.sound("smoke_alarm", 0.9)], until: Self.second)
        #expect(said == [OutputMessage(signal: .safetyAlert, text: "Alert: it sounds like a smoke alarm.", locale: .en, isUrgent: true)])
        let description = Phrasing.describe(subject: "a smoke alarm", certainty: .high, stream: .sound, locale: .en)
        #expect(!said.map(\.text).contains(description))
        #expect(alerts.activeSafetySounds == ["smoke_alarm"])
    }

    @Test func everySafetySoundIsAnAlertAndOtherSoundsAreNotThisTypesToSay() {
        for label in SoundAlerts.safetySounds {
            var alerts = SoundAlerts(locale: .en)
            let said = alerts.heard([Self.sound(label, 0.85)], until: Self.second)
            #expect(said.map(\.signal) == [.safetyAlert], "\(label)")
            #expect(said.allSatisfy { $0.isUrgent }, "\(label)")
        }
        var alerts = SoundAlerts(locale: .en)
        let others = ["doorbell", "knock", "baby_crying", "telephone_ringing", "alarm_clock", "microwave_beep"]
        #expect(alerts.heard(others.map { Self.sound($0, 0.95) }, until: Self.second) == [])
        #expect(alerts.activeSafetySounds.isEmpty)
        // Nor records of another kind that happen to carry a safety label.
        #expect(alerts.heard([PerceptionRecord(kind: .object, label: "smoke_alarm", confidence: 0.95)], until: 2 * Self.second) == [])
    }

    @Test func safetySoundsAreRecognisedAsTheVocabularySpellsThem() {
        for label in ["smoke_alarm", "fire_alarm", "carbon_monoxide_alarm", "siren", "Smoke Alarm", "fire-alarm",
                      "police_siren", "Carbon Monoxide Alarm"] {
            #expect(SoundAlerts.isSafetySound(label), "\(label)")
        }
        for label in ["doorbell", "alarm_clock", "car_horn", "smoke", "alarm", ""] {
            #expect(!SoundAlerts.isSafetySound(label), "\(label)")
        }
    }

    @Test func itRepeatsEveryTenSecondsWhileItGoesOn() {
        var alerts = SoundAlerts(locale: .en)
        let said = Self.run(&alerts, from: 1, through: 35) { _ in [Self.sound("fire_alarm", 0.9)] }
        #expect(said.map(\.second) == [1, 11, 21, 31])
        #expect(said.allSatisfy { $0.message.signal == .safetyAlert && $0.message.isUrgent })
    }

    @Test func itRepeatsAtTheRateItIsGiven() {
        var alerts = SoundAlerts(locale: .en, settings: SoundAlertSettings(repeatSeconds: 4, goneAfterSeconds: 15))
        let said = Self.run(&alerts, from: 0, through: 12) { _ in [Self.sound("siren", 0.9)] }
        #expect(said.map(\.second) == [0, 4, 8, 12])
    }

    /// An alarm pauses (temporal-four is silent 5 s in every 5.8 s): the pauses neither end
    /// the alert nor stop it repeating, and a repetition waits for the sound to be heard.
    @Test func anAlarmThatPausesKeepsItsAlertAndRepeatsOnlyWhenHeardAgain() {
        var alerts = SoundAlerts(locale: .en)
        let heardAt: Set<Int> = [0, 6, 12, 18, 24]
        let said = Self.run(&alerts, from: 0, through: 30) { heardAt.contains($0) ? [Self.sound("carbon_monoxide_alarm", 0.9)] : [] }
        // Said at 0; due at 10, and heard since (at 6): said at 10; due at 20, heard at 12
        // and 18: said at 20; at 30, heard at 24. Never "no longer heard": 6 s is a pause.
        #expect(said.map(\.second) == [0, 10, 20, 30])
        #expect(said.allSatisfy { $0.message.signal == .safetyAlert })
        #expect(alerts.activeSafetySounds == ["carbon_monoxide_alarm"])
    }

    @Test func aRepetitionIsNotSaidWhenNothingWasHeardSinceTheLastOne() {
        var alerts = SoundAlerts(locale: .en)
        let said = Self.run(&alerts, from: 0, through: 14) { $0 == 0 || $0 == 13 ? [Self.sound("smoke_alarm", 0.9)] : [] }
        // Due at 10, but nothing was heard since 0: the repetition waits until 13.
        #expect(said.map(\.second) == [0, 13])
    }

    /// The repetition claims the sound was heard since the last one, so it is hedged by the
    /// strongest record heard since, never by the first alert's.
    @Test func aRepetitionIsHedgedByWhatWasHeardSinceTheLastOne() {
        var alerts = SoundAlerts(locale: .en)
        let confidences: [Int: Double] = [0: 0.95, 4: 0.5, 8: 0.55]
        let said = Self.run(&alerts, from: 0, through: 10) { confidences[$0].map { [Self.sound("smoke_alarm", $0)] } ?? [] }
        #expect(said.map(\.message.text) == ["Alert: it sounds like a smoke alarm.",
                                             "Alert: it might be the sound of a smoke alarm, but I'm not sure."])
    }

    @Test func noLongerHeardOnlyAfterFifteenSecondsOfMeasuredAbsence() {
        var alerts = SoundAlerts(locale: .en)
        let said = Self.run(&alerts, from: 0, through: 30) { $0 <= 3 ? [Self.sound("smoke_alarm", 0.9)] : [] }
        // Repeated at 10 (heard at 1 to 3, since it was said); last heard at 3, so 15 s of
        // measured absence end at 18, and not a block before.
        #expect(said.map(\.second) == [0, 10, 18])
        #expect(said.map(\.message.signal) == [.safetyAlert, .safetyAlert, .awarenessClear])
        #expect(said.last?.message == OutputMessage(signal: .awarenessClear, text: "SenseBridge no longer hears a smoke alarm.", locale: .en))
        #expect(alerts.activeSafetySounds.isEmpty)
        // Heard again afterwards: a new alert at once.
        #expect(alerts.heard([Self.sound("smoke_alarm", 0.9)], until: 31 * Self.second).map(\.signal) == [.safetyAlert])
    }

    /// Invariant 2: the microphone stopped, so nothing was measured. However long the gap,
    /// nothing is said about the sound until it listens again, and then its absence is
    /// counted from the first block after the restart.
    @Test func aStoppedMicrophoneIsNeverTakenAsTheSoundEnding() {
        var alerts = SoundAlerts(locale: .en)
        #expect(alerts.heard([Self.sound("fire_alarm", 0.9)], until: 1 * Self.second).count == 1)
        alerts.measuringStopped()
        #expect(alerts.activeSafetySounds == ["fire_alarm"], "held, not cleared")
        // Listening again an hour later, and nothing heard: absence starts now.
        let restart = 3600
        let said = Self.run(&alerts, from: restart, through: restart + 20) { _ in [] }
        #expect(said.map(\.second) == [restart + 15], "\(said.map(\.second))")
        #expect(said.map(\.message.signal) == [.awarenessClear])
    }

    /// A block a perceiver failed on, or one after lost samples, measured nothing: the
    /// alarm's detector crashing after the alert is not the alarm stopping. Only 15 s heard
    /// by every perceiver after the last unmeasured block say "no longer heard".
    @Test func blocksNotWhollyMeasuredNeverCountAsSilence() {
        var alerts = SoundAlerts(locale: .en)
        #expect(alerts.heard([Self.sound("smoke_alarm", 0.9)], until: 0).count == 1)
        var said: [(Int, OutputMessage)] = []
        // The detector fails on every block for 40 s: the others hear nothing.
        for time in 1...40 {
            alerts.notMeasured(until: UInt64(time) * Self.second)
            said += alerts.heard([], until: UInt64(time) * Self.second).map { (time, $0) }
        }
        #expect(said.isEmpty, "\(said.map(\.1.text))")
        #expect(alerts.activeSafetySounds == ["smoke_alarm"])
        // Back, and hearing nothing: absence counted from the last unmeasured block.
        said = Self.run(&alerts, from: 41, through: 60) { _ in [] }.map { ($0.second, $0.message) }
        #expect(said.map(\.0) == [55] && said.map(\.1.signal) == [.awarenessClear])
        // What the surviving perceivers hear is still alerted on an unmeasured block.
        var other = SoundAlerts(locale: .en)
        other.notMeasured(until: Self.second)
        #expect(other.heard([Self.sound("siren", 0.9)], until: Self.second).map(\.signal) == [.safetyAlert])
    }

    @Test func stoppingAgainAndAgainNeverLetsSilenceAccumulate() {
        var alerts = SoundAlerts(locale: .en)
        _ = alerts.heard([Self.sound("siren", 0.9)], until: 0)
        var said: [OutputMessage] = []
        // Ten-second runs of silence between failures: never 15 s measured in one run.
        for run in 0..<10 {
            let start = UInt64(run * 12 + 1) * Self.second
            said += alerts.heard([], until: start)
            said += alerts.heard([], until: start + 10 * Self.second)
            alerts.measuringStopped()
        }
        #expect(said.isEmpty)
        #expect(alerts.activeSafetySounds == ["siren"])
    }

    /// After a restart the person was told listening stopped; a sound still heard is said
    /// at once, not at its next repetition, and hedged by what was heard after the restart.
    @Test func aSoundHeardAgainAfterARestartIsSaidAtOnce() {
        var alerts = SoundAlerts(locale: .en)
        _ = alerts.heard([Self.sound("smoke_alarm", 0.95)], until: 10 * Self.second)
        alerts.measuringStopped()
        let said = alerts.heard([Self.sound("smoke_alarm", 0.65)], until: 12 * Self.second)
        #expect(said == [OutputMessage(signal: .safetyAlert, text: "Alert: it may be the sound of a smoke alarm.", locale: .en, isUrgent: true)])
        // And the schedule goes on from there.
        #expect(alerts.heard([Self.sound("smoke_alarm", 0.9)], until: 13 * Self.second).isEmpty)
    }

    /// A record below the floor says nothing, but a faint alarm is not a silent one.
    @Test func aFaintRecordIsNeitherAnAlertNorAbsence() {
        var alerts = SoundAlerts(locale: .en)
        let said = Self.run(&alerts, from: 0, through: 40) { $0 == 0 ? [Self.sound("smoke_alarm", 0.9)] : [Self.sound("smoke_alarm", 0.3)] }
        #expect(said.map(\.second) == [0])
        #expect(alerts.activeSafetySounds == ["smoke_alarm"])
    }

    @Test func belowTheFloorNothingIsSaid() {
        for confidence in [0.39, 0.1, 0, -1, 1.5, .nan, .infinity] {
            var alerts = SoundAlerts(locale: .en)
            let said = Self.run(&alerts, from: 0, through: 30) { _ in [Self.sound("smoke_alarm", confidence)] }
            #expect(said.isEmpty, "\(confidence)")
            #expect(alerts.activeSafetySounds.isEmpty, "\(confidence)")
        }
        var alerts = SoundAlerts(locale: .en)
        #expect(alerts.heard([Self.sound("smoke_alarm", Certainty.precisionFloor)], until: 0).count == 1)
    }

    @Test func twoSafetySoundsAtOnceAreEachSaidHedgedByTheirOwnConfidenceSurestFirst() {
        var alerts = SoundAlerts(locale: .en)
        let said = alerts.heard([Self.sound("smoke_alarm", 0.7), Self.sound("siren", 0.9), Self.sound("doorbell", 0.99)], until: 0)
        #expect(said.map(\.text) == ["Alert: it sounds like a siren.", "Alert: it may be the sound of a smoke alarm."])
        #expect(alerts.activeSafetySounds == ["smoke_alarm", "siren"])
        // The siren goes on, the smoke alarm is not heard again: each on its own clock.
        var clock = 0
        var later: [(Int, OutputMessage)] = []
        for time in 1...20 {
            clock = time
            later += alerts.heard([Self.sound("siren", 0.9)], until: UInt64(clock) * Self.second).map { (time, $0) }
        }
        #expect(later.map(\.0) == [10, 15, 20])
        #expect(later.map(\.1.text) == ["Alert: it sounds like a siren.", "SenseBridge no longer hears a smoke alarm.",
                                        "Alert: it sounds like a siren."])
        #expect(alerts.activeSafetySounds == ["siren"])
    }

    /// The two classifiers' records are combined before this type; should one label come
    /// twice, the surer record is the one said.
    @Test func theSurerOfTwoRecordsOfOneSoundIsSaid() {
        var alerts = SoundAlerts(locale: .en)
        let said = alerts.heard([Self.sound("siren", 0.45), Self.sound("Siren", 0.85)], until: 0)
        #expect(said.map(\.text) == ["Alert: it sounds like a siren."])
    }

    @Test("hedged by its confidence, whole in each locale", arguments: [
        (SpokenLocale.en, 0.9, "Alert: it sounds like a carbon monoxide alarm."),
        (.en, 0.7, "Alert: it may be the sound of a carbon monoxide alarm."),
        (.en, 0.5, "Alert: it might be the sound of a carbon monoxide alarm, but I'm not sure."),
        (.es, 0.9, "Alerta: suena como una alarma de monóxido de carbono."),
        (.es, 0.7, "Alerta: puede que se oiga una alarma de monóxido de carbono."),
        (.es, 0.5, "Alerta: quizás se oiga una alarma de monóxido de carbono, aunque no es seguro."),
        (.vi, 0.9, "Cảnh báo: nghe như có tiếng chuông báo khí cacbon monoxit."),
        (.vi, 0.7, "Cảnh báo: có thể đang có tiếng chuông báo khí cacbon monoxit."),
        (.vi, 0.5, "Cảnh báo: có lẽ đang có tiếng chuông báo khí cacbon monoxit, nhưng tôi không chắc."),
    ])
    func hedgedInEachLocale(locale: SpokenLocale, confidence: Double, expected: String) {
        var alerts = SoundAlerts(locale: locale)
        let said = alerts.heard([Self.sound("carbon_monoxide_alarm", confidence)], until: 0)
        #expect(said == [OutputMessage(signal: .safetyAlert, text: expected, locale: locale, isUrgent: true)])
    }

    @Test("no longer heard, whole in each locale", arguments: [
        (SpokenLocale.en, "SenseBridge no longer hears a siren."),
        (.es, "SenseBridge ya no oye una sirena."),
        (.vi, "SenseBridge không còn nghe thấy tiếng còi hụ."),
    ])
    func noLongerHeardInEachLocale(locale: SpokenLocale, expected: String) {
        var alerts = SoundAlerts(locale: locale, settings: SoundAlertSettings(goneAfterSeconds: 2))
        _ = alerts.heard([Self.sound("siren", 0.9)], until: 0)
        #expect(alerts.heard([], until: Self.second).isEmpty)
        #expect(alerts.heard([], until: 2 * Self.second) == [OutputMessage(signal: .awarenessClear, text: expected, locale: locale)])
    }

    /// A setting that is not a number of seconds is the default, never "never" or "always".
    @Test func unusableSettingsAreTheDefaults() {
        for bad in [Double.nan, -1, .infinity, -.infinity] {
            var alerts = SoundAlerts(locale: .en, settings: SoundAlertSettings(repeatSeconds: bad, goneAfterSeconds: bad))
            let said = Self.run(&alerts, from: 0, through: 40) { $0 <= 20 ? [Self.sound("smoke_alarm", 0.9)] : [] }
            #expect(said.map(\.second) == [0, 10, 20, 35], "\(bad)")
        }
    }

    @Test func timeRunningBackwardsCountsAsNoTimePassing() {
        var alerts = SoundAlerts(locale: .en)
        _ = alerts.heard([Self.sound("smoke_alarm", 0.9)], until: 100 * Self.second)
        #expect(alerts.heard([Self.sound("smoke_alarm", 0.9)], until: 50 * Self.second).isEmpty)
        #expect(alerts.heard([], until: 0).isEmpty)
        #expect(alerts.activeSafetySounds == ["smoke_alarm"])
    }

    /// The alert templates have no plural: every safety sound must be named in the singular.
    @Test func everySafetySoundHasAReviewedSingularNameInEveryLocale() throws {
        for label in SoundAlerts.safetySounds {
            let entry = try #require(SpokenVocabulary.entry(for: label), "\(label) has no reviewed name")
            #expect(entry.stream == .sound)
            for locale in SpokenLocale.allCases {
                #expect(entry.number(locale) == .singular, "\(label) [\(locale)]")
            }
        }
    }
}
