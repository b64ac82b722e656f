import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// With the person's languages as the page's possible ones (`pageLocales`), a page mixing
/// them is read with all of them, the person's first; pinned to one locale, with that one
/// alone, as before. Telling each block's language apart is the host's.
@Suite(.serialized) struct PageLanguagesTests {
    let ocr: OCRHost
    let reader: PerceiverInstance
    init() throws {
        ocr = try OCRHost()
        reader = try ocr.reader()
    }

    /// Words of the Vietnamese paragraph of the English mixed page, with the stacked
    /// diacritics English's model has no letters for. Measured: 8 of its 14 such words read
    /// whole with en+es+vi (tesseract tries the other languages only where English is
    /// unsure), a quarter at most with English alone.
    static func vietnameseWords(_ truth: String) -> [String] {
        truth.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            .filter { $0.unicodeScalars.contains { "ạảấầẩẫậắằẳẵặẹẻẽếềểễệịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ".unicodeScalars.contains($0) } }
    }

    @Test func aMixedPageReadInEveryLanguageKeepsTheVietnameseDiacritics() throws {
        let page = try BenchPages.page("en", "mixed")
        let truth = try #require(page.groundTruth)
        let words = Self.vietnameseWords(truth)
        try #require(words.count >= 5, "the mixed page holds Vietnamese: \(truth)")
        let mixed = try reader.readPage(page.image, locale: "en", pageLocales: ["en", "es", "vi"]).records
        let english = try reader.readPage(page.image, locale: "en", pageLocales: nil).records
        func found(_ records: [PerceptionRecord]) -> Int {
            let read = Set(records.flatMap { $0.label.split(separator: " ").map(String.init) })
            return words.filter(read.contains).count
        }
        #expect(found(mixed) >= words.count / 2, "read with en+es+vi: \(found(mixed)) of \(words)\n\(mixed.map(\.label))")
        #expect(found(english) <= words.count / 4, "read with English only: \(found(english)) of \(words)")
        #expect(page.characterErrorRate(of: mixed) < page.characterErrorRate(of: english))
    }

    /// Every language is read on a page in the person's own as well as before: the page
    /// of each locale, mixed languages offered, within the error rate.
    @Test(arguments: ["en", "es", "vi"])
    func aPageInThePersonsLanguageReadsAsWellWithEveryLanguageOffered(locale: String) throws {
        let page = try BenchPages.page(locale, "clean")
        let others = ["en", "es", "vi"].filter { $0 != locale }
        let records = try reader.readPage(page.image, locale: locale, pageLocales: [locale] + others).records
        #expect(page.characterErrorRate(of: records) <= 0.01, "\(records.map(\.label))")
    }

    /// A page locale whose data is missing, or that the plugin does not read, is left out;
    /// the person's own missing is still the error naming its file.
    @Test func pageLocalesWithoutDataAreLeftOut() throws {
        let folder = try MissingLanguageTests.tessdata(["eng.traineddata", "osd.traineddata"])
        let reader = try ocr.reader(["dataPath": .string(folder.url.path)])
        let page = try SamplePage.shipped("en")
        let records = try reader.readPage(page.image, locale: "en", pageLocales: ["en", "vi", "fr"]).records
        #expect(page.characterErrorRate(of: records) == 0)
        let error = try PluginFailure.of { _ = try reader.readPage(page.image, locale: "vi", pageLocales: ["vi", "en"]) }
        #expect(error.status == 3 && error.message.contains("vie.traineddata"), "\(error)")
    }
}
