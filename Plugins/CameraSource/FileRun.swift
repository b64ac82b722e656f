import LibAVMedia
import SenseBridgeCore

/// A video or single image file, read from its start: its pictures in presentation order,
/// then the end. A single image is one picture, then the end.
final class FileRun: PictureRun {
    private let path: String
    private let stream: MediaStream
    private let converter: PictureConverter
    private var delivered = 0
    private var lastMedia: UInt64?

    init(path: String, converter: PictureConverter) throws {
        self.path = path
        self.converter = converter
        stream = try InputOpening.file(path)
    }

    func next(until deadline: UInt64) throws -> PictureRunNext {
        let next: MediaStream.Next
        do {
            next = try stream.next()
        } catch let failure as MediaStream.Failure {
            let what = failure.phase == .decode ? "decode picture \(delivered + 1) of" : "read on after picture \(delivered) of"
            throw PictureFailure(message: "Cannot \(what) '\(path)': \(failure.reason).",
                                 outcome: FailureOutcome.of(failure.phase, in: .file))
        }
        switch next {
        case .decoded(let picture, let media):
            delivered += 1
            let image: ImageFrame
            do {
                image = try converter.convert(picture)
            } catch let problem as PictureConverter.Unconvertible {
                throw PictureFailure(message: "Cannot convert picture \(delivered) of '\(path)' to \(converter.format.rawValue): \(problem).",
                                     outcome: .failPicture)
            }
            // A picture without a timestamp follows the last by the stream's frame interval.
            let time = media ?? lastMedia.map { $0 + (stream.nominalFrameNanoseconds ?? 1) } ?? 0
            lastMedia = time
            return .picture(image, mediaNanoseconds: time)
        case .notYet:
            return .notYet
        case .ended:
            return .ended
        }
    }
}
