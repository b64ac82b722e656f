import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing
import PageOutline

/// The page in a photograph: flattened when its four corners are in view, its cut edges
/// reported, and an image that is the page read exactly as it was.
@Suite(.serialized) struct PageOutlineTests {
    /// The error rate a page photographed in perspective on a table may be read with once
    /// flattened. Measured: 0, 0 and 0.68 % on en, es and vi, against 54, 52 and 100 %
    /// without the step; the allowance is SamplePageTests' own.
    static let maximumCharacterErrorRate = 0.02

    let ocr: OCRHost
    let reader: PerceiverInstance

    init() throws {
        ocr = try OCRHost()
        reader = try ocr.reader()
    }

    static func text(_ records: [PerceptionRecord]) -> String {
        records.map(\.label).joined(separator: "\n")
    }

    static func finding(_ image: ImageFrame) throws -> PageFinding {
        PageFinding.decide(try PageImaging.measure(image), width: image.width, height: image.height)
    }

    @Test(arguments: ["en", "es", "vi"])
    func aPagePhotographedInPerspectiveIsFlattenedAndRead(locale: String) throws {
        let page = try PhotographedPage.onTable(locale)
        let truth = try #require(page.groundTruth)
        guard case .whole = try Self.finding(page.image) else {
            Issue.record("\(page.name): the page's four corners were not found")
            return
        }
        let perception = try reader.readPage(page.image, locale: locale)
        let flattened = perception.records
        #expect(perception.page == PageView(flattened: true))
        // The step off (config), the photograph is read as it came and says so.
        let plainPerception = try ocr.reader(["pageOutline": .bool(false)]).readPage(page.image, locale: locale)
        let plain = plainPerception.records
        #expect(plainPerception.page == .asGiven)
        let rate = CharacterErrorRate.of(Self.text(flattened), reference: truth)
        let plainRate = CharacterErrorRate.of(Self.text(plain), reference: truth)
        print("tesseract-ocr: \(page.name) character error rate \(String(format: "%.2f", rate * 100)) % flattened, "
              + "\(String(format: "%.2f", plainRate * 100)) % as photographed")
        #expect(rate <= Self.maximumCharacterErrorRate, "\(page.name): CER \(rate); read:\n\(Self.text(flattened))")
        #expect(rate < plainRate, "flattening must help: \(rate) against \(plainRate)")
        // Boxes are on the flattened page: the heading's is where it is on the page itself.
        let heading = try #require(flattened.first?.box)
        let printed = try #require(try reader.read(PhotographedPage.padded(try SamplePage.shipped(locale).image), locale: locale).first?.box)
        #expect(abs(heading.x - printed.x) < 0.02 && abs(heading.y - printed.y) < 0.02, "\(heading) on the page at \(printed)")
    }

    /// The reading bench's page in perspective: on a textured table, the light falling off
    /// to one side, noise and blur. Measured: 0.00 / 0.00 / 0.68 % of en / es / vi read
    /// wrong flattened, 2.22 / 2.55 / 15.54 % as photographed.
    @Test func theReadingBenchsPageInPerspectiveReadsBetterFlattened() throws {
        let plainReader = try ocr.reader(["pageOutline": .bool(false)])
        for locale in BenchPages.locales {
            let page = try BenchPages.page(locale, "perspective"), truth = try #require(page.groundTruth)
            let rate = CharacterErrorRate.of(Self.text(try reader.read(page.image, locale: locale)), reference: truth)
            let plainRate = CharacterErrorRate.of(Self.text(try plainReader.read(page.image, locale: locale)), reference: truth)
            print("tesseract-ocr: \(page.name) character error rate \(String(format: "%.2f", rate * 100)) % flattened, "
                  + "\(String(format: "%.2f", plainRate * 100)) % as photographed")
            #expect(rate <= Self.maximumCharacterErrorRate, "\(page.name): CER \(rate)")
            #expect(rate <= plainRate, "\(page.name): flattening must not read worse: \(rate) against \(plainRate)")
        }
    }

    /// A 1280x720 camera frame in colour, the page smaller in it (its far edge's text about
    /// a third of its printed height).
    @Test func aCameraFramesPageInColourIsFlattenedAndRead() throws {
        let page = try SamplePage.shipped("en")
        let truth = try #require(page.groundTruth)
        let frame = PhotographedPage.compose(page.image, corners: Self.cameraCorners, width: 1280, height: 720).asRGB
        let rate = CharacterErrorRate.of(Self.text(try reader.read(frame)), reference: truth)
        let plainRate = CharacterErrorRate.of(Self.text(try ocr.reader(["pageOutline": .bool(false)]).read(frame)), reference: truth)
        print("tesseract-ocr: page-en in a 1280x720 RGB camera frame: character error rate \(String(format: "%.2f", rate * 100)) % flattened, "
              + "\(String(format: "%.2f", plainRate * 100)) % as photographed")
        #expect(rate <= Self.maximumCharacterErrorRate && rate < plainRate, "\(rate) against \(plainRate)")
    }

    /// A page whose dark header bar splits its paper in two: the part below the bar alone is
    /// a light quadrilateral on a dark surround, and flattening it would lose the heading
    /// above the bar with no edge reported cut. The page is read whole, heading and all.
    @Test func aPageADarkBandSplitsIsNotFlattenedToThePartBelowIt() throws {
        let page = try BandedPage.composed()
        let outline = try PageImaging.measure(page.frame)
        print("tesseract-ocr: a page split by a dark band: light beside the outline \(String(format: "%.3f", outline.nearLightFraction)) of its area")
        switch try Self.finding(page.frame) {
        case .notFound: break
        case .whole(let quad):
            #expect(max(quad.topLeft.y, quad.topRight.y) < Double(page.pageTop + 20), "flattened to part of the page: \(quad)")
        case .cut(let edges):
            Issue.record("the page is all in view, yet \(edges) reported cut: \(outline)")
        }
        let perception = try reader.readPage(page.frame, locale: "en")
        let read = Self.text(perception.records)
        #expect(read.contains(page.heading), "the heading above the bar was not read; read:\n\(read)")
        #expect(perception.page.cutEdges.isEmpty)
    }

    static let cameraCorners: [(x: Double, y: Double)] = [(420, 130), (860, 110), (1060, 640), (220, 660)]

    @Test(arguments: [(FrameEdge.top, 0.0, -400.0), (.bottom, 0, 330), (.left, -320, 0), (.right, 320, 0)])
    func eachEdgeTheFrameCutsIsReported(edge: FrameEdge, dx: Double, dy: Double) throws {
        let page = try PhotographedPage.onTable("en", dx: dx, dy: dy)
        let perception = try reader.readPage(page.image)
        let outline = try PageImaging.measure(page.image)
        #expect(perception.page == PageView(cutEdges: [edge]), "\(page.name): \(outline)")
        #expect(!perception.records.isEmpty, "a cut page is still read")
        #expect(try ocr.reader(["pageOutline": .bool(false)]).readPage(page.image).page == .asGiven)
        // In a process of its own, as the host runs it by default, the page crosses the pipe.
        #expect(try ocr.reader(isolated: true).readPage(page.image).page == PageView(cutEdges: [edge]))
    }

    /// Scans, renders and screenshots: the paper reaches every edge of the frame.
    @Test func anImageThatIsThePageGoesThroughUntouched() throws {
        var images: [(String, ImageFrame)] = try ["en", "es", "vi"].map { ("page-\($0)", try SamplePage.shipped($0).image) }
        images.append(("page-en tilted 5°", try SamplePage.tilted("en", degrees: 5).image))
        images.append(("page-en in RGB", try SamplePage.shipped("en").image.asRGB))
        images.append(("page-en three times", try SamplePage.shipped("en").image.stacked(3)))
        images.append(("page-en with paper round it", PhotographedPage.padded(try SamplePage.shipped("en").image)))
        images.append(("a blank page", .blank(width: 800, height: 600)))
        for (name, image) in images {
            #expect(try Self.finding(image) == .notFound, "\(name)")
        }
        let plainReader = try ocr.reader(["pageOutline": .bool(false)])
        for locale in ["en", "es", "vi"] {
            let page = try SamplePage.shipped(locale)
            let perception = try reader.readPage(page.image, locale: locale)
            #expect(perception.page == .asGiven, "\(page.name)")
            #expect(perception.records == (try plainReader.read(page.image, locale: locale)), "\(page.name) read differently")
        }
    }

    /// Milliseconds the step takes on `image`, the median of five.
    static func milliseconds(_ image: ImageFrame) throws -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let started = MonotonicClock.nanoseconds()
            _ = try OutlinedPage.find(in: image, maximumSide: 32767)
            times.append(Double(MonotonicClock.nanoseconds() - started) / 1e6)
        }
        return times.sorted()[2]
    }

    /// What the step adds to a read: on a clean page (found to be the page, untouched) and
    /// on a 1280x720 camera frame with a page to flatten, against reading either (about
    /// 300 ms for the clean page alone, more on a busy machine). A ceiling against a step
    /// that grew slow, not a speed test.
    @Test func theStepCostsLittleOnACleanPageAndOnACameraFrame() throws {
        let clean = try SamplePage.shipped("en").image
        let camera = PhotographedPage.compose(clean, corners: Self.cameraCorners, width: 1280, height: 720)
        #expect(try Self.finding(camera) != .notFound, "the camera frame shows a page")
        let onClean = try Self.milliseconds(clean), onCamera = try Self.milliseconds(camera), onCameraRGB = try Self.milliseconds(camera.asRGB)
        print("tesseract-ocr: page outline step \(String(format: "%.1f", onClean)) ms on the clean 1100x612 page, "
              + "\(String(format: "%.1f", onCamera)) ms on a 1280x720 gray camera frame, \(String(format: "%.1f", onCameraRGB)) ms in RGB (median of 5)")
        #expect(onClean < 100 && onCamera < 250 && onCameraRGB < 250)
    }

    @Test func aPageOutlineThatIsNotABooleanIsRefusedNamingTheKey() throws {
        let error = try PluginFailure.of { _ = try ocr.host.perceiver(ocr.manifest, rawConfig: #"{"pageOutline": "yes"}"#) }
        #expect(error.status == 2 && error.message.contains("pageOutline"), "\(error)")
    }
}
