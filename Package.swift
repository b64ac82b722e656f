// swift-tools-version:6.0
// The host, the CLI and every plugin of SenseBridge. Each plugin is its own dynamic
// library product; no host target depends on a plugin target, so the host never links
// one and discovers them from manifests at run time instead.
import PackageDescription

/// One backend: a dynamic library product, its target in Plugins/<name>, and its own
/// test target, which drives it through the harness a third party would use.
/// `tests: false` leaves the test target out until SenseBridgeTesting exists.
func plugin(_ name: String, dependencies: [Target.Dependency] = [], tests: Bool = true) -> (Product, [Target]) {
    let product = Product.library(name: name, type: .dynamic, targets: [name])
    let target = Target.target(
        name: name,
        dependencies: ["SenseBridgePluginKit", "SenseBridgeCore"] + dependencies,
        path: "Plugins/\(name)")
    let testTarget = Target.testTarget(
        name: "\(name)Tests",
        dependencies: ["SenseBridgeTesting", "SenseBridgeCore"],
        path: "Tests/\(name)Tests")
    return (product, tests ? [target, testTarget] : [target])
}

let plugins: [(Product, [Target])] = [
    plugin("EspeakSpeech", dependencies: ["CEspeakNG"], tests: false),
    plugin("HapticLog", tests: false),
    plugin("CaptionFile", tests: false),
]

let package = Package(
    name: "SenseBridge",
    products: [
        .library(name: "SenseBridgePluginKit", targets: ["SenseBridgePluginKit"]),
    ] + plugins.map(\.0),
    targets: [
        .target(name: "CSenseBridgeABI"),
        .systemLibrary(name: "CLtdl", providers: [.apt(["libltdl-dev"])]),
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .target(name: "SenseBridgeCore"),
        .target(name: "SenseBridgePluginKit", dependencies: ["CSenseBridgeABI", "SenseBridgeCore"]),
        .testTarget(name: "SenseBridgePluginKitTests", dependencies: ["SenseBridgePluginKit", "CSenseBridgeABI"]),
        .testTarget(name: "SenseBridgeCoreTests", dependencies: ["SenseBridgeCore"]),
    ] + plugins.flatMap(\.1),
    swiftLanguageModes: [.v5]
)
