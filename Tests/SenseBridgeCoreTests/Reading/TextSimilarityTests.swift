import Foundation
@testable import SenseBridgeCore
import Testing

@Suite struct TextSimilarityTests {
    /// Two pages of over 256 characters, on different subjects, sharing common words.
    static let bus = """
        The number twelve bus leaves the station every twenty minutes on weekdays and every half hour \
        on Sundays. Tickets can be bought from the driver or from the machine beside the shelter, and \
        a day ticket is valid on every route in the city until midnight. Please have your ticket ready \
        when you board the bus.
        """
    static let recipe = """
        Heat the oil in a wide pan and add the onion with a pinch of salt. Cook it slowly for ten minutes \
        until it is soft and golden, then add the garlic and the tomatoes. Leave the sauce to simmer for \
        half an hour and stir it from time to time so that it does not stick to the pan.
        """

    @Test func theSameTextIsOneWhateverItsWhitespace() {
        #expect(TextSimilarity.similarity("Exit here", "Exit here") == 1)
        #expect(TextSimilarity.similarity("Exit\nhere ", "  Exit   here") == 1)
        #expect(TextSimilarity.similarity(Self.bus, Self.bus.split(separator: " ").joined(separator: "\n")) == 1)
    }

    @Test func nothingIsLikeSomething() {
        #expect(TextSimilarity.similarity("", "Exit") == 0)
        #expect(TextSimilarity.similarity("Exit", " ") == 0)
    }

    @Test func shortTextIsComparedByCharacters() {
        // One letter in 27 differs: one word in five, but a small share of the text.
        #expect(abs(TextSimilarity.similarity("Platform 3 trains to Madrid", "P1atform 3 trains to Madrid") - 26.0 / 27) < 1e-9)
        #expect(TextSimilarity.similarity("Platform 3 trains to Madrid", "Soup of the day is lentil") < 0.3)
        #expect(EditDistance.characters(Array("kitten"), Array("sitting")) == 3)
        #expect(EditDistance.characters([], Array("abc")) == 3 && EditDistance.characters(Array("ế"), Array("e")) == 1)
        // Vietnamese letters with their marks are one character each, however they arrive.
        #expect(TextSimilarity.similarity("Cấm hút thuốc", "Ca\u{302}\u{301}m hút thuốc") == 1)
        #expect(abs(TextSimilarity.similarity("Cấm hút thuốc", "Cầm hút thuốc") - 12.0 / 13) < 1e-9)
    }

    @Test func pagesAreComparedByWords() {
        #expect(Self.bus.count > TextSimilarity.characterLimit)
        var flickered = Self.bus.replacingOccurrences(of: "twelve", with: "twe1ve")
        flickered = flickered.replacingOccurrences(of: "shelter", with: "she1ter")
        flickered = flickered.replacingOccurrences(of: "midnight", with: "midnlght")
        #expect(TextSimilarity.similarity(Self.bus, flickered) > 0.9)
        #expect(TextSimilarity.similarity(Self.bus, Self.recipe) < 0.5)
    }

    @Test func wordOverlapCountsRepeatsOnce() {
        #expect(TextSimilarity.wordOverlap("a a b", "a b b") == 2.0 * 2 / 6)
        #expect(TextSimilarity.wordOverlap("a b", "c d") == 0)
    }
}
