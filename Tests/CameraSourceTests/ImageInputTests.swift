import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Single images and folders of images: one frame per picture, exact pixels after
/// conversion, name order, then the end.
@Suite struct ImageInputTests {
    /// Byte order of the names: capitals before small letters, '.' before digits, and
    /// digits compared one by one (so "a10" before "a2"). A natural or locale-aware sort
    /// would give another order, and the test would see it.
    static let pages: [(name: String, level: UInt8)] = [("b.pgm", 20), ("a2.pgm", 50), ("C.pgm", 30), ("a10.pgm", 40), ("a.pgm", 10)]
    static let nameOrder: [UInt8] = [30, 10, 40, 50, 20]

    @Test func aFolderGivesItsImagesInNameOrderThenEnds() throws {
        let fixtures = try MediaFixtures()
        for (index, page) in Self.pages.enumerated() {
            // Each page a different size as well, so sizes are checked per page.
            try fixtures.solidPGM("pages/\(page.name)", width: 8 + index, height: 4 + index, level: page.level)
        }
        // Not read: hidden, not named as a picture, in a subfolder.
        try fixtures.solidPGM("pages/.hidden.pgm", width: 4, height: 4, level: 99)
        try fixtures.write("pages/notes.txt", Data("scanned on Monday\n".utf8))
        try fixtures.solidPGM("pages/sub/inner.pgm", width: 4, height: 4, level: 98)
        let source = try CameraSourceClient.source(fixtures.path("pages"))
        try source.start()
        defer { source.stop() }
        let images = try CameraSourceClient.drain(source).compactMap(CameraSourceClient.image)
        #expect(images.map { $0.pixels.first ?? 0 } == Self.nameOrder)
        for image in images {
            let page = Self.pages.firstIndex { $0.level == image.pixels.first }!
            #expect(image.format == .gray8)
            #expect(image.width == 8 + page && image.height == 4 + page)
            #expect(Set(image.pixels).count == 1, "a solid page stays solid")
        }
        #expect(try CameraSourceClient.staysEnded(source))
    }

    @Test func aSingleImageGivesOneFrameThenEnds() throws {
        let fixtures = try MediaFixtures()
        let ramp = MediaFixtures.ramp(width: 64, height: 3)
        let pgm = try fixtures.pgm("ramp.pgm", width: 64, height: 3, pixels: ramp)
        let png = try fixtures.converted(pgm, to: "ramp.png")
        for path in [pgm, png] {
            let source = try CameraSourceClient.source(path)
            try source.start()
            let frames = try CameraSourceClient.drain(source)
            #expect(frames.count == 1, "\(path)")
            let image = frames.first.flatMap(CameraSourceClient.image)
            #expect(image?.width == 64 && image?.height == 3)
            #expect(image?.pixels == ramp, "\(path): a gray picture read as gray8 keeps every value")
            #expect(try CameraSourceClient.staysEnded(source))
            source.stop()
        }
    }

    /// Red, green, blue and a gray, in RGB files read as rgb24: every byte kept.
    @Test func rgbImagesKeepTheirColoursExactly() throws {
        let fixtures = try MediaFixtures()
        let colours: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 77, 77, 77]
        let pixels = (0..<4).flatMap { _ in colours }  // 4 rows of 4 pixels
        let ppm = try fixtures.ppm("colours.ppm", width: 4, height: 4, pixels: pixels)
        let png = try fixtures.converted(ppm, to: "colours.png")
        for path in [ppm, png] {
            let source = try CameraSourceClient.source(path, ["pixelFormat": .string("rgb24")])
            try source.start()
            let image = try CameraSourceClient.drain(source).first.flatMap(CameraSourceClient.image)
            #expect(image?.format == .rgb24)
            #expect(image?.pixels == pixels, "\(path)")
            source.stop()
        }
    }

    /// Across formats the conversion is libswscale's: a gray level read as RGB has equal
    /// channels at that level, and an RGB gray read as gray8 is that level, within one step.
    @Test func conversionBetweenGrayAndRgbKeepsTheLevel() throws {
        let fixtures = try MediaFixtures()
        let gray = try fixtures.solidPGM("gray.pgm", width: 6, height: 2, level: 140)
        let rgb = try fixtures.ppm("gray.ppm", width: 6, height: 2, pixels: [UInt8](repeating: 140, count: 36))
        for (path, format) in [(gray, "rgb24"), (rgb, "gray8")] {
            let source = try CameraSourceClient.source(path, ["pixelFormat": .string(format)])
            try source.start()
            let image = try CameraSourceClient.drain(source).first.flatMap(CameraSourceClient.image)
            #expect(image?.format.rawValue == format)
            #expect(image?.pixels.count == 12 * (format == "rgb24" ? 3 : 1))
            #expect(image?.pixels.allSatisfy { abs(Int($0) - 140) <= 1 } == true, "\(path) as \(format): \(image?.pixels ?? [])")
            source.stop()
        }
    }

    @Test func aJpegIsReadAtItsSize() throws {
        let fixtures = try MediaFixtures()
        let pgm = try fixtures.pgm("ramp.pgm", width: 40, height: 30, pixels: MediaFixtures.ramp(width: 40, height: 30))
        let jpeg = try fixtures.converted(pgm, to: "ramp.jpg")
        let source = try CameraSourceClient.source(jpeg)
        try source.start()
        let frames = try CameraSourceClient.drain(source)
        let image = frames.first.flatMap(CameraSourceClient.image)
        #expect(frames.count == 1)
        #expect(image?.width == 40 && image?.height == 30)
        // JPEG is lossy: the ramp still rises from dark at the left to light at the right.
        if let image { #expect(Int(image.pixels[39]) - Int(image.pixels[0]) > 200) }
        source.stop()
    }

    /// One damaged page fails its own call, naming the file and libav's reason; the pages
    /// around it are read, and the folder still ends.
    @Test func aCorruptImageInAFolderIsAnErrorNamingItThenTheNextIsRead() throws {
        let fixtures = try MediaFixtures()
        try fixtures.solidPGM("pages/a.pgm", width: 4, height: 4, level: 10)
        // A PNG signature, then bytes that are no PNG chunk.
        let damaged = try fixtures.write("pages/b.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<200).map { UInt8($0 % 7 + 0x41) }))
        try fixtures.solidPGM("pages/c.pgm", width: 4, height: 4, level: 30)
        let source = try CameraSourceClient.source(fixtures.path("pages"))
        try source.start()
        defer { source.stop() }
        guard case .frame(let first) = try source.next(timeoutMilliseconds: 5000) else { Issue.record("no first page"); return }
        #expect(CameraSourceClient.image(first)?.pixels.first == 10)
        do {
            _ = try source.next(timeoutMilliseconds: 5000)
            Issue.record("the damaged page gave no error")
        } catch let error as PluginCallError {
            #expect(error.status == 7, "\(error)")  // SB_ERR_IO
            #expect(error.message.contains("'\(damaged)'"), "\(error.message)")
            #expect(error.message.contains("picture 2 of 3"), "\(error.message)")
            #expect(error.message.contains("Invalid data found when processing input"), "libav's reason: \(error.message)")
        }
        guard case .frame(let third) = try source.next(timeoutMilliseconds: 5000) else { Issue.record("no page after the damaged one"); return }
        #expect(CameraSourceClient.image(third)?.pixels.first == 30)
        #expect(third.timestampNanoseconds > first.timestampNanoseconds)
        #expect(try CameraSourceClient.staysEnded(source))
    }
}
