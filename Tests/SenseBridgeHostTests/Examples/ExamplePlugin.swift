import Foundation
import SenseBridgeRepositoryTesting

/// One of the single-file C examples (examples/c-perceiver, examples/c-source) built as
/// its first lines say, into a directory beside a copy of its manifest, so the host
/// finds it as it would a third party's plugin.
struct ExamplePlugin {
    var directory: URL

    /// Builds `examples/<folder>/<source>` into `directory`/`library` and copies the
    /// manifest and any `extras` (files or folders beside it) there too.
    static func build(_ folder: String, source: String, library: String, manifest: String, extras: [String] = [],
                      into directory: URL) throws -> ExamplePlugin {
        let example = RepositoryPaths.root.appendingPathComponent("examples/\(folder)")
        try CPluginBuilder.build(source: example.appendingPathComponent(source),
                                 output: directory.appendingPathComponent(library))
        for name in [manifest] + extras {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        return ExamplePlugin(directory: directory)
    }
}
