import Foundation
import SenseBridgePluginKit

/// The OCR plugin's config, checked before anything is read: a wrong value is an error
/// naming its key, never a silent fallback to a folder or layout the person did not pick.
struct OCRSettings {
    /// Where Debian's tesseract-ocr-<lang> packages put their traineddata.
    static let defaultDataPath = "/usr/share/tesseract-ocr/5/tessdata"

    static let keys: Set<String> = ["dataPath", "pageSegmentation", "pageOutline", "orientation", "enlargeSmallText", "thresholding"]

    /// The folder holding `<lang>.traineddata` files.
    var dataPath: URL
    var pageSegmentation: PageSegmentation
    /// Find the page in a photograph, flatten it and report its cut edges (`PageOutline`).
    /// On unless the config turns it off, as the bench does to measure it.
    var pageOutline: Bool
    /// Whether a page turned a quarter, half or three quarters round is read upright
    /// (`PageOrientation`); needs osd.traineddata in `dataPath`.
    var orientation: Bool
    /// Whether text too small for the engine is enlarged before it is read (`TextSize`).
    var enlargeSmallText: Bool
    var thresholding: Thresholding

    private struct Raw: Decodable {
        var dataPath: String?
        var pageSegmentation: String?
        var pageOutline: Bool?
        var orientation: Bool?
        var enlargeSmallText: Bool?
        var thresholding: String?
    }

    init(_ config: PluginConfig) throws {
        for key in try config.object().keys.sorted() where !Self.keys.contains(key) {
            throw PluginError.invalidConfig("Config key '\(key)' is not a setting of the tesseract OCR plugin; known keys: \(Self.keys.sorted().joined(separator: ", ")).")
        }
        let raw = try config.decode(Raw.self)
        let path = raw.dataPath ?? Self.defaultDataPath
        guard !path.isEmpty, !path.contains("\0") else {
            throw PluginError.invalidConfig("Config key 'dataPath' is empty; give the folder that holds tesseract's <language>.traineddata files, e.g. \(Self.defaultDataPath).")
        }
        dataPath = URL(fileURLWithPath: path, isDirectory: true)
        let mode = raw.pageSegmentation ?? PageSegmentation.auto.rawValue
        guard let segmentation = PageSegmentation(rawValue: mode) else {
            let known = PageSegmentation.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw PluginError.invalidConfig("Config key 'pageSegmentation' must be one of \(known); it is \"\(mode)\".")
        }
        pageSegmentation = segmentation
        pageOutline = raw.pageOutline ?? true
        orientation = raw.orientation ?? true
        enlargeSmallText = raw.enlargeSmallText ?? true
        let binarization = raw.thresholding ?? Thresholding.auto.rawValue
        guard let chosen = Thresholding(rawValue: binarization) else {
            let known = Thresholding.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw PluginError.invalidConfig("Config key 'thresholding' must be one of \(known); it is \"\(binarization)\".")
        }
        thresholding = chosen
    }

    /// Fails loading (Invariant 8) when the folder is missing or holds no language this
    /// plugin reads: a reader that could never read anything is reported when it is
    /// chosen, not on the first page someone holds up.
    func checkDataPath() throws -> [TesseractLanguage] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dataPath.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PluginError.invalidConfig("Config key 'dataPath' is \(dataPath.path), which is not a folder. Install tesseract-ocr-eng (it creates \(Self.defaultDataPath)) or set dataPath to the folder holding the .traineddata files.")
        }
        let present = TesseractLanguage.allCases.filter { FileManager.default.isReadableFile(atPath: $0.trainedData(in: dataPath).path) }
        guard !present.isEmpty else {
            let files = TesseractLanguage.allCases.map(\.trainedDataFileName).joined(separator: ", ")
            throw PluginError.invalidConfig("Config key 'dataPath' is \(dataPath.path), which holds none of \(files). Install \(TesseractLanguage.allCases.map(\.debianPackage).joined(separator: ", ")) or set dataPath to the folder that has them.")
        }
        if orientation {
            let osd = PageOrientation.trainedData(in: dataPath)
            guard FileManager.default.isReadableFile(atPath: osd.path) else {
                throw PluginError.invalidConfig("Config key 'orientation' is on, but \(osd.path) does not exist, so a page held sideways or upside down could not be turned upright. Install \(PageOrientation.debianPackage), or set dataPath to a folder that has \(PageOrientation.trainedDataFileName), or set orientation to false.")
            }
        }
        return present
    }
}
