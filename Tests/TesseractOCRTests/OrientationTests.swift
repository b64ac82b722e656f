import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A page held turned is read upright and says how it was turned (`PageView.turnedDegrees`,
/// clockwise), so the host can tell the person once how to hold the next; its lines are
/// boxed in the turned image, in reading order there. Upright is 0.
@Suite(.serialized) struct OrientationTests {
    let ocr: OCRHost
    init() throws { ocr = try OCRHost() }

    /// The bench's pages: rotate-90 is turned a quarter clockwise, so it is read turned 270.
    static let turns = [("clean", 0), ("rotate-90", 270), ("rotate-180", 180), ("rotate-270", 90)]

    @Test(arguments: ["en", "es", "vi"])
    func eachTurnIsReportedAndReadUpright(locale: String) throws {
        let reader = try ocr.reader()
        for (condition, degrees) in Self.turns {
            let page = try BenchPages.page(locale, condition)
            let perception = try reader.readPage(page.image, locale: locale)
            #expect(perception.page.turnedDegrees == degrees, "\(page.name): turned \(perception.page.turnedDegrees)")
            #expect(page.characterErrorRate(of: perception.records) <= ReadingConditionsTests.maximumCharacterErrorRate,
                    "\(page.name): \(perception.records.map(\.label))")
            // Boxes in the turned image: lines across it, top to bottom, the heading first.
            let boxes = perception.records.compactMap(\.box)
            #expect(boxes.count == perception.records.count)
            #expect(boxes.allSatisfy { $0.width * Double(degrees % 180 == 0 ? page.image.width : page.image.height)
                                       > $0.height * Double(degrees % 180 == 0 ? page.image.height : page.image.width) },
                    "\(page.name): lines stand wider than tall once turned: \(boxes)")
            #expect(boxes.map(\.y) == boxes.map(\.y).sorted(), "\(page.name): \(boxes.map(\.y))")
        }
    }

    /// A page held upside down frame after frame is read turned each time; the upright page
    /// that follows is read upright again, not turned because the last one was.
    @Test func theTurnFollowsThePageFromFrameToFrame() throws {
        let reader = try ocr.reader()
        let upsideDown = try BenchPages.page("en", "rotate-180"), upright = try BenchPages.page("en", "clean")
        for frame in [upsideDown, upsideDown, upright, upsideDown, upright] {
            let perception = try reader.readPage(frame.image)
            #expect(perception.page.turnedDegrees == (frame.name == upright.name ? 0 : 180), "\(frame.name)")
            #expect(frame.characterErrorRate(of: perception.records) <= ReadingConditionsTests.maximumCharacterErrorRate)
        }
    }

    /// A page on a textured table after one held sideways: read as held, no worse than a
    /// reader that never turns pages reads it. Read turned like the last page first, it
    /// gives the table's grain as "text", more of it than the page holds.
    @Test func aPageAfterATurnedOneIsLookedAtAfresh() throws {
        let reader = try ocr.reader()
        let unturned = try ocr.reader(["orientation": .bool(false)])
        let sideways = try BenchPages.page("en", "rotate-270"), onATable = try BenchPages.page("en", "perspective")
        #expect(try reader.readPage(sideways.image).page.turnedDegrees == 90)
        let perception = try reader.readPage(onATable.image)
        #expect(perception.page.turnedDegrees == 0)
        let asHeld = onATable.characterErrorRate(of: try unturned.read(onATable.image))
        #expect(onATable.characterErrorRate(of: perception.records) <= asHeld + 0.01, "\(perception.records.map(\.label))")
    }

    /// As `read` asks an English listener's reader, one page after another as the bench
    /// reads them: a short Vietnamese page, on which orientation detection is unsure or
    /// wrong, is still read upright, because a turn is judged by how it reads.
    @Test(arguments: ["es", "vi"])
    func anEnglishListenersReaderTurnsOtherLanguagesPages(locale: String) throws {
        let reader = try ocr.reader()
        for (condition, degrees) in Self.turns.reversed() + Self.turns {
            let page = try BenchPages.page(locale, condition)
            let perception = try reader.readPage(page.image, locale: "en", pageLocales: ["en", "es", "vi"])
            #expect(perception.page.turnedDegrees == degrees, "\(page.name): turned \(perception.page.turnedDegrees)")
            #expect(page.characterErrorRate(of: perception.records) <= ReadingConditionsTests.maximumCharacterErrorRate,
                    "\(page.name): \(perception.records.map(\.label))")
        }
    }

    /// Upright pages that read less well are never reported turned: "the page was upside
    /// down" about a page that was not sends the person turning a page they held right.
    @Test(arguments: ["hard", "faint", "blur", "jpeg", "lowres", "uneven"])
    func aHardUprightPageIsNotTurned(condition: String) throws {
        let reader = try ocr.reader()
        for locale in ["en", "es", "vi"] {
            let page = try BenchPages.page(locale, condition)
            #expect(try reader.readPage(page.image, locale: "en", pageLocales: ["en", "es", "vi"]).page.turnedDegrees == 0, "\(page.name)")
        }
    }

    /// With orientation off the page is read as held and reported unturned.
    @Test func orientationOffReadsThePageAsHeld() throws {
        let reader = try ocr.reader(["orientation": .bool(false)])
        let page = try BenchPages.page("es", "rotate-270")
        let perception = try reader.readPage(page.image, locale: "es")
        #expect(perception.page.turnedDegrees == 0)
        #expect(page.characterErrorRate(of: perception.records) > 0.5)
    }

    /// A blank frame and an image with no text stay unturned: nothing is turned on a guess.
    @Test func aPageWithoutTextIsNotTurned() throws {
        let reader = try ocr.reader()
        #expect(try reader.readPage(.blank(width: 1280, height: 720)).page == .asGiven)
        #expect(try reader.readPage(TinyImageTests.striped(width: 400, height: 300)).page.turnedDegrees == 0)
    }
}
