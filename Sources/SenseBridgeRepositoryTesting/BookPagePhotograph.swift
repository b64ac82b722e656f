import Foundation

/// A real photograph of a printed book page under uneven light, nobody on the project's
/// making (Tests/Fixtures/images/photos/PROVENANCE.md), beside the text printed on it.
/// `scripts/deps.sh` fetches it from a pinned package and checks its hash; it is never
/// fetched at run time, so a missing file names that script. Read by the OCR plugin's
/// tests and by `make bench`, which hold SenseBridge and the tesseract command line to it.
public enum BookPagePhotograph {
    /// The photograph, 384×191 gray: where `scripts/deps.sh` puts it.
    public static var image: URL { RepositoryPaths.root.appendingPathComponent(".build/test-images/book-page/page.png") }

    /// The text on the page as printed, transcribed by hand (checked in).
    public static var groundTruth: URL { RepositoryPaths.fixtures.appendingPathComponent("images/photos/book-page.txt") }

    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "\(path) is missing: the book page photograph is fetched by scripts/deps.sh (make deps), never at run time."
        }
    }

    /// The image's path and the printed text, or `Missing` naming the step that fetches it.
    public static func located() throws -> (image: URL, text: String) {
        guard FileManager.default.isReadableFile(atPath: image.path) else { throw Missing(path: image.path) }
        return (image, try String(contentsOf: groundTruth, encoding: .utf8))
    }
}
