import SenseBridgePluginKit

/// The header's caps on one perceive result (SB_PERCEIVE_MAX_RECORDS and
/// SB_PERCEIVE_MAX_LABEL_BYTES in sensebridge.h, which a plugin built on PluginKit does
/// not import). The host refuses a result beyond either whole and treats the image as
/// unread; refusing it here says why in words a person can act on, and never drops
/// lines quietly, which would leave out text and still sound like the whole page.
enum ResultCaps {
    static let maximumRecords = 4096
    static let maximumLabelBytes = 4096

    static func check(_ records: [PerceptionRecord]) throws {
        if records.count > maximumRecords {
            throw PluginError(.unsupported, "The image holds \(records.count) lines of text, more than the \(maximumRecords) one answer may carry, so it was not read. Frame less of the page at a time.")
        }
        if records.contains(where: { $0.label.utf8.count > maximumLabelBytes }) {
            throw PluginError(.unsupported, "A line of text in the image is longer than the \(maximumLabelBytes) bytes one record may carry, so the image was not read. Frame less of the page at a time.")
        }
    }
}
