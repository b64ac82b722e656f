import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// A check that found the plugin at fault; `reason` is the line the user reads.
struct CheckFailure: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }

    /// Many findings as one reason: the first four, then how many more. Enough to act
    /// on and to see a pattern, short enough for one line of a report.
    init(listing problems: [String]) {
        let more = problems.count > 4 ? " (and \(problems.count - 4) more)" : ""
        self.init(problems.prefix(4).joined(separator: "; ") + more)
    }
}
