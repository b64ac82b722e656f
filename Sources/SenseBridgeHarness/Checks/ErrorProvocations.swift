import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// Error messages a check provoked, and what was wrong with their form.
struct ErrorProvocations {
    private(set) var count = 0
    private(set) var problems: [String] = []

    /// `ownsEmptiness`: whether this check is the one that requires a message for
    /// this failure (others, like create with bad config, have their own check).
    mutating func record(_ what: String, status: sb_status, _ error: ErrorSlot, ownsEmptiness: Bool = true) {
        guard status != SB_OK else { return }
        count += 1
        if let problem = error.formProblem() {
            problems.append("\(what) (\(ABIStatus.name(status))): \(problem)")
        } else if ownsEmptiness && error.isEmpty {
            problems.append("\(what) failed with \(ABIStatus.name(status)) but no message")
        }
    }
}
