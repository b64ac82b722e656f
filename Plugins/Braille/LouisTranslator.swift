import CLouis
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// liblouis behind one process-wide lock: it keeps its compiled tables in globals and is
/// not thread safe, so two instances (or two libraries' worth of callers in this
/// process's copy) must never translate at once. `lou_free` is never called: tables stay
/// compiled for the life of the process, as the library is never unloaded either.
enum LouisTranslator {
    private static let lock = Locked(())

    /// Where liblouis looks for a table named without a directory.
    static let tableDirectory = ProcessInfo.processInfo.environment["LOUIS_TABLEPATH"].flatMap { $0.split(separator: ",").first.map(String.init) }
        ?? "/usr/share/liblouis/tables"

    /// The table's file, or nil when it does not exist.
    static func tableFile(_ table: String) -> String? {
        let path = table.hasPrefix("/") ? table : tableDirectory + "/" + table
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// Whether liblouis compiles the table (a missing `include` inside it fails here).
    static func compiles(_ table: String) -> Bool {
        lock.withLock { _ in lou_checkTable(table) != 0 }
    }

    /// The text as braille cells, one dot byte each (bit 0 = dot 1 … bit 7 = dot 8; 0 a
    /// blank cell), translated with `table` in `ucBrl | dotsIO` mode: what
    /// `lou_translate unicode.dis,<table>` prints, as dots.
    static func cells(_ text: String, table: String) throws -> [UInt8] {
        let input = text.unicodeScalars.map { widechar($0.value) }
        if input.isEmpty { return [] }
        var capacity = input.count * 4 + 64
        while true {
            var inLength = Int32(input.count)
            var outLength = Int32(capacity)
            var output = [widechar](repeating: 0, count: capacity)
            let mode = Int32(ucBrl.rawValue | dotsIO.rawValue)
            let ok = lock.withLock { _ in
                lou_translateString(table, input, &inLength, &output, &outLength, nil, nil, mode)
            }
            guard ok != 0 else {
                throw PluginError(.internal, "liblouis could not translate with the table \(table).")
            }
            // A full output buffer may mean the translation was cut: try a larger one.
            if Int(inLength) < input.count || Int(outLength) >= capacity {
                guard capacity < 1 << 20 else { throw PluginError(.invalidArgument, "The message is too long to show in braille.") }
                capacity *= 4
                continue
            }
            return output[..<Int(outLength)].map { UInt8(truncatingIfNeeded: $0 & 0xFF) }
        }
    }
}

/// Splits translated cells into windows of the display's width at blank cells, so no
/// word is cut unless a single word is wider than the display. Blanks between windows are
/// dropped; each window keeps the blanks between its own words.
enum BrailleWindows {
    static func split(_ cells: [UInt8], width: Int) -> [[UInt8]] {
        guard width > 0 else { return [] }
        var windows: [[UInt8]] = []
        var start = 0
        let count = cells.count
        while true {
            while start < count && cells[start] == 0 { start += 1 }
            if start >= count { break }
            var end = start + width
            if end >= count {
                end = count
            } else if cells[end] != 0 {
                // The window would end inside a word: end at the last blank before it.
                var blank = end - 1
                while blank > start && cells[blank] != 0 { blank -= 1 }
                if blank > start { end = blank }
            }
            var window = Array(cells[start..<end])
            while window.last == 0 { window.removeLast() }
            windows.append(window)
            start = end
        }
        return windows
    }
}
