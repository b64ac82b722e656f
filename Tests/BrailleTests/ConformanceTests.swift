import Foundation
import SenseBridgeTesting
import Testing

@Suite struct BraillePlaceholderTests {
    @Test func placeholder() { #expect(Bool(true)) }
}
