import SenseBridgeCore
import SenseBridgeHost

/// The tesseract plugin's page steps the reading bench switches, one at a time, to say
/// which step helps where. A step is passed only when the staged
/// manifest's config schema has its key: the bench runs against a plugin that does not
/// have the step yet and says so ("step not present"), rather than failing to load it
/// (the plugin refuses a key it does not know).
struct ReadingStep: Sendable {
    var key: String
    /// How the bench's output names the step.
    var name: String
    var on: JSONValue
    var off: JSONValue

    static let all = [
        ReadingStep(key: "orientation", name: "orientation", on: .bool(true), off: .bool(false)),
        ReadingStep(key: "pageOutline", name: "page outline", on: .bool(true), off: .bool(false)),
        ReadingStep(key: "enlargeSmallText", name: "enlarge small text", on: .bool(true), off: .bool(false)),
        ReadingStep(key: "thresholding", name: "adaptive threshold", on: .string("auto"), off: .string("otsu")),
    ]

    /// The step's value when nobody sets it: the manifest's default, else on. Each step is
    /// on by default only where this bench shows it helps, so the manifest says which.
    func byDefault(in manifest: PluginManifest) -> JSONValue {
        manifest.configDefaults[key] ?? on
    }

    /// The config that flips this step away from its default, everything else as shipped.
    func flipped(in manifest: PluginManifest) -> (label: String, config: [String: JSONValue]) {
        byDefault(in: manifest) == off ? ("\(name) on", [key: on]) : ("\(name) off", [key: off])
    }
}

/// The steps the staged plugin has, and the ones it does not.
struct ReadingSteps {
    var present: [ReadingStep]
    var absent: [ReadingStep]

    init(_ manifest: PluginManifest) {
        present = ReadingStep.all.filter { manifest.configSchema[$0.key] != nil }
        absent = ReadingStep.all.filter { manifest.configSchema[$0.key] == nil }
    }

    /// Every present step off. The page is still read with every language unless the
    /// language is pinned too: the reading before the steps is this and `--locale`.
    var allOff: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: present.map { ($0.key, $0.off) })
    }
}
