import SenseBridgeCore
import Testing

@Suite struct AwarenessEngineTests {
    static func reading(_ metres: Double, side: ZoneReading.Side? = nil) -> DepthReduction.Outcome {
        .measured(DepthReading(nearestMetres: metres, zones: ZoneReading(left: nil, centre: metres, right: nil), namedSide: side))
    }

    /// Feeds distances one per 0.75 s (nil = a failed reading) and returns the events per frame.
    static func run(_ engine: inout AwarenessEngine, _ distances: [Double?], start: Double = 0) -> [[AwarenessEvent]] {
        distances.enumerated().map { index, distance in
            engine.feed(distance.map { reading($0) } ?? .couldNotMeasure(.onlyFloor), at: start + Double(index) * 0.75)
        }
    }

    @Test func hysteresisEntersBelowOnePointFiveAndLeavesAboveOnePointEight() {
        var engine = AwarenessEngine()
        let events = Self.run(&engine, [2.0, 1.4, 1.6, 1.7, 1.45, 1.79, 1.9, 1.6, 1.45])
        #expect(events[0] == [])
        #expect(events[1] == [.alert(distance: 1.4, side: nil, band: .approaching)])
        // Between the thresholds nothing toggles, in either direction.
        #expect(events[2...5].allSatisfy { $0.isEmpty })
        #expect(events[6] == [.clear(distance: 1.9)])
        #expect(events[7] == [])
        #expect(events[8] == [.alert(distance: 1.45, side: nil, band: .approaching)])
    }

    @Test func aNearerBandIsSpokenOncePerBandPerEpisode() {
        var engine = AwarenessEngine()
        let events = Self.run(&engine, [1.4, 0.9, 1.1, 0.8, 0.4, 0.45, 0.3])
        #expect(events[0] == [.alert(distance: 1.4, side: nil, band: .approaching)])
        #expect(events[1] == [.nearerBand(distance: 0.9, side: nil, band: .near)])
        #expect(events[2] == [])
        #expect(events[3] == [], "the near band was already spoken in this episode")
        #expect(events[4] == [.nearerBand(distance: 0.4, side: nil, band: .immediate)])
        #expect(events[5...].allSatisfy { !$0.contains { if case .nearerBand = $0 { return true }; return false } })
    }

    @Test func aNewEpisodeSpeaksItsBandsAgain() {
        var engine = AwarenessEngine()
        _ = Self.run(&engine, [1.4, 0.9, 2.0])
        let events = Self.run(&engine, [1.4, 0.9], start: 10)
        #expect(events == [[.alert(distance: 1.4, side: nil, band: .approaching)], [.nearerBand(distance: 0.9, side: nil, band: .near)]])
    }

    @Test func clearIsOnlySaidOnAnObservedTransition() {
        var engine = AwarenessEngine()
        let neverAlerting = Self.run(&engine, [3, 2.5, 5, 2, 9])
        #expect(neverAlerting.allSatisfy { $0.isEmpty }, "far readings are not 'clear' unless an alert ended")
        // Alerting, then the sensor fails, then a far measurement: a change observed
        // between two measurements, so clear is honest.
        let events = Self.run(&engine, [1.2, nil, nil, 2.5], start: 10)
        #expect(events.flatMap { $0 }.filter { if case .clear = $0 { return true }; return false } == [.clear(distance: 2.5)])
    }

    @Test func aFailedReadingHoldsTheStateAndIsSaidOnce() {
        var engine = AwarenessEngine()
        _ = Self.run(&engine, [1.2])
        #expect(engine.isAlerting)
        let failures = Self.run(&engine, Array(repeating: nil, count: 12), start: 1)
        #expect(engine.isAlerting, "a failed reading is not 'nothing there'")
        let said = failures.flatMap { $0 }
        #expect(said == [.measurementLost])
        // The announcement comes only after the outage lasted measurementLostAfter.
        let index = failures.firstIndex { !$0.isEmpty }!
        #expect(Double(index) * 0.75 >= AwarenessEngine.measurementLostAfter)
        let back = engine.feed(Self.reading(1.3), at: 20)
        let spoken = back.filter { if case .pulse = $0 { return false }; return true }
        #expect(spoken == [.measurementResumed(distance: 1.3)], "still alerting: no second alert, no clear")
    }

    @Test func aBriefDropoutIsNotAnnounced() {
        var engine = AwarenessEngine()
        let events = Self.run(&engine, [1.2, nil, nil, 1.2])
        #expect(events.flatMap { $0 } == [.alert(distance: 1.2, side: nil, band: .approaching)])
    }

    @Test func theCueRepeatsAtItsBandsIntervalAndTheFarBandIsSilent() {
        var engine = AwarenessEngine()
        var pulses: [Double] = []
        _ = engine.feed(Self.reading(0.8), at: 0)
        for step in 1...12 {
            let time = Double(step) * 0.5
            if engine.feed(Self.reading(0.8), at: time) == [.pulse(band: .near)] { pulses.append(time) }
        }
        #expect(pulses == [2, 4, 6])
        // Alerting but in the hysteresis gap: the far band, which never repeats.
        #expect(ProximityBand.far.repeatInterval == nil)
        var gap = AwarenessEngine()
        _ = gap.feed(Self.reading(1.4), at: 0)
        let quiet = (1...20).flatMap { gap.feed(Self.reading(1.7), at: Double($0)) }
        #expect(quiet.isEmpty)
        #expect(gap.isAlerting)
    }

    @Test func theSideTravelsWithTheAlert() {
        var engine = AwarenessEngine()
        let events = engine.feed(Self.reading(1.2, side: .left), at: 0)
        #expect(events == [.alert(distance: 1.2, side: .left, band: .approaching)])
    }

    @Test func bandsBucketDistances() {
        #expect(ProximityBand(distance: 0.2) == .immediate)
        #expect(ProximityBand(distance: 0.5) == .near)
        #expect(ProximityBand(distance: 1.0) == .approaching)
        #expect(ProximityBand(distance: 1.5) == .far)
        #expect(ProximityBand.allCases.compactMap(\.repeatInterval) == [1, 2, 4])
    }
}

@Suite struct NarrationThrottleTests {
    @Test func unchangedNarrationIsSuppressedAndAChangeGoesThroughAtOnce() {
        var throttle = NarrationThrottle()
        func admit(_ sentences: [String]) -> Bool { throttle.admit(sentences) }
        #expect(admit(["It looks like there's a door."]))
        #expect(!admit(["It looks like there's a door."]))
        #expect(!admit(["It looks like there's a door."]))
        #expect(admit(["It may be a box."]))
        #expect(admit(["It looks like there's a door."]), "back to the door is a change too")
    }

    @Test func reorderingIsNotAChangeAndEmptyIsNeverSaid() {
        var throttle = NarrationThrottle()
        func admit(_ sentences: [String]) -> Bool { throttle.admit(sentences) }
        #expect(admit(["A.", "B."]))
        #expect(!admit(["B.", "A."]))
        #expect(!admit([]))
        #expect(!admit(["A.", "B."]), "an empty tick does not make the old narration new")
        throttle.reset()
        #expect(admit(["A.", "B."]))
    }
}

@Suite struct AwarenessPhrasingTests {
    @Test func alertsSayTheRoundedDistanceAndAnEarnedSide() {
        #expect(Phrasing.awarenessAlert(distance: 1.2, side: nil, locale: .en) == "The nearest thing measured is about 1 metre away.")
        #expect(Phrasing.awarenessAlert(distance: 0.9, side: .left, locale: .en)
            == "The nearest thing measured is about 0.5 metres away. It is on your left.")
        #expect(Phrasing.awarenessAlert(distance: 1.7, side: .right, locale: .en)
            == "The nearest thing measured is about 1.5 metres away. It is on your right.")
        #expect(Phrasing.awareness(.pulse(band: .near), locale: .en) == nil)
        #expect(Phrasing.awareness(.measurementLost, locale: .en) == Phrasing.couldNotMeasure(locale: .en))
    }

    @Test func theSummaryStatesFactsAboutTheApp() {
        #expect(Phrasing.sessionSummary(alerts: 2, seconds: 9, locale: .en) == "This session ran for less than a minute and gave 2 obstacle alerts.")
        #expect(Phrasing.sessionSummary(alerts: 1, seconds: 61, locale: .en) == "This session ran for 1 minute and gave 1 obstacle alert.")
        #expect(Phrasing.sessionSummary(alerts: 0, seconds: 185, locale: .es) == "Esta sesión duró 3 minutos y dio 0 avisos de obstáculo.")
        #expect(Phrasing.sessionSummary(alerts: 3, seconds: .nan, locale: .vi) == "Phiên này đã chạy chưa đầy một phút và đưa ra 3 cảnh báo vật cản.")
    }

    /// The engine is public too: a reading whose distance is not a measurement (from a
    /// caller's own reducer) holds the state like a failed frame. It must not clear an
    /// alert (Invariant 2) nor be said as a distance.
    @Test(arguments: [Double.nan, -1, Double.infinity, 1e19, 101])
    func aDistanceThatIsNotAMeasurementHoldsTheAlert(_ metres: Double) {
        var engine = AwarenessEngine()
        #expect(engine.feed(AwarenessEngineTests.reading(1.0), at: 0) == [.alert(distance: 1.0, side: nil, band: .approaching)])
        #expect(engine.feed(AwarenessEngineTests.reading(metres), at: 0.75) == [])
        #expect(engine.isAlerting)
        #expect(engine.feed(AwarenessEngineTests.reading(metres), at: 3) == [.measurementLost])
        #expect(engine.feed(AwarenessEngineTests.reading(2.5), at: 3.75) == [.measurementResumed(distance: 2.5), .clear(distance: 2.5)])
    }
}
