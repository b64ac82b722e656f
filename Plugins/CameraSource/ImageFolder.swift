import Foundation
import SenseBridgeCore

/// A folder of pictures, read as pages: one frame per image, in name order.
///
/// Decisions, each for the person who fills the folder:
/// - Order is the names' bytes (UTF-8), so it never depends on the machine's locale:
///   "page-02.png" comes before "page-10.png" only when numbers are zero-padded, as
///   scanners and cameras write them.
/// - Hidden files (a leading '.') and subfolders are skipped, as a file manager hides them.
/// - Only names ending in a picture extension are read (`pictureExtensions`, any case);
///   anything else (notes.txt, Thumbs.db) is skipped and counted, because a folder of
///   scans commonly holds a few such files and refusing the whole folder for them helps
///   nobody. A file named as a picture that is not one is an error at its frame.
/// - A folder with no picture at all is an error: reading it would end at once, and an
///   immediate end could be heard as "nothing to read" (Invariant 2).
///
/// The folder is listed again at each start, so a run reads the folder as it is then.
struct ImageFolder {
    static let pictureExtensions = ImageFrame.pictureFileExtensions

    let path: String
    /// Full paths, in reading order.
    let pictures: [String]
    /// Visible files skipped because their names are not pictures'.
    let skipped: Int

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        self.path = path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw Unreadable(description: "Cannot list the folder '\(path)': \(Self.reason(error)).")
        }
        var pictures: [String] = [], skipped = 0
        for name in names where !name.hasPrefix(".") {
            let full = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            if Self.pictureExtensions.contains((name as NSString).pathExtension.lowercased()) {
                pictures.append(name)
            } else {
                skipped += 1
            }
        }
        guard !pictures.isEmpty else {
            throw Unreadable(description: "The folder '\(path)' holds no pictures (\(Self.pictureExtensions.sorted().joined(separator: ", "))); \(skipped) other file(s) were skipped.")
        }
        self.pictures = pictures.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { (path as NSString).appendingPathComponent($0) }
        self.skipped = skipped
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return (error as NSError).localizedDescription
    }
}
