import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// One page the reading bench reads, with the text printed on it.
struct ReadingPage: Sendable {
    var locale: SpokenLocale
    var condition: String
    /// As a hand-held camera gives a page (turned, at an angle, under uneven light, small,
    /// compressed, in several languages), where the goals are measured; else
    /// rendered as a scanner would give it.
    var photographed: Bool
    var image: URL
    var truth: String
    /// Decoded once by the camera source, as `sensebridge read` decodes a file, and read
    /// by every configuration from the same pixels.
    var picture: ImageFrame

    var name: String { "\(locale.rawValue)-\(condition)" }
}

/// The conditions the goals single out.
enum ReadingCondition {
    /// The real photograph of a book page (BookPagePhotograph), an English page.
    static let photograph = "photograph"
    /// The page upright that a turned page is compared with.
    static let upright = "clean"
    /// The pages turned a quarter, a half and three quarters clockwise, and how far each
    /// must be turned clockwise to be read upright.
    static let turned = ["rotate-90": 270, "rotate-180": 180, "rotate-270": 90]
}

enum ReadingPages {
    /// Every page the generator lists in `directory`/index.json, in its order, then the
    /// book page photograph (scripts/deps.sh fetches it; the bench stops and says so when
    /// it is missing).
    static func load(from directory: URL, source: PluginManifest) throws -> [ReadingPage] {
        struct Entry: Decodable {
            var file: String
            var locale: String
            var condition: String
            var photographed: Bool
        }
        let index = directory.appendingPathComponent("index.json")
        var pages: [ReadingPage] = []
        for entry in try JSONDecoder().decode([Entry].self, from: Data(contentsOf: index)) {
            guard let locale = SpokenLocale(identifier: entry.locale) else {
                throw WholeProcess.Failed(description: "\(index.path): \(entry.file) is in locale '\(entry.locale)', which SenseBridge does not speak")
            }
            let image = directory.appendingPathComponent(entry.file)
            let truth = try String(contentsOf: image.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
            pages.append(ReadingPage(locale: locale, condition: entry.condition, photographed: entry.photographed, image: image,
                                     truth: truth, picture: try picture(image, source: source)))
        }
        let photograph = try BookPagePhotograph.located()
        pages.append(ReadingPage(locale: .en, condition: ReadingCondition.photograph, photographed: true, image: photograph.image,
                                 truth: photograph.text, picture: try picture(photograph.image, source: source)))
        return pages
    }

    /// The camera source's frame for an image file.
    private static func picture(_ image: URL, source manifest: PluginManifest) throws -> ImageFrame {
        let source = try host.sensingSource(manifest, config: ["input": .string(image.path)])
        try source.start()
        defer { source.stop() }
        guard case .frame(let frame) = try source.next(timeoutMilliseconds: 10_000), case .image(let picture) = frame.content else {
            throw WholeProcess.Failed(description: "the camera source gave no picture for \(image.lastPathComponent)")
        }
        return picture
    }
}
