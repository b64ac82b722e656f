// swift-tools-version:6.0
// A third-party scene composer built outside SenseBridge against its Swift SDK.
//
// Build it after the SDK's own package (`swift build` at the repository root):
//     swift build --package-path examples/swift-composer
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
    ],
    swiftLanguageModes: [.v6]
)
