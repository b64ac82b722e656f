import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A language the plugin cannot read is an error that names what is missing and where,
/// never an empty answer (which the host could take for a page without text) and never
/// the page read in another language.
@Suite struct MissingLanguageTests {
    static let installed = URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata")

    let ocr: OCRHost
    init() throws { ocr = try OCRHost() }


    /// A folder holding `files` of the installed tessdata, linked.
    static func tessdata(_ files: [String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for file in files {
            try FileManager.default.createSymbolicLink(at: folder.file(file), withDestinationURL: installed.appendingPathComponent(file))
        }
        return folder
    }

    /// A folder with English only: a Spanish page is refused naming spa.traineddata in it.
    @Test func aLocaleWithoutItsTrainedDataNamesTheMissingFile() throws {
        let folder = try Self.tessdata(["eng.traineddata", "osd.traineddata"])
        let reader = try ocr.reader(["dataPath": .string(folder.url.path)])
        let page = try SamplePage.shipped("es")
        let error = try PluginFailure.of { _ = try reader.read(page.image, locale: "es") }
        #expect(error.status == 3, "SB_ERR_UNSUPPORTED: \(error)")
        #expect(error.message.contains("'es'"), "\(error.message)")
        #expect(error.message.contains(folder.file("spa.traineddata").path), "\(error.message)")
        #expect(error.message.contains("tesseract-ocr-spa"), "\(error.message)")
        // English still reads from the same instance: one missing language costs only itself.
        #expect(!(try reader.read(try SamplePage.shipped("en").image)).isEmpty)
    }

    @Test func aLocaleSenseBridgeDoesNotReadIsRefusedNamingIt() throws {
        let reader = try ocr.reader()
        let error = try PluginFailure.of { _ = try reader.read(try SamplePage.shipped("en").image, locale: "fr-FR") }
        #expect(error.status == 3, "SB_ERR_UNSUPPORTED: \(error)")
        #expect(error.message.contains("'fr-FR'") && error.message.contains("en, es and vi"), "\(error.message)")
    }

    @Test func aDataPathThatIsNotAFolderFailsLoadingNamingIt() throws {
        let missing = "/nonexistent/sensebridge-tessdata"
        let error = try PluginFailure.of { _ = try ocr.reader(["dataPath": .string(missing)]) }
        #expect(error.status == 2, "SB_ERR_INVALID_CONFIG: \(error)")
        #expect(error.message.contains(missing) && error.message.contains("not a folder"), "\(error.message)")
    }

    @Test func aDataPathWithNoLanguageFailsLoadingNamingTheFiles() throws {
        let empty = try TemporaryDirectory()
        let error = try PluginFailure.of { _ = try ocr.reader(["dataPath": .string(empty.url.path)]) }
        #expect(error.status == 2, "SB_ERR_INVALID_CONFIG: \(error)")
        #expect(error.message.contains(empty.url.path) && error.message.contains("eng.traineddata"), "\(error.message)")
    }

    /// Orientation detection needs osd.traineddata: without it the plugin fails loading,
    /// naming the file, its package and the key, rather than read turned pages as nonsense
    /// unannounced; with orientation off it loads without it.
    @Test func orientationWithoutItsDataFailsLoadingNamingTheFileAndTheKey() throws {
        let folder = try Self.tessdata(["eng.traineddata"])
        let error = try PluginFailure.of { _ = try ocr.reader(["dataPath": .string(folder.url.path)]) }
        #expect(error.status == 2, "SB_ERR_INVALID_CONFIG: \(error)")
        #expect(error.message.contains(folder.file("osd.traineddata").path) && error.message.contains("tesseract-ocr-osd")
                && error.message.contains("'orientation'"), "\(error.message)")
        let unturned = try ocr.reader(["dataPath": .string(folder.url.path), "orientation": .bool(false)])
        #expect(!(try unturned.read(try SamplePage.shipped("en").image)).isEmpty)
    }

    @Test(arguments: [(#"{"thresholding": "adaptive"}"#, "'thresholding'"), (#"{"orientation": "yes"}"#, "'orientation'"),
                      (#"{"enlargeSmallText": 2}"#, "'enlargeSmallText'"), (#"{"enlarge": true}"#, "'enlarge'")])
    func aBadReadingStepSettingIsRefusedNamingTheKey(config: String, key: String) throws {
        let error = try PluginFailure.of { _ = try ocr.host.perceiver(ocr.manifest, rawConfig: config) }
        #expect(error.status == 2 && error.message.contains(key), "\(error)")
    }

    @Test func anUnknownPageSegmentationIsRefusedNamingTheKey() throws {
        let error = try PluginFailure.of { _ = try ocr.host.perceiver(ocr.manifest, rawConfig: #"{"pageSegmentation": "columns"}"#) }
        #expect(error.status == 2 && error.message.contains("pageSegmentation"), "\(error)")
    }
}
