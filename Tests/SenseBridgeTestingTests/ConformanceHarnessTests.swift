import Foundation
import SenseBridgeTesting
import Testing

/// The harness entry point as a third party calls it: handed the binary and the plugin's
/// files, it finds nothing by itself. A stand-in script plays the CLI, so what is checked
/// is what the entry point hands it, not the harness's own checks.
@Suite struct ConformanceHarnessTests {
    @Test func aBinaryThatIsNotThereIsNamed() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("plugin.json", "{}")
        let error = #expect(throws: ConformanceHarness.NotExecutable.self) {
            try ConformanceHarness.run(manifest, sensebridge: directory.file("sensebridge"))
        }
        #expect(error?.path == directory.file("sensebridge").path)
    }

    /// The stand-in passes its one check only when the library lies beside the manifest
    /// it was given and HOME is not this process's, and reports the manifest's path.
    @Test func aLibraryBuiltElsewhereIsStagedBesideItsManifest() throws {
        let directory = try TemporaryDirectory()
        let manifest = try directory.write("package/plugin.json", "{}")
        let library = try directory.write("package/.build/debug/libplugin.so", "")
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        let cli = try directory.writeScript("sensebridge", """
            #!/bin/sh
            # Called as: sensebridge plugins test <manifest> --json
            if [ -f "$(dirname "$3")/libplugin.so" ] && [ "$HOME" != "\(home)" ]; then s=pass; else s=fail; fi
            printf '{"checks": [{"check": "staged", "status": "%s", "reason": "%s"}]}' "$s" "$3"
            [ "$s" = pass ]
            """)
        let staged = try ConformanceHarness.run(manifest, library: library, sensebridge: cli)
        #expect(staged.status == 0 && staged.failures.isEmpty && staged.checksRun == 1, "\(staged.failures)")
        let unstaged = try ConformanceHarness.run(manifest, sensebridge: cli)
        #expect(unstaged.status != 0 && unstaged.failures == ["staged: \(manifest.path)"])
    }
}
