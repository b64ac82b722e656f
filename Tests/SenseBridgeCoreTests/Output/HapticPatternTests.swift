import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeCore

@Suite struct HapticPatternTests {
    @Test func everySignalMapsToAValidAHAPPattern() {
        for signal in OutputSignal.allCases {
            let json = HapticPattern.forSignal(signal).ahapJSON()
            #expect(AHAPRules.violations(json) == [], "signal \(signal): \(json)")
        }
    }

    @Test func everyCueInTheVocabularyIsValidAHAP() {
        for cue in HapticCue.allCases {
            #expect(AHAPRules.violations(cue.pattern.ahapJSON()) == [], "cue \(cue)")
            #expect(!cue.pattern.events.isEmpty)
        }
    }

    @Test func theCheckerRejectsWhatAHAPForbids() {
        let bad = [
            #"{"Version":1.0,"Pattern":[{"Event":{"Time":-0.1,"EventType":"HapticTransient","EventParameters":[]}}]}"#,
            #"{"Version":1.0,"Pattern":[{"Event":{"Time":0.0,"EventType":"HapticContinuous","EventParameters":[]}}]}"#,
            #"{"Version":1.0,"Pattern":[{"Event":{"Time":0.0,"EventType":"HapticContinuous","EventDuration":31.0,"EventParameters":[]}}]}"#,
            #"{"Version":1.0,"Pattern":[{"Event":{"Time":0.0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.5}]}}]}"#,
            #"{"Version":1.0,"Pattern":[{"Event":{"Time":0.5,"EventType":"HapticTransient","EventParameters":[]}},{"Event":{"Time":0.1,"EventType":"HapticTransient","EventParameters":[]}}]}"#,
            #"{"Version":1.0,"Pattern":[]}"#,
            #"{"Pattern":[{"Event":{"Time":0.0,"EventType":"HapticTransient","EventParameters":[]}}]}"#,
        ]
        for document in bad {
            #expect(!AHAPRules.violations(document).isEmpty, "accepted: \(document)")
        }
    }

    @Test func encodingMatchesTheAHAPShapeExactly() {
        let tap = HapticPattern(name: "tap", events: [.transient(at: 0, intensity: 0.5, sharpness: 0.5)])
        #expect(tap.ahapJSON() == #"{"Version":1.0,"Pattern":[{"Event":{"Time":0.0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":0.5},{"ParameterID":"HapticSharpness","ParameterValue":0.5}]}}]}"#)
        let buzz = HapticPattern(name: "buzz", events: [.continuous(at: 0.25, duration: 0.5, intensity: 1, sharpness: 0)])
        #expect(buzz.ahapJSON().contains(#""Time":0.25,"EventType":"HapticContinuous","EventDuration":0.5,"#))
    }

    @Test func hostileValuesAreClampedIntoAHAPLimits() {
        let pattern = HapticPattern(name: "hostile", events: [
            .continuous(at: 2, duration: 45, intensity: 3, sharpness: -1),
            .transient(at: -5, intensity: .nan, sharpness: .infinity),
            .continuous(at: .nan, duration: -1, intensity: 0.5, sharpness: .nan),
            .transient(at: .infinity, intensity: 0.5, sharpness: 0.5),
        ])
        #expect(AHAPRules.violations(pattern.ahapJSON()) == [])
        let long = pattern.events.first { $0.kind == .continuous && $0.time == 2 }
        #expect(long?.duration == 30)
        #expect(long?.intensity == 1)
        #expect(pattern.events.first?.time == 0)
        #expect(pattern.events.map(\.time) == pattern.events.map(\.time).sorted())
    }

    @Test func eventsAreSortedAndEqualTimesKeepTheirOrder() {
        let pattern = HapticPattern(name: "p", events: [
            .transient(at: 0.3, intensity: 0.1, sharpness: 0), .transient(at: 0.1, intensity: 0.2, sharpness: 0),
            .transient(at: 0.1, intensity: 0.3, sharpness: 0),
        ])
        #expect(pattern.events.map(\.intensity) == [0.2, 0.3, 0.1])
    }

    /// The vocabulary is transcribed from Visual Assist's event lists; these are those lists.
    @Test func vocabularyMatchesTheTranscribedEventLists() {
        func shape(_ cue: HapticCue) -> [String] {
            cue.pattern.events.map { "\($0.kind == .transient ? "T" : "C")@\($0.time) i\($0.intensity)" + ($0.kind == .continuous ? " d\($0.duration)" : "") }
        }
        #expect(shape(.tap) == ["T@0.0 i0.5"])
        #expect(shape(.doubleTap) == ["T@0.0 i0.5", "T@0.1 i0.5"])
        #expect(shape(.success) == ["T@0.0 i0.6", "T@0.15 i0.8"])
        #expect(shape(.warning) == ["T@0.0 i0.7", "T@0.15 i0.7", "T@0.3 i0.7"])
        #expect(shape(.critical) == ["C@0.0 i1.0 d0.5"])
        #expect(shape(.modeSwitch) == ["T@0.0 i0.8"])
        #expect(HapticCue.modeSwitch.pattern.events[0].sharpness == 0.8)
        #expect(shape(.navigation) == ["T@0.0 i0.6", "T@0.2 i0.6"])
        // SenseBridge's own safety alert: the temporal-three rhythm, shortened.
        #expect(shape(.safetyAlert) == ["C@0.0 i1.0 d0.25", "C@0.4 i1.0 d0.25", "C@0.8 i1.0 d0.25"])
    }

    /// Invariant 10: a safety sound is felt as no other signal is. Every signal has a
    /// pattern of its own, but for the pulse, which is the obstacle alert's own cue
    /// repeated by design (docs/HAPTICS.md).
    @Test func noTwoSignalsShareAPatternButThePulseItsAlerts() {
        for signal in OutputSignal.allCases {
            for other in OutputSignal.allCases where other.rawValue > signal.rawValue {
                let shared = HapticPattern.forSignal(signal) == HapticPattern.forSignal(other)
                let byDesign = Set([signal, other]) == [.awarenessAlert, .awarenessPulse]
                #expect(shared == byDesign, "\(signal) and \(other)")
            }
        }
    }

    /// A safety alert is told from the obstacle alert by its first event: a sustained buzz
    /// at full strength, which no other signal opens with.
    @Test func theSafetyAlertIsToldApartByItsFirstEvent() {
        let opening = HapticPattern.forSignal(.safetyAlert).events[0]
        #expect(opening.kind == .continuous && opening.intensity == 1)
        for signal in OutputSignal.allCases where signal != .safetyAlert {
            let first = HapticPattern.forSignal(signal).events[0]
            #expect(!(first.kind == .continuous && first.intensity == 1), "\(signal) opens like the safety alert")
        }
    }

    @Test func theAlertIsToldApartByItsFirstEvent() {
        let opening = HapticCue.awarenessAlert.pattern.events[0]
        #expect(opening.intensity == 1 && opening.sharpness == 1)
        for cue in HapticCue.allCases where cue != .awarenessAlert {
            let first = cue.pattern.events[0]
            #expect(!(first.intensity == 1 && first.sharpness == 1), "\(cue) opens like the alert")
        }
        #expect(Set(HapticCue.allCases.map { $0.pattern.ahapJSON() }).count == HapticCue.allCases.count)
    }

    @Test func signalMappingIsTheDocumentedTable() {
        let table: [OutputSignal: HapticCue] = [
            .description: .tap, .awarenessAlert: .awarenessAlert, .awarenessClear: .doubleTap,
            .readingSegment: .navigation, .status: .modeSwitch, .sessionSummary: .success,
            .awarenessPulse: .awarenessAlert, .safetyAlert: .safetyAlert,
        ]
        for signal in OutputSignal.allCases {
            #expect(HapticCue(signal: signal) == table[signal], "\(signal)")
        }
        // Distance-band patterns are never claimed by a signal that carries no distance.
        let used = Set(OutputSignal.allCases.map(HapticCue.init(signal:)))
        #expect(!used.contains(.warning) && !used.contains(.critical))
    }

    @Test func logLineIsJSONWithThePatternAndNoText() throws {
        let message = OutputMessage(signal: .awarenessAlert, text: "secret label on the letter", isUrgent: true, sessionTime: 12.5, sequence: 7)
        let line = HapticLogLine.encode(wallClock: 1_700_000_000.25, message: message, pattern: .forSignal(.awarenessAlert))
        #expect(!line.contains("\n"))
        #expect(!line.contains("secret"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2023-11-14T22:13:20.250Z")
        #expect((object["sessionTime"] as? NSNumber)?.doubleValue == 12.5)
        #expect((object["sequence"] as? NSNumber)?.intValue == 7)
        #expect(object["signal"] as? String == "awarenessAlert")
        #expect(object["pattern"] as? String == "awarenessAlert")
        let ahap = try #require(object["ahap"])
        let ahapText = String(decoding: try JSONSerialization.data(withJSONObject: ahap), as: UTF8.self)
        #expect(AHAPRules.violations(ahapText) == [])
    }
}
