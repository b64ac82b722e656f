import LibAVMedia
import SenseBridgeCore

/// A folder of images, one picture per file in `ImageFolder`'s order, then the end.
/// Each file is opened, its first picture decoded and the file closed before the call
/// returns, so memory does not grow with the folder.
///
/// A file that cannot be read fails its own call, naming it and libav's reason; the
/// next call reads the next file (`FailureOutcome.failPicture`).
final class FolderRun: PictureRun {
    /// Pages have no time of their own; a nominal second apart gives a session reading
    /// a folder on media time a steady, recognisable pace, and `realtime` shows one page
    /// a second.
    static let pageInterval: UInt64 = 1_000_000_000

    private let folder: ImageFolder
    private let converter: PictureConverter
    private var index = 0

    init(folder: ImageFolder, converter: PictureConverter) {
        self.folder = folder
        self.converter = converter
    }

    func next(until deadline: UInt64) throws -> PictureRunNext {
        guard index < folder.pictures.count else { return .ended }
        let page = index
        index += 1
        let path = folder.pictures[page]
        let place = "picture \(page + 1) of \(folder.pictures.count) in '\(folder.path)'"
        let stream: MediaStream
        do {
            stream = try InputOpening.file(path, place: place)
        } catch let failure as PictureFailure {
            throw PictureFailure(message: failure.message, outcome: .failPicture)
        }
        let first: MediaStream.Next
        do {
            first = try stream.next()
        } catch let failure as MediaStream.Failure {
            throw PictureFailure(message: "Cannot decode the image '\(path)' (\(place)): \(failure.reason).",
                                 outcome: FailureOutcome.of(failure.phase, in: .folderPicture))
        }
        guard case .decoded(let picture, _) = first else {
            throw PictureFailure(message: "The image '\(path)' (\(place)) holds no picture.", outcome: .failPicture)
        }
        do {
            return .picture(try converter.convert(picture), mediaNanoseconds: UInt64(page) * Self.pageInterval)
        } catch let problem as PictureConverter.Unconvertible {
            throw PictureFailure(message: "Cannot convert the image '\(path)' (\(place)) to \(converter.format.rawValue): \(problem).",
                                 outcome: .failPicture)
        }
    }
}
