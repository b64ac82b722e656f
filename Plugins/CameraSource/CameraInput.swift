import Foundation

/// What the config's `input` names, decided once from the path.
///
/// - A path under `/dev/` is a V4L2 camera, whether or not it exists now: a camera that
///   is not plugged in must be reported as a missing camera, not as a missing file.
/// - An existing directory is a folder of images.
/// - Anything else is a file, a video or a single image; libavformat tells which from
///   its content. A missing file is reported by libav with its reason.
///
/// Relative paths are made absolute against the current directory here, so every
/// message names the file that was really tried.
enum CameraInput: Equatable {
    case camera(device: String)
    case file(path: String)
    case folder(path: String)

    init(_ input: String) {
        if input.hasPrefix("/dev/") {
            self = .camera(device: input)
            return
        }
        let path = input.hasPrefix("/")
            ? input
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(input)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            self = .folder(path: path)
        } else {
            self = .file(path: path)
        }
    }

    /// The kind in a log event: public, since it names no file.
    var kind: String {
        switch self {
        case .camera: return "camera"
        case .file: return "file"
        case .folder: return "folder"
        }
    }
}
