import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// The breaker, the probe cadence, the budget and what is said, tick by tick.
@Suite struct NetworkRouterTests {
    // Unchecked Sendable: the test sets `seconds` and calls the resolver, which reads it, on one thread.
    final class Clock: @unchecked Sendable {
        var seconds = 0.0
    }

    func resolver(perHour: Int = 600, perSession: Int = 2400, clock: Clock = Clock()) -> NetworkRouter {
        NetworkRouter(backend: .cloud("Anthropic"), networkAvailable: true, requestsPerHour: perHour,
                         requestsPerSession: perSession, now: { clock.seconds })
    }

    /// Runs ticks with the given outcomes for network attempts; returns per tick the route
    /// and every announcement made during it.
    func run(_ resolver: NetworkRouter, ticks: Int, outcome: (Int) -> NetworkRouter.Outcome)
        -> [(route: NetworkRouter.Route, said: [ReasoningAnnouncement])] {
        (1...ticks).map { tick in
            var (route, said) = resolver.nextTick(wantsNetwork: true)
            if route != .onDevice { said += resolver.finish(outcome(tick)) }
            return (route, said)
        }
    }

    static let timeout = NetworkRouter.Outcome.failure(.notAnswering)
    static let serverError = NetworkRouter.Outcome.failure(.serverError(status: 500))

    @Test func theBackendIsNamedAtItsFirstUsedPhraseNotAtSessionStart() {
        let subject = resolver()
        #expect(subject.sessionStart() == [])
        let ticks = run(subject, ticks: 3) { $0 == 1 ? Self.timeout : .success }
        #expect(ticks.map(\.said) == [[], [.activeBackend(.cloud("Anthropic"))], []])
        #expect(subject.sessionStart() == [])
        let offline = NetworkRouter(backend: .cloud("Anthropic"), networkAvailable: false, unavailableReason: .termsNotAcknowledged, now: { 0 })
        #expect(offline.sessionStart() == [.networkUnavailable(.termsNotAcknowledged)])
    }

    @Test func aServerThatNeverProducesAUsablePhraseIsNeverNamed() {
        let subject = resolver()
        let said = run(subject, ticks: 30) { _ in Self.serverError }.flatMap(\.said)
        #expect(said == [.networkFailing(.cloud("Anthropic"), .serverError(status: 500))])
    }

    @Test func oneFailureDoesNotTripTwoDoAndTheAnnouncementIsUrgentAndSingle() {
        let subject = resolver()
        let ticks = run(subject, ticks: 4) { _ in Self.timeout }
        #expect(ticks[0].route == .network(isProbe: false) && ticks[0].said.isEmpty)
        #expect(ticks[1].said == [.networkFailing(.cloud("Anthropic"), .notAnswering)])
        #expect(ticks[2].route == .onDevice && ticks[3].route == .onDevice)
        #expect(ticks.flatMap(\.said).count == 1)
        let message = ReasoningAnnouncement.networkFailing(.cloud("Anthropic"), .notAnswering).message(locale: .en)
        #expect(message.isUrgent && message.signal == .status)
        #expect(message.text == "The cloud service is not answering, so SenseBridge is continuing with on-device descriptions.")
    }

    @Test("the trip is said as the failure was: not answering, or replies unusable and why")
    func theTripSaysWhatHappened() {
        let local = BackendDescription.localEndpoint(host: "127.0.0.1", unencrypted: true)
        let cases: [(NetworkFailureReason.Kind, String)] = [
            (.notAnswering, "Your server is not answering, so SenseBridge is continuing with on-device descriptions."),
            (.serverError(status: 500), "Your server's replies could not be used (it answered with error 500), so SenseBridge is continuing with on-device descriptions."),
            (.unreadable, "Your server's replies could not be used (they were not in a form SenseBridge can read), so SenseBridge is continuing with on-device descriptions."),
            (.mismatch, "Your server's replies could not be used (they did not match what was detected), so SenseBridge is continuing with on-device descriptions."),
        ]
        for (kind, expected) in cases {
            let subject = NetworkRouter(backend: local, networkAvailable: true, now: { 0 })
            let said = run(subject, ticks: 2) { _ in .failure(kind) }.flatMap(\.said)
            #expect(said == [.networkFailing(local, kind)])
            #expect(said.first?.text(.en) == expected)
        }
        #expect(ReasoningAnnouncement.networkFailing(local, .serverError(status: 503)).text(.es)
            == "No se pudieron usar las respuestas de tu servidor (respondió con el error 503), así que SenseBridge continúa con descripciones en el dispositivo.")
        #expect(ReasoningAnnouncement.networkFailing(local, .notAnswering).text(.vi)
            == "Máy chủ của bạn không trả lời, nên SenseBridge tiếp tục mô tả ngay trên thiết bị.")
    }

    @Test func aSuccessBetweenFailuresResetsTheCount() {
        let subject = resolver()
        let outcomes: [NetworkRouter.Outcome] = [Self.timeout, .success, Self.timeout, .success, Self.timeout]
        let ticks = run(subject, ticks: 5) { outcomes[$0 - 1] }
        #expect(ticks.allSatisfy { $0.route == .network(isProbe: false) })
        #expect(ticks.flatMap(\.said) == [.activeBackend(.cloud("Anthropic"))])
    }

    @Test func whileTrippedEveryFifthTickProbesAndFailedProbesAreSilent() {
        let subject = resolver()
        // Ticks 1-2 fail and trip; probes at 7, 12, 17 fail; 22 succeeds.
        let ticks = run(subject, ticks: 25) { $0 >= 22 ? .success : Self.timeout }
        let probes = ticks.indices.filter { ticks[$0].route == .network(isProbe: true) }.map { $0 + 1 }
        #expect(probes == [7, 12, 17, 22])
        let said = ticks.enumerated().filter { !$0.element.said.isEmpty }.map { ($0.offset + 1, $0.element.said) }
        #expect(said.count == 2)
        #expect(said.first?.0 == 2 && said.first?.1 == [.networkFailing(.cloud("Anthropic"), .notAnswering)])
        // Never used before the trip, so its first phrase names it rather than "again".
        #expect(said.last?.0 == 22 && said.last?.1 == [.activeBackend(.cloud("Anthropic"))])
        #expect(ticks[22].route == .network(isProbe: false) && ticks[23].route == .network(isProbe: false))
        #expect(subject.requestsThisSession == 2 + 4 + 3)
    }

    @Test func aRecoveredBreakerCanTripAgainAndSaysSoAgainOnce() {
        let subject = resolver()
        let ticks = run(subject, ticks: 14) { [2, 3, 9, 10].contains($0) ? Self.timeout : .success }
        let said = ticks.flatMap(\.said)
        #expect(said == [.activeBackend(.cloud("Anthropic")), .networkFailing(.cloud("Anthropic"), .notAnswering),
                         .networkRecovered(.cloud("Anthropic")), .networkFailing(.cloud("Anthropic"), .notAnswering)])
    }

    @Test func abandonedCallsNeitherTripNorRecover() {
        let subject = resolver()
        let ticks = run(subject, ticks: 6) { _ in .abandoned }
        #expect(ticks.allSatisfy { $0.route == .network(isProbe: false) && $0.said.isEmpty })
    }

    @Test func nothingToSendSpendsNothing() {
        let subject = resolver(perHour: 1)
        for _ in 0..<5 {
            let (route, said) = subject.nextTick(wantsNetwork: false)
            #expect(route == .onDevice && said.isEmpty)
        }
        #expect(subject.requestsThisSession == 0)
        #expect(subject.nextTick(wantsNetwork: true).0 == .network(isProbe: false))
    }

    @Test func theHourlyBudgetFallsBackSaysSoOnceAndResumesWhenTheHourRolls() {
        let clock = Clock()
        let subject = resolver(perHour: 3, clock: clock)
        var routes: [NetworkRouter.Route] = []
        var said: [ReasoningAnnouncement] = []
        for tick in 0..<8 {
            clock.seconds = Double(tick) * 6
            var (route, now) = subject.nextTick(wantsNetwork: true)
            if route != .onDevice { now += subject.finish(.success) }
            routes.append(route)
            said += now
        }
        #expect(routes.filter { $0 != .onDevice }.count == 3)
        #expect(said == [.activeBackend(.cloud("Anthropic")), .hourlyBudgetReached(limit: 3)])
        clock.seconds = 3600 + 1
        let (route, resumed) = subject.nextTick(wantsNetwork: true)
        #expect(route == .network(isProbe: false))
        #expect(resumed == [.hourlyBudgetResumed])
    }

    @Test func theSessionBudgetHoldsForTheRestOfTheSession() {
        let clock = Clock()
        let subject = resolver(perHour: 600, perSession: 2, clock: clock)
        var said: [ReasoningAnnouncement] = []
        var sent = 0
        for tick in 0..<10 {
            clock.seconds = Double(tick) * 4000
            var (route, now) = subject.nextTick(wantsNetwork: true)
            if route != .onDevice { sent += 1; now += subject.finish(.success) }
            said += now
        }
        #expect(sent == 2)
        #expect(said == [.activeBackend(.cloud("Anthropic")), .sessionBudgetReached(limit: 2)])
        #expect(ReasoningAnnouncement.sessionBudgetReached(limit: 2).text(.en).contains("limit of 2"))
    }

    @Test func eachFurtherModeAskedSpendsTheBudgetAndStopsAtIt() {
        let subject = resolver(perHour: 2)
        #expect(!subject.spendAnotherRequest(), "nothing is in flight")
        #expect(subject.nextTick(wantsNetwork: true).0 == .network(isProbe: false))
        #expect(subject.spendAnotherRequest())
        #expect(!subject.spendAnotherRequest(), "the hour's two requests are spent")
        #expect(subject.requestsThisSession == 2)
    }

    @Test func awaitingIsObservableAndTracksTheRequest() {
        let subject = resolver()
        // Unchecked Sendable: the callback runs inside nextTick and finish, on the test's thread, which reads `values` too.
        final class Seen: @unchecked Sendable { var values: [Bool] = [] }
        let seen = Seen()
        subject.onAwaitingChange = { seen.values.append($0) }
        #expect(!subject.isAwaitingNetworkResponse)
        _ = subject.nextTick(wantsNetwork: true)
        #expect(subject.isAwaitingNetworkResponse)
        // Single flight: a tick while a request is out composes on-device and sends nothing.
        #expect(subject.nextTick(wantsNetwork: true).0 == .onDevice)
        _ = subject.finish(.success)
        #expect(!subject.isAwaitingNetworkResponse)
        #expect(seen.values == [true, false])
        #expect(subject.requestsThisSession == 1)
    }

    @Test func everyAnnouncementHasTextInEveryLocale() {
        let all: [ReasoningAnnouncement] = [
            .activeBackend(.onDevice), .activeBackend(.cloud("OpenAI")), .activeBackend(.localEndpoint(host: "box", unencrypted: true)),
            .activeBackend(.localEndpoint(host: "box", unencrypted: false)), .networkUnavailable(.notTurnedOn),
            .networkUnavailable(.termsNotAcknowledged), .networkUnavailable(.missingKey), .networkUnavailable(.couldNotStart),
            .networkFailing(.cloud("x"), .notAnswering), .networkFailing(.localEndpoint(host: "h", unencrypted: false), .notAnswering),
            .networkFailing(.cloud("x"), .serverError(status: 500)), .networkFailing(.localEndpoint(host: "h", unencrypted: false), .serverError(status: 500)),
            .networkFailing(.cloud("x"), .unreadable), .networkFailing(.cloud("x"), .mismatch), .networkFailing(.cloud("x"), .composerFailed),
            .networkRecovered(.cloud("x")), .networkRecovered(.localEndpoint(host: "h", unencrypted: false)),
            .hourlyBudgetReached(limit: 9), .hourlyBudgetResumed, .sessionBudgetReached(limit: 9),
        ]
        for locale in SpokenLocale.allCases {
            let texts = all.map { $0.text(locale) }
            #expect(texts.allSatisfy { !$0.isEmpty && !$0.contains("{") })
            #expect(Set(texts).count == texts.count, "two announcements read the same in \(locale)")
        }
        #expect(ReasoningAnnouncement.activeBackend(.localEndpoint(host: "box", unencrypted: true)).text(.en).contains("unencrypted"))
        #expect(all.filter(\.isUrgent).count == 7)
        #expect(all.filter(\.isUrgent).allSatisfy { if case .networkFailing = $0 { true } else { false } })
    }
}
