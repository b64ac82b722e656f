import Foundation
import SenseBridgePluginKit

/// The tesseract language read for each locale SenseBridge speaks, and where its data is.
enum TesseractLanguage: String, CaseIterable {
    case english = "eng"
    case spanish = "spa"
    case vietnamese = "vie"

    /// "en", "es-MX", "vi_VN.UTF-8". A locale SenseBridge does not speak is refused rather
    /// than read as English: text read in the wrong language comes out as confident
    /// nonsense, and the person would hear it as if it were on the page.
    init(locale: String) throws {
        switch SpokenLocale(identifier: locale) {
        case .en?: self = .english
        case .es?: self = .spanish
        case .vi?: self = .vietnamese
        case nil:
            throw PluginError(.unsupported, "The tesseract OCR plugin reads text in en, es and vi; locale '\(locale)' is none of them, so the image was not read.")
        }
    }

    var trainedDataFileName: String { "\(rawValue).traineddata" }

    /// The Debian package that installs this language's data.
    var debianPackage: String { "tesseract-ocr-\(rawValue)" }

    func trainedData(in dataPath: URL) -> URL {
        dataPath.appendingPathComponent(trainedDataFileName)
    }

    /// The error for a locale whose data is not installed: names the locale, the file
    /// looked for and the package that provides it.
    func missingData(locale: String, dataPath: URL) -> PluginError {
        PluginError(.unsupported, "Text in locale '\(locale)' cannot be read: \(trainedData(in: dataPath).path) does not exist. Install \(debianPackage) or set dataPath to a folder that has \(trainedDataFileName).")
    }
}
