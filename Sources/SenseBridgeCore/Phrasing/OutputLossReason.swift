/// Why an output stopped working, as a code the person hears in their locale's words
/// (`SpokenTable.lossReason`).
///
/// The host's errors and the plugin's own message are detail for stderr and the log; what
/// the person hears is one of these, so no plugin message ("It is SAFE to cross the street
/// now.") and no English reason inside a Spanish sentence can reach their ears. A new
/// way of failing is a new case, which every table must then word (a compile error
/// otherwise).
public enum OutputLossReason: String, CaseIterable, Sendable, Hashable {
    /// No manifest with the id the profile names.
    case notInstalled = "not-installed"
    /// Its manifest or library is known to be broken (BrokenPluginRegistry).
    case broken
    /// Its library could not be loaded or failed the descriptor checks.
    case couldNotLoad = "could-not-load"
    /// The profile's config for it does not fit its manifest's schema.
    case settingsInvalid = "settings-invalid"
    /// Its process (or the call) died on a signal.
    case crashed
    /// Its process exited when nobody asked it to.
    case quit
    /// It wrote what the runner protocol cannot read.
    case sentGarbage = "sent-garbage"
    /// It missed its deadline.
    case stoppedAnswering = "stopped-answering"
    /// It stopped earlier in this session and is not called again.
    case stoppedEarlier = "stopped-earlier"
    /// It could not be created or started, for a reason the other cases do not name.
    case couldNotStart = "could-not-start"
    /// A call returned an error: the plugin said it failed (its message is for stderr).
    case reportedError = "reported-error"
    /// Its daemon or device is gone for now (SB_ERR_UNAVAILABLE); it is used again when it
    /// is back, so this loss is not for the whole session.
    case notAnsweringForNow = "not-answering-for-now"
    /// It was restarted as often as its budget allows and died again; off for the session.
    case keptFailing = "kept-failing"
}
