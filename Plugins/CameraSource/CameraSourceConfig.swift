import SenseBridgePluginKit

/// The camera source's settings, checked whole at create so that a mistyped profile is
/// reported when it loads, naming the key (Invariant 8), never discovered mid-session.
struct CameraSourceConfig {
    /// When a video's frames are handed out.
    enum Pace: String, CaseIterable {
        /// Each frame as soon as it is decoded: reading a file or folder takes as long
        /// as decoding does, and tests stay quick. Frames carry their media time.
        case asFastAsPossible = "as-fast-as-possible"
        /// Each frame at its own time after the run started, as a camera would deliver it.
        case realtime
    }

    /// What a V4L2 camera is asked for. The driver may choose the nearest mode it has;
    /// frames are then delivered at the size it chose. Files keep their own size and rate.
    struct CameraMode: Equatable {
        var width: Int
        var height: Int
        var framesPerSecond: Int
    }

    var input: String
    var pixelFormat: ImageFrame.PixelFormat
    var pace: Pace
    var cameraMode: CameraMode

    static let keys: Set<String> = ["input", "pixelFormat", "pace", "width", "height", "framesPerSecond"]
    /// 720p is enough for print at arm's length to reach OCR legibly; 15 frames a second
    /// is plenty to let a page settle and halves the conversion work of 30 on a wearable.
    static let defaultMode = CameraMode(width: 1280, height: 720, framesPerSecond: 15)
    /// From a thumbnail-sized sensor to 8K: beyond this no V4L2 device exists, and a
    /// typo (12800) should be refused rather than sent to a driver.
    static let sideRange = 16...7680
    static let rateRange = 1...240

    private struct Raw: Decodable {
        var input: String?
        var pixelFormat: String?
        var pace: String?
        var width: Int?
        var height: Int?
        var framesPerSecond: Int?
    }

    init(_ config: PluginConfig) throws {
        try config.requireOnly(Self.keys)
        let raw = try config.decode(Raw.self)
        guard let input = raw.input, !input.isEmpty else {
            throw PluginError.invalidConfig("Config key 'input' must name a camera (/dev/video0), a video or image file, or a folder of images.")
        }
        self.input = input
        let format = raw.pixelFormat ?? ImageFrame.PixelFormat.gray8.rawValue
        guard let pixelFormat = ImageFrame.PixelFormat(rawValue: format) else {
            throw PluginError.invalidConfig("Config key 'pixelFormat' must be \"gray8\" or \"rgb24\", not \"\(format)\".")
        }
        self.pixelFormat = pixelFormat
        let pace = raw.pace ?? Pace.asFastAsPossible.rawValue
        guard let known = Pace(rawValue: pace) else {
            throw PluginError.invalidConfig("Config key 'pace' must be \"as-fast-as-possible\" or \"realtime\", not \"\(pace)\".")
        }
        self.pace = known
        let mode = CameraMode(width: raw.width ?? Self.defaultMode.width, height: raw.height ?? Self.defaultMode.height,
                              framesPerSecond: raw.framesPerSecond ?? Self.defaultMode.framesPerSecond)
        for (key, value, range) in [("width", mode.width, Self.sideRange), ("height", mode.height, Self.sideRange),
                                    ("framesPerSecond", mode.framesPerSecond, Self.rateRange)] where !range.contains(value) {
            throw PluginError.invalidConfig("Config key '\(key)' must be from \(range.lowerBound) to \(range.upperBound), not \(value).")
        }
        cameraMode = mode
    }
}
