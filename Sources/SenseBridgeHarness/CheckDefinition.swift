import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// One check of the conformance suite, as the harness schedules it.
public struct CheckDefinition: Sendable, Equatable {
    /// What must have passed before this check can say anything.
    public enum Needs: Sendable, Equatable {
        /// Runs first; judges the manifest and library themselves.
        case nothing
        /// Needs the library loaded and its descriptor accepted (the `manifest` check).
        case library
        /// Needs an instance created with the default config (the `create-default` check).
        case instance
    }

    public var name: String
    public var summary: String
    public var needs: Needs
    /// Multiplies the per-check timeout: a loop of a thousand calls needs longer than one call.
    public var timeScale: Double

    public init(_ name: String, _ summary: String, needs: Needs, timeScale: Double = 1) {
        self.name = name
        self.summary = summary
        self.needs = needs
        self.timeScale = timeScale
    }
}
