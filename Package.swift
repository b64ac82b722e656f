// swift-tools-version:6.0
// The host, the CLI and every plugin of SenseBridge. Each plugin is its own dynamic
// library product; no host target depends on a plugin target, so the host never links
// one and discovers them from manifests at run time instead.
import PackageDescription

/// One backend: a dynamic library product, its target in Plugins/<name>, and its own
/// test target, which drives it through the harness a third party would use.
func plugin(_ name: String, dependencies: [Target.Dependency] = []) -> (Product, [Target]) {
    let product = Product.library(name: name, type: .dynamic, targets: [name])
    let target = Target.target(
        name: name,
        dependencies: ["SenseBridgePluginKit", "SenseBridgeCore"] + dependencies,
        path: "Plugins/\(name)",
        // Export only the entry symbol: the library's static copies of Core and PluginKit
        // stay private to it, so no state or symbol is shared between plugins.
        linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map"])])
    let tests = Target.testTarget(
        name: "\(name)Tests",
        dependencies: ["SenseBridgeTesting", "SenseBridgeCore"],
        path: "Tests/\(name)Tests")
    return (product, [target, tests])
}

let plugins: [(Product, [Target])] = [
    plugin("LabelListComposer"),
    plugin("ReplaySource"),
    plugin("EspeakSpeech", dependencies: ["CEspeakNG"]),
    plugin("HapticLog"),
    plugin("CaptionFile"),
    plugin("NetworkComposer"),
]

let package = Package(
    name: "SenseBridge",
    products: [
        .executable(name: "sensebridge", targets: ["sensebridge"]),
        .library(name: "SenseBridgePluginKit", targets: ["SenseBridgePluginKit"]),
        .library(name: "SenseBridgeCore", targets: ["SenseBridgeCore"]),
        .library(name: "SenseBridgeHost", targets: ["SenseBridgeHost"]),
        .library(name: "SenseBridgeTesting", targets: ["SenseBridgeTesting"]),
    ] + plugins.map(\.0),
    targets: [
        .target(name: "CSenseBridgeABI"),
        .systemLibrary(name: "CLtdl", providers: [.apt(["libltdl-dev"])]),
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .target(name: "SenseBridgeCore"),
        .testTarget(name: "SenseBridgeCoreTests", dependencies: ["SenseBridgeCore", "SenseBridgeTesting"]),
        .target(name: "SenseBridgePluginKit", dependencies: ["CSenseBridgeABI", "SenseBridgeCore"]),
        .target(name: "SenseBridgeHost", dependencies: ["CSenseBridgeABI", "CLtdl", "SenseBridgeCore"]),
        .executableTarget(name: "sensebridge", dependencies: ["SenseBridgeHost", "SenseBridgeCore"]),
        .target(
            name: "SenseBridgeTesting",
            dependencies: ["SenseBridgeHost", "SenseBridgePluginKit", "SenseBridgeCore", "CSenseBridgeABI"]),
        .testTarget(name: "SenseBridgeHostTests", dependencies: ["SenseBridgeHost", "SenseBridgeTesting", "SenseBridgeCore"]),
        .testTarget(name: "SenseBridgePluginKitTests", dependencies: ["SenseBridgePluginKit", "CSenseBridgeABI"]),
        .testTarget(name: "SenseBridgeTestingTests",
                    dependencies: ["SenseBridgeTesting", "SenseBridgePluginKit", "SenseBridgeHost", "SenseBridgeCore"]),
    ] + plugins.flatMap(\.1),
    swiftLanguageModes: [.v6]
)
