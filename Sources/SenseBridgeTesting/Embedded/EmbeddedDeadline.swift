/// What the embedded hosts that give a call a deadline share: the budget a request gets
/// when the test sets none, and the rule a call breaks by returning after it. One place,
/// so a composer and a perceiver overrunning read the same in a test's findings.
enum EmbeddedDeadline {
    /// 2 s on the embedded clock, which stands still unless the test advances it: a call
    /// meets it on a loaded CI machine as on a quiet laptop.
    static let defaultBudget: UInt64 = 2_000_000_000

    /// The broken rule of a call (`"compose"`) that returned at `now`, past `deadline`;
    /// nil when it returned in time. The host's grace past a deadline is its margin for a
    /// slow machine, not more time for the plugin, so any overrun is a finding.
    static func overrun(_ call: String, now: UInt64, deadline: UInt64) -> String? {
        guard now > deadline else { return nil }
        return "\(call) returned \((now - deadline) / 1_000_000) ms after its deadline"
    }
}
