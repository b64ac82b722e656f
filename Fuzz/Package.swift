// swift-tools-version:6.0
// One libFuzzer target per input boundary of SenseBridge, kept out of the main package
// so `swift build` never compiles it: scripts/fuzz.sh builds it in release mode with
// `--sanitize=fuzzer --sanitize=address` and coverage instrumentation (docs/FUZZING.md).
// Each target calls the project's own parsing code through the products below, never
// a copy of it, and traps when an invariant the boundary guards is broken.
import PackageDescription

/// A boundary's target: `Targets/<name>/`, an executable whose entry is
/// `LLVMFuzzerTestOneInput` (libFuzzer supplies `main`, hence `-parse-as-library`).
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport"] + dependencies, path: "Targets/\(name)",
                      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

func product(_ name: String) -> Target.Dependency { .product(name: name, package: "SenseBridge") }

let targets: [Target] = [
    // Proves the build instruments coverage: it must find its planted crash (scripts/fuzz.sh
    // runs it first). Without `-sanitize-coverage` SwiftPM's `--sanitize=fuzzer` links
    // libFuzzer but instruments nothing, and every other target would fuzz blind.
    fuzzTarget("planted-crash", []),
    fuzzTarget("manifest", [product("SenseBridgeHost"), product("SenseBridgeCore")]),
    fuzzTarget("profile", [product("SenseBridgeHost")]),
    fuzzTarget("settings", [product("SenseBridgeNetwork"), product("SenseBridgeCore")]),
    fuzzTarget("credentials", [product("SenseBridgeNetwork")]),
    fuzzTarget("json", [product("SenseBridgeCore")]),
    fuzzTarget("records", ["FuzzNarration", product("SenseBridgeCore")]),
    fuzzTarget("recording", ["FuzzNarration", product("SenseBridgeCore")]),
    fuzzTarget("composer-result", [product("SenseBridgeABICodec"), product("SenseBridgeCore"), product("SenseBridgeTesting")]),
    fuzzTarget("network-reply", [product("SenseBridgeCore"), product("SenseBridgeTesting")]),
    fuzzTarget("runner-reply", [product("SenseBridgeHost")]),
    fuzzTarget("runner-request", [product("SenseBridgeHost")]),
    fuzzTarget("audio", [product("SenseBridgeABICodec"), product("SenseBridgeCore")]),
    fuzzTarget("perceive", [product("SenseBridgeABICodec"), product("SenseBridgeCore")]),
]

let package = Package(
    name: "SenseBridgeFuzz",
    dependencies: [.package(name: "SenseBridge", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [product("SenseBridgeCore")], path: "Support"),
        // What a person hears from parsed records and recordings (FuzzNarration.swift).
        .target(name: "FuzzNarration", dependencies: ["FuzzSupport", product("SenseBridgeCore"), product("SenseBridgeHost"),
                                                      product("SenseBridgeTesting")], path: "Narration"),
    ] + targets,
    swiftLanguageModes: [.v6]
)
