// swift-tools-version:6.0
// The benchmark, kept out of the main package so `swift build` never compiles it:
// `make bench` builds it in release mode against the host by path.
import PackageDescription

let package = Package(
    name: "SenseBridgeBenchmarks",
    dependencies: [.package(name: "SenseBridge", path: "..")],
    targets: [
        // The main package's own test helpers (its paths, the built CLI, the C fixtures, the
        // OCR and depth oracles), which it offers no other package as a product: the same
        // folder, compiled here through the symlink Sources/SenseBridgeRepositoryTesting.
        .target(
            name: "SenseBridgeRepositoryTesting",
            dependencies: [
                .product(name: "SenseBridgeTesting", package: "SenseBridge"),
                .product(name: "SenseBridgeCore", package: "SenseBridge"),
                .product(name: "SenseBridgeProcess", package: "SenseBridge"),
            ]),
        .executableTarget(
            name: "sensebridge-bench",
            dependencies: [
                "SenseBridgeRepositoryTesting",
                .product(name: "SenseBridgeHost", package: "SenseBridge"),
                .product(name: "SenseBridgeCore", package: "SenseBridge"),
                .product(name: "SenseBridgeProcess", package: "SenseBridge"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
