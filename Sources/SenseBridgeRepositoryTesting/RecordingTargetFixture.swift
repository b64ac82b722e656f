import Foundation

extension FixturePlugin {
    /// Every setting of Tests/Fixtures/c/recording_target.c, so a test states only the
    /// ones it changes: a schema written per test had drifted into six shapes, and a
    /// setting missing from one is refused by the host before the recorder sees it.
    private static var recorderSchema: [String: Any] { [
        "path": ["type": "string"], "delay_ms": ["type": "integer"], "fail_after": ["type": "integer"],
        "gone_while": ["type": "string"], "refuse_create": ["type": "integer"],
    ] }

    /// Builds the C recorder, a render target that appends one line per message to
    /// `path` (`{output}` is the host's output folder); its other settings default as in
    /// the C file, and `manifest` fields (but not "config") override the manifest's defaults.
    @discardableResult
    public static func makeRecorder(in directory: URL, name: String = "recorder",
                                    id: String = "org.sensebridge.recording-target", path: String,
                                    manifest overrides: [String: Any] = [:]) throws -> FixturePlugin {
        var manifest = overrides
        manifest["config"] = ["defaults": ["path": path], "schema": recorderSchema]
        return try make(in: directory, name: name, id: id, manifest: manifest, source: "recording_target.c")
    }
}
