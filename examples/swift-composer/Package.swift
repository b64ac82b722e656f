// swift-tools-version:6.0
// A third-party scene composer built outside SenseBridge against its Swift SDK.
//
// Build it after the SDK's own package (`swift build` at the repository root):
//     swift build --package-path examples/swift-composer
// and test it (add SENSEBRIDGE_CLI=<path to sensebridge> to run the harness too):
//     swift test --package-path examples/swift-composer
// The result, libCountingComposer.so, is loaded by the host from
// counting-composer.json placed beside it.
import PackageDescription

let package = Package(
    name: "CountingComposer",
    products: [
        // The plugin: one dynamic library, loaded by the host from its manifest.
        .library(name: "CountingComposer", type: .dynamic, targets: ["CountingComposer"]),
    ],
    dependencies: [
        // `name:` because SwiftPM names a path dependency after its folder, which is
        // "build", "main" or whatever a clone is called; the name keeps `package:`
        // below stable. A real third party points `path:` at its SenseBridge checkout.
        .package(name: "SenseBridge", path: "../.."),
    ],
    targets: [
        // Pure wording rules with no SDK dependency, so they are tested with plain values.
        .target(name: "CountedPhrases"),
        .target(
            name: "CountingComposer",
            dependencies: [
                "CountedPhrases",
                .product(name: "SenseBridgePluginKit", package: "SenseBridge"),
            ],
            linkerSettings: [
                // Export only `sensebridge_plugin_entry` (see exports.map). Allowed here
                // because a plugin package is always built as the root package.
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map"]),
            ]),
        .testTarget(name: "CountedPhrasesTests", dependencies: ["CountedPhrases"]),
        // The composer itself, driven in-process by SenseBridgeTesting's embedded host and,
        // when SENSEBRIDGE_CLI names a sensebridge binary, through the conformance harness.
        .testTarget(
            name: "CountingComposerTests",
            dependencies: [
                "CountingComposer",
                .product(name: "SenseBridgeTesting", package: "SenseBridge"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
