/// One thing a sensor perceived, reduced to what the reasoning layer may use.
///
/// Records are the only input a composer sees. They carry the detector's own
/// confidence so the host, not the composer, decides how certain a sentence may sound.
public struct PerceptionRecord: Equatable, Hashable, Sendable, Codable {
    public enum Kind: String, CaseIterable, Sendable, Codable {
        /// A detected object; `label` is an identifier such as `chair`.
        case object
        /// Recognized text; `label` is the text itself and never leaves the machine.
        case text
        /// A classified sound; `label` is an identifier such as `smoke_alarm`.
        case sound
        /// A distance measurement in metres (`distanceMetres`).
        case depth
    }

    public var kind: Kind
    public var label: String
    /// 0...1 as the detector reported it.
    public var confidence: Double
    public var box: NormalizedBox?
    public var distanceMetres: Double?

    /// The farthest distance a depth record may hold: 100 m. No depth sensor SenseBridge
    /// can read measures beyond a few tens of metres (a Kinect about 4.5 m, time-of-flight
    /// cameras under 10 m, the longest-reaching stereo cameras about 20 m, which is also
    /// where `DepthReduction.maximumRange` stops trusting a depth map's samples), so a
    /// larger number is a unit mistake or a corrupt file, not a measurement. A records
    /// file refuses it, naming the line; phrasing says it as could-not-measure, never as
    /// a distance: "about 1000000000000000 metres" helps nobody, and nothing beyond this
    /// must ever read as "the way is clear".
    public static let maximumDistanceMetres = 100.0

    public init(kind: Kind, label: String, confidence: Double,
                box: NormalizedBox? = nil, distanceMetres: Double? = nil) {
        self.kind = kind
        self.label = label
        self.confidence = confidence
        self.box = box
        self.distanceMetres = distanceMetres
    }

    /// The stream a record is narrated in; depth is not narrated as a subject.
    public var stream: PerceptionStream? {
        switch kind {
        case .object: return .sight
        case .sound: return .sound
        case .text: return .text
        case .depth: return nil
        }
    }
}

extension PerceptionRecord {
    /// The record as a plugin may give it: a distance only on a depth record. A distance
    /// on an object is the host's to measure (`DepthUnderBox`) and say; one a detector or
    /// a source wrote would be spoken as measured when nothing was (Invariants 1 and 2).
    public var withoutPluginDistance: PerceptionRecord {
        guard kind != .depth, distanceMetres != nil else { return self }
        var record = self
        record.distanceMetres = nil
        return record
    }
}

/// A box normalized to the image: 0...1, origin top-left.
public struct NormalizedBox: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The three streams a moment is narrated in, in the order they are spoken.
///
/// Sight comes first because it is what most descriptions are asked for; sound
/// follows because an alarm heard must still be said in the same breath.
public enum PerceptionStream: Int, CaseIterable, Comparable, Sendable, Codable {
    case sight = 1
    case sound = 2
    case text = 3

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The stream's name in logs, JSON and messages: "sight", "sound", "text".
    public var name: String {
        switch self {
        case .sight: return "sight"
        case .sound: return "sound"
        case .text: return "text"
        }
    }
}
