import Foundation

/// Why a file a person named cannot be read, said as what is wrong with it.
///
/// Foundation's errors for the same failures name the wrong thing ("NSCocoaErrorDomain
/// error 256" for a directory) or run the causes together ("no such readable file" for a
/// file the person may not read), and a person fixes each differently: a typo, the wrong
/// argument, a permission. Every file the CLI opens for a person is opened through
/// `WholeFile`, which throws this, so each says the same reasons in the same words.
public struct UnreadableFile: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Nothing by that name, or a part of the path that is not a directory (which
        /// names nothing either).
        case missing
        /// A directory where a file was wanted.
        case directory
        /// It exists, and this user may not read it (or search a directory on the way).
        case permissionDenied
        /// Any other failure, by its errno: an I/O error, a loop of symbolic links.
        case system(Int32)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The reason `open`, `fstat` or `read` gave in `code`.
    public init(path: String, errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self.init(path: path, reason: .missing)
        case EACCES, EPERM: self.init(path: path, reason: .permissionDenied)
        case EISDIR: self.init(path: path, reason: .directory)
        default: self.init(path: path, reason: .system(code))
        }
    }

    /// What is wrong, as it follows "cannot be read": "it does not exist".
    public var explanation: String {
        switch reason {
        case .missing: return "it does not exist"
        case .directory: return "it is a directory, not a file"
        case .permissionDenied: return "permission denied: you may not read it"
        case .system(let code): return String(cString: strerror(code))
        }
    }

    /// `path: cannot be read (it does not exist).`
    public var description: String { "\(path): cannot be read (\(explanation))." }
}
