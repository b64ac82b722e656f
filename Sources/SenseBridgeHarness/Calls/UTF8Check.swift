import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Locates the byte that makes a message invalid UTF-8, for a reason a plugin author can act on.
enum UTF8Check {
    /// The offset of the first byte that makes `bytes` invalid UTF-8, or nil.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            if String(validating: bytes[index..<index + length], as: UTF8.self) == nil { return index }
            index += length
        }
        return nil
    }
}
