import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// A check that found the plugin at fault; `reason` is the line the user reads.
struct CheckFailure: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
