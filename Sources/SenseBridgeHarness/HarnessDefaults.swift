import Foundation
import SenseBridgeCore

/// What the harness uses unless told otherwise.
public enum HarnessDefaults {
    /// The host's own enforcement point, so a composer is judged as a session judges it.
    public static let validator: CompositionJudging = NarratorJudge()
    public static let timeout: TimeInterval = 20
}
