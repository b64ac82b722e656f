import Foundation
import SenseBridgeCore

/// Which build of a library file this is, as GStreamer's registry tells a plugin that
/// changed from the one that crashed it: size, modification time and inode. Any of them
/// differing means the file was rebuilt, updated or replaced, and deserves a new try.
public struct LibraryIdentity: Sendable, Equatable {
    public var size: UInt64
    /// Nanoseconds since 1970: two builds within the same second still differ.
    public var modifiedNanoseconds: Int64
    public var inode: UInt64

    public init(size: UInt64, modifiedNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
    }

    /// The file's identity now, following symlinks (the loader opens what they point
    /// at); nil when it cannot be examined.
    public static func of(path: String) -> LibraryIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return LibraryIdentity(size: UInt64(status.st_size),
                               modifiedNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
                               inode: UInt64(status.st_ino))
    }

    /// Stored with the two large numbers as decimal strings: most JSON readers (this
    /// one included) hold a number as a double, which would round a nanosecond mtime
    /// and make every remembered plugin look rebuilt.
    var json: JSONValue {
        .object(["size": .number(Double(size)), "mtimeNs": .string(String(modifiedNanoseconds)), "inode": .string(String(inode))])
    }

    init?(json: JSONValue) {
        guard let fields = json.objectValue, case .number(let size)? = fields["size"], size >= 0, size < 9e15, size.rounded() == size,
              let mtime = fields["mtimeNs"]?.stringValue.flatMap({ Int64($0) }),
              let inode = fields["inode"]?.stringValue.flatMap({ UInt64($0) }) else { return nil }
        self.init(size: UInt64(size), modifiedNanoseconds: mtime, inode: inode)
    }
}
