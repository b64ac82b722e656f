import Foundation

/// A fakenect recording checked whole before fakenect reads any of it.
///
/// fakenect (libfreenect's replay library) handles a bad recording by printing to
/// stdout and calling `exit(1)`: a missing file, a depth file without its one-line
/// header, no `FAKENECT_PATH`. Inside the host that would end the whole session, and
/// it copies 614,400 bytes from after a depth file's header whatever the file holds.
/// So create reads INDEX.txt and checks every file it lists, and fails with the file,
/// the line and the reason instead (Invariant 8: fail loudly at load, never mid-walk).
///
/// The count of lines matters after create too: fakenect prints "No more lines" on
/// stdout when called past the end (the host's stdout is the host's alone), so the
/// plugin never calls it more often than INDEX.txt has lines.
struct FakenectRecording {
    /// `FAKENECT_PATH`, where INDEX.txt is.
    let directory: String
    /// How many lines fakenect will consume (one per `freenect_process_events`).
    let lines: Int
    let depthFrames: Int
    let colourFrames: Int

    /// fakenect 0.5.3 copies `sizeof(freenect_raw_tilt_state)` bytes and warns on stdout
    /// about any other size: int16 x, y, z, int8 motor tilt, then an int32 status.
    static let accelerometerBytes = MemoryLayout<Int16>.size * 3 + 2 + MemoryLayout<Int32>.size
    static let depthBytes = KinectDepth.width * KinectDepth.height * MemoryLayout<UInt16>.size
    static let colourBytes = KinectDepth.width * KinectDepth.height * 3

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(directory: String) throws {
        self.directory = directory
        let indexPath = (directory as NSString).appendingPathComponent("INDEX.txt")
        guard let index = FileManager.default.contents(atPath: indexPath) else {
            throw Invalid(description: "\(indexPath) cannot be read; FAKENECT_PATH must name a directory written by fakenect-record or scripts/make-fakenect-scene.py.")
        }
        var lines = 0, depth = 0, colour = 0
        // fakenect reads lines up to '\n' or EOF, so a final line without '\n' counts.
        let names = String(decoding: index, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, name) in names.enumerated() {
            let place = "\(indexPath) line \(offset + 1)"
            if name.isEmpty {
                // An empty line is the end for fakenect ("No more lines"); only a trailing one is harmless.
                if names[(offset + 1)...].allSatisfy(\.isEmpty) { break }
                throw Invalid(description: "\(place): is empty; fakenect would stop reading there.")
            }
            let path = (directory as NSString).appendingPathComponent(String(name))
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let size = (attributes[.size] as? NSNumber)?.intValue else {
                throw Invalid(description: "\(place): \(path) does not exist or cannot be read.")
            }
            guard let type = name.first, name.dropFirst().first == "-" else {
                throw Invalid(description: "\(place): '\(name)' is not a fakenect file name (TYPE-TIME-TIMESTAMP…).")
            }
            let fields = name.split(separator: "-", maxSplits: 2)
            guard fields.count == 3, Double(fields[1]) != nil else {
                throw Invalid(description: "\(place): '\(name)' has no time after its type (TYPE-TIME-TIMESTAMP…).")
            }
            switch type {
            case "d":
                try Self.checkFrame(path: path, size: size, place: place, header: "P5 640 480 65535", bytes: Self.depthBytes,
                                    what: "a 640×480 11-bit frame")
                depth += 1
            case "a":
                guard size == Self.accelerometerBytes else {
                    throw Invalid(description: "\(place): \(path) is \(size) bytes; an accelerometer record is \(Self.accelerometerBytes) (freenect_raw_tilt_state).")
                }
            case "r":
                // A colour picture: fakenect copies it into the video buffer when colour is
                // on (and skips it otherwise), the same 921,600 bytes after its header.
                try Self.checkFrame(path: path, size: size, place: place, header: "P6 640 480 255", bytes: Self.colourBytes,
                                    what: "a 640×480 RGB picture")
                colour += 1
            default:
                throw Invalid(description: "\(place): '\(name)' has type '\(type)'; fakenect knows d (depth), r (colour) and a (accelerometer).")
            }
            lines += 1
        }
        guard depth > 0 else { throw Invalid(description: "\(indexPath) lists no depth frame (d-…).") }
        self.lines = lines
        depthFrames = depth
        colourFrames = colour
    }

    /// A header line ending in '\n' ("P5 640 480 65535", "P6 640 480 255"), then at least
    /// the `bytes` fakenect copies.
    private static func checkFrame(path: String, size: Int, place: String, header expected: String, bytes: Int,
                                   what: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Invalid(description: "\(place): \(path) cannot be opened.")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        guard let newline = head.firstIndex(of: UInt8(ascii: "\n")) else {
            throw Invalid(description: "\(place): \(path) has no one-line header (\"\(expected)\" and a newline) in its first 64 bytes.")
        }
        let header = String(decoding: head[..<newline], as: UTF8.self)
        guard header.split(separator: " ").prefix(3).elementsEqual(expected.split(separator: " ").prefix(3)) else {
            throw Invalid(description: "\(place): \(path) header is '\(header)'; \(what) has '\(expected)'.")
        }
        let samples = size - (newline + 1)
        guard samples >= bytes else {
            throw Invalid(description: "\(place): \(path) holds \(samples) bytes after its header; \(what) needs \(bytes).")
        }
    }
}
