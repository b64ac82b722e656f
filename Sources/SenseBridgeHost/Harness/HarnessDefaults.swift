import Foundation

/// What the harness uses unless told otherwise.
public enum HarnessDefaults {
    /// The host's own enforcement point, so a composer is judged as a session judges it.
    public static let validator: PhraseValidating = HostPhraseValidator()
    public static let timeout: TimeInterval = 20
}
