/// Why listening ended without being asked to, as a code the person hears in their
/// locale's words (`SpokenStatus.listeningLost`).
///
/// The audio source's own message may name a device or quote a server; it goes to stderr
/// only. What the person hears is one of these, so no plugin text reaches their ears
/// (Invariant 1), and a new way of failing is a new case every table must word.
public enum ListeningLossReason: String, CaseIterable, Sendable, Hashable {
    /// The source said its device is gone (SB_ERR_UNAVAILABLE), or a microphone's stream
    /// ended, which a microphone never does while it is there.
    case microphoneGone = "microphone-gone"
    /// The source crashed, stopped answering, or reported any other error.
    case sourceStopped = "source-stopped"
}
