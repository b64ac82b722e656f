import Foundation
import SenseBridgeRepositoryTesting

/// A real BRLTTY for one test, started by Tests/Servers/brltty_display.py (the one place
/// that knows how; scripts/plugin-tests.sh uses it too): its `vr` driver on a Unix socket
/// with the script as the display, BrlAPI on /var/lib/BrlAPI/<N>. The test reads back
/// every window the display showed (DIR/cells.log) and presses the display's keys.
final class TestBRLTTY {
    let directory: TemporaryDirectory
    let child: SpawnedChild
    /// The BrlAPI host, e.g. ":512".
    private(set) var host = ""
    let cells: Int
    private var pending = ""

    struct DidNotStart: Error, CustomStringConvertible {
        var description: String
    }

    init(cells: Int = 20, noDisplay: Bool = false) throws {
        self.cells = cells
        directory = try TemporaryDirectory("sensebridge-brltty")
        var arguments = [RepositoryPaths.root.appendingPathComponent("Tests/Servers/brltty_display.py").path,
                         "--dir", directory.url.path, "--cells", String(cells)]
        if noDisplay { arguments.append("--no-display") }
        child = try SpawnedChild("python3", arguments, withInput: true, standardErrorFile: directory.file("helper.err"))
        guard let host = line(startingWith: "HOST ", timeout: 20) else {
            throw DidNotStart(description: "brltty_display.py printed no HOST line; see \(directory.url.path)/brltty.log")
        }
        self.host = host
        guard line(startingWith: "READY", timeout: 25) != nil else {
            throw DidNotStart(description: "BRLTTY did not become ready; see \(directory.url.path)/brltty.log")
        }
    }

    deinit {
        child.closeInput()
        if child.termination(within: 5) == nil { child.kill() }
    }

    /// The next line on the script's stdout starting with `prefix`, keeping what follows.
    func line(startingWith prefix: String, timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            while let newline = pending.firstIndex(of: "\n") {
                let line = String(pending[..<newline])
                pending = String(pending[pending.index(after: newline)...])
                if line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: child.standardOutput, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, remaining * 1000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = buffer.withUnsafeMutableBytes { read(child.standardOutput, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// One command line to the script. Not `SpawnedChild.type`, which passes
    /// `&bytes[offset]` to write(2): a pointer to a one-element temporary, so only the
    /// first byte is right.
    private func send(_ line: String) {
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(child.standardInput, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// A key on the display: "FWinRt", "FWinLt", "LnDn", "Route 3".
    func press(_ key: String) { send("key \(key)\n") }

    /// Ends BRLTTY (the display stays); returns once it has exited.
    func stopDaemon() -> Bool {
        send("stop\n")
        let ok = line(startingWith: "STOPPED", timeout: 10) != nil
        if !ok {
            for name in ["commands.log", "helper.err", "brltty.log"] {
                print("\(name): \((try? String(contentsOf: directory.file(name), encoding: .utf8)) ?? "-")")
            }
            print("pending: \(pending)")
        }
        return ok
    }

    /// Starts BRLTTY again on the same BrlAPI host.
    func startDaemon() -> Bool {
        send("start\n")
        return line(startingWith: "READY", timeout: 25) != nil
    }

    /// Every window the display showed, oldest first, each as dot bytes.
    func shown() -> [[UInt8]] {
        let text = (try? String(contentsOf: directory.file("cells.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { Self.dots($0) }
    }

    /// The display's current cells.
    var current: [UInt8]? { shown().last }

    /// Waits until the display shows `expected` (padded with blanks to its width).
    @discardableResult
    func waitUntilShowing(_ expected: [UInt8], timeout: TimeInterval = 10) -> Bool {
        let padded = Array(expected.prefix(cells)) + [UInt8](repeating: 0, count: max(0, cells - expected.count))
        return CallOnAnotherThread.until(seconds: timeout) { current == padded }
    }

    /// "1|12|0" → [0x01, 0x03, 0x00]: the script writes each cell's dot numbers.
    static func dots(_ line: Substring) -> [UInt8] {
        line.split(separator: "|").map { cell in
            cell.reduce(UInt8(0)) { byte, digit in
                guard let number = digit.wholeNumberValue, (1...8).contains(number) else { return byte }
                return byte | UInt8(1 << (number - 1))
            }
        }
    }
}

/// What liblouis's own command gives: `lou_translate unicode.dis,<table>`, as dot bytes.
enum LouTranslate {
    static func cells(_ text: String, table: String) throws -> [UInt8] {
        let result = try ProcessRunner.run("lou_translate", ["--forward", "unicode.dis,\(table)"], input: Data((text + "\n").utf8), timeout: 30)
        guard result.status == 0 else { throw LouFailed(description: "lou_translate \(table): \(result.standardError)") }
        let line = result.standardOutput.trimmingCharacters(in: .newlines)
        return line.unicodeScalars.map { scalar in
            (0x2800...0x28FF).contains(scalar.value) ? UInt8(scalar.value - 0x2800) : 0
        }
    }

    struct LouFailed: Error, CustomStringConvertible { var description: String }

    /// The windows a reader expects: the cells cut at the last blank within each width
    /// (a word wider than the display is cut at the width), blanks between windows dropped.
    static func windows(_ cells: [UInt8], width: Int) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        for cell in cells {
            if cell == 0 { if !word.isEmpty { words.append(word); word = [] } } else { word.append(cell) }
        }
        if !word.isEmpty { words.append(word) }
        var windows: [[UInt8]] = []
        var line: [UInt8] = []
        for var word in words {
            if !line.isEmpty && line.count + 1 + word.count <= width { line += [0] + word; continue }
            if !line.isEmpty { windows.append(line); line = [] }
            while word.count > width { windows.append(Array(word.prefix(width))); word.removeFirst(width) }
            line = word
        }
        if !line.isEmpty { windows.append(line) }
        return windows
    }
}
