// swift-tools-version:6.0
// The benchmark, kept out of the main package so `swift build` never compiles it:
// `make bench` builds it in release mode against the host by path.
import PackageDescription

let package = Package(
    name: "SenseBridgeBenchmarks",
    dependencies: [.package(name: "SenseBridge", path: "..")],
    targets: [
        .executableTarget(
            name: "sensebridge-bench",
            dependencies: [
                .product(name: "SenseBridgeHost", package: "SenseBridge"),
                .product(name: "SenseBridgeCore", package: "SenseBridge"),
                .product(name: "SenseBridgeTesting", package: "SenseBridge"),
                .product(name: "SenseBridgeProcess", package: "SenseBridge"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
