/// Filters per-pass noise out of a detector's object labels before they are named.
///
/// A detector run on every camera frame names a dog in one frame and not the next; said
/// as it comes, the walk announces a dog and withdraws it a second later, and the person
/// learns that what is said may not be there. So, by the seed's rules:
///
/// - a label is **confirmed** once it was seen in `confirmations` consecutive passes, and
///   only then named;
/// - a confirmed label **survives** up to `persistence` passes without it (a detector
///   misses a chair it saw a moment ago when someone walks past it), named from its last
///   sighting, and is dropped on the pass after that;
/// - a **failed pass** (a source error, a frame that never came) is not fed at all, so it
///   holds the last stable set: a sensor failure is not "nothing there" (Invariant 2).
///
/// Only object detections are stabilised. A sound is an event: a smoke alarm heard in one
/// pass must be said, not confirmed first. Recognized text passes through as read: its
/// own stabiliser belongs to reading, where a page is compared as a whole. Depth
/// measurements are not named at all.
///
/// Pure: passes in, records out; the session decides when a pass happened.
public struct DetectionStabilizer: Sendable {
    /// Two passes: one frame's detection is the noise this exists to remove, and two
    /// agreeing passes at a detector's rate cost a fraction of a second.
    public static let defaultConfirmations = 2
    /// Two passes: long enough to ride out an occlusion by someone walking past, short
    /// enough that a thing left behind stops being named within a second or two.
    public static let defaultPersistence = 2

    public let confirmations: Int
    public let persistence: Int

    private struct Track: Sendable {
        /// This label's records from the latest pass that had it.
        var records: [PerceptionRecord]
        var consecutiveSightings: Int
        var consecutiveMisses: Int
        var isConfirmed: Bool
        /// When it was first seen, so the stable set keeps the order things appeared in.
        var firstSeen: Int
    }

    private var tracks: [String: Track] = [:]
    private var passes = 0
    private var passThrough: [PerceptionRecord] = []
    /// A pass failed since the last fed one: every held distance is of an older moment.
    private var distancesStale = false

    /// - Parameters:
    ///   - confirmations: consecutive passes before a label is named; 1 names at once.
    ///   - persistence: passes a confirmed label may be missing and still be named.
    public init(confirmations: Int = defaultConfirmations, persistence: Int = defaultPersistence) {
        precondition(confirmations >= 1, "a label needs at least one sighting to be named")
        precondition(persistence >= 0, "persistence counts passes and cannot be negative")
        self.confirmations = confirmations
        self.persistence = persistence
    }

    /// Whether enough passes have been seen for a label to have been confirmed: before
    /// that, an empty stable set means "too early to tell", not "nothing recognized".
    public var hasSettled: Bool { passes >= confirmations }

    /// Feeds one detection pass (every record one frame of the source carried).
    public mutating func feed(_ records: [PerceptionRecord]) {
        passes += 1
        distancesStale = false
        var seen: [String: [PerceptionRecord]] = [:]
        passThrough = []
        for record in records {
            if record.kind == .object {
                seen[record.label, default: []].append(record)
            } else {
                passThrough.append(record)
            }
        }
        for label in Array(tracks.keys) where seen[label] == nil {
            guard var track = tracks[label] else { continue }
            track.consecutiveSightings = 0
            track.consecutiveMisses += 1
            if !track.isConfirmed || track.consecutiveMisses > persistence {
                tracks[label] = nil
            } else {
                tracks[label] = track
            }
        }
        for (label, sighting) in seen {
            var track = tracks[label] ?? Track(records: [], consecutiveSightings: 0, consecutiveMisses: 0,
                                               isConfirmed: false, firstSeen: passes)
            track.records = sighting
            track.consecutiveSightings += 1
            track.consecutiveMisses = 0
            if track.consecutiveSightings >= confirmations { track.isConfirmed = true }
            tracks[label] = track
        }
    }

    /// What may be named now: confirmed objects (each from its latest sighting, in the
    /// order they first appeared, then by label) followed by the latest pass's sounds and
    /// text as they came.
    ///
    /// A thing named from an earlier pass (missed since, or held through failed passes)
    /// keeps its name but not its distance: a distance is of the moment it was measured,
    /// and said later it would be metres out for a person walking.
    public var stable: [PerceptionRecord] {
        let confirmed = tracks.filter(\.value.isConfirmed)
            .sorted { ($0.value.firstSeen, $0.key) < ($1.value.firstSeen, $1.key) }
            .flatMap { track in
                track.value.consecutiveMisses == 0 && !distancesStale ? track.value.records
                    : track.value.records.map { record in var record = record; record.distanceMetres = nil; return record }
            }
        return confirmed + passThrough
    }

    /// Labels seen but not yet confirmed; for tests and diagnostics, never spoken.
    public var pendingLabels: [String] {
        tracks.filter { !$0.value.isConfirmed }.keys.sorted()
    }

    /// A pass failed: it is not fed (the names hold), but what was measured no longer is
    /// of this moment.
    public mutating func passFailed() {
        distancesStale = true
    }

    /// Forgets everything: a new run of the source is another place.
    public mutating func reset() {
        tracks = [:]
        passes = 0
        passThrough = []
        distancesStale = false
    }
}
