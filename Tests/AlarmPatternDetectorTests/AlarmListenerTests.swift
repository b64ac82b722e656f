import Foundation
import SenseBridgeCore
import Testing

/// The listener end to end on generated audio, in the host's 250 ms blocks.
@Suite struct AlarmListenerTests {
    @Test func temporalThreeAt3100HzIsConfirmedAfterOneWholeCycleAndReportedWhileItGoesOn() {
        var signal = AlarmSignal(seconds: 16)
        let tones = AlarmSignal.cycles(.temporalThree, count: 3)   // 0.5 ... 12.5 s
        signal.add(tones, hertz: 3100)
        let stream = HeardStream(signal)
        #expect(stream.labels == ["smoke_alarm"])
    }
}
