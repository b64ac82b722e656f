import Foundation
import SenseBridgeTesting
import Testing

@Suite struct SpeechDispatcherPlaceholderTests {
    @Test func placeholder() { #expect(Bool(true)) }
}
