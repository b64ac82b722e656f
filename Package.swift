// swift-tools-version:6.0
// The host, the CLI and every plugin of SenseBridge. Each plugin is its own dynamic
// library product; no host target depends on a plugin target, so the host never links
// one and discovers them from manifests at run time instead.
import PackageDescription

/// Export only the entry symbol: a plugin library's static copies of Core and PluginKit
/// stay private to it, so no state or symbol is shared between plugins.
let exportsEntryOnly: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map"])]

/// One backend: a dynamic library product, its target in Plugins/<name>, and its own
/// test target, which drives it through the harness a third party would use.
func plugin(_ name: String, dependencies: [Target.Dependency] = [], testDependencies: [Target.Dependency] = []) -> (Product, [Target]) {
    let product = Product.library(name: name, type: .dynamic, targets: [name])
    let target = Target.target(
        name: name,
        dependencies: ["SenseBridgePluginKit", "SenseBridgeCore"] + dependencies,
        path: "Plugins/\(name)",
        linkerSettings: exportsEntryOnly)
    let tests = Target.testTarget(
        name: "\(name)Tests",
        dependencies: ["SenseBridgeRepositoryTesting", "SenseBridgeHost", "SenseBridgeCore", "SenseBridgeProcess"] + testDependencies,
        path: "Tests/\(name)Tests")
    return (product, [target, tests])
}

let plugins: [(Product, [Target])] = [
    plugin("LabelListComposer"),
    plugin("ReplaySource"),
    plugin("EspeakSpeech", dependencies: ["CEspeakNG"]),
    plugin("HapticLog"),
    plugin("CaptionFile"),
    plugin("NetworkComposer", testDependencies: ["SenseBridgeNetwork"]),
    plugin("FreenectSource", dependencies: ["CFreenect"]),
    plugin("CameraSource", dependencies: ["CLibAV", "LibAVMedia"]),
    plugin("AudioSource", dependencies: ["CLibAV", "LibAVMedia", "CPulse"]),
    // The tests decode the sample PNGs with leptonica, which CTesseract carries, and check
    // the page's outline and geometry directly.
    plugin("TesseractOCR", dependencies: ["CTesseract", "PageOutline"], testDependencies: ["CTesseract", "PageOutline"]),
    plugin("SpeechDispatcher", dependencies: ["CSpeechd"]),
    plugin("Braille", dependencies: ["CBrlAPI", "CLouis"]),
    // The tests decode the photographs with leptonica, which CTesseract carries.
    plugin("ObjectDetector", dependencies: ["COpenCVDNN"], testDependencies: ["CTesseract"]),
    // The tests check its log-mel frontend and class table directly against Python's.
    plugin("SoundClassifier", dependencies: ["COpenCVDNN"], testDependencies: ["SoundClassifier"]),
    plugin("AlarmPatternDetector"),
]

/// A composer built from Swift through PluginKit that never asks its checkpoint, for the
/// host's deadline tests; the tests write its manifest, so it is never staged or installed.
let fixtures: (products: [Product], targets: [Target]) = (
    [.library(name: "DeafComposerFixture", type: .dynamic, targets: ["DeafComposerFixture"])],
    [.target(name: "DeafComposerFixture", dependencies: ["SenseBridgePluginKit"], path: "Tests/Fixtures/swift/DeafComposer",
             linkerSettings: exportsEntryOnly)])

let package = Package(
    name: "SenseBridge",
    products: [
        .executable(name: "sensebridge", targets: ["sensebridge"]),
        .executable(name: "sensebridge-plugin-runner", targets: ["sensebridge-plugin-runner"]),
        .library(name: "SenseBridgePluginKit", targets: ["SenseBridgePluginKit"]),
        .library(name: "SenseBridgeCore", targets: ["SenseBridgeCore"]),
        .library(name: "SenseBridgeHost", targets: ["SenseBridgeHost"]),
        .library(name: "SenseBridgeTesting", targets: ["SenseBridgeTesting"]),
        .library(name: "SenseBridgeProcess", targets: ["SenseBridgeProcess"]),
        // For Fuzz/, whose targets read settings, credentials and replies through the
        // first and hand the host composer results in C memory through the second.
        .library(name: "SenseBridgeNetwork", targets: ["SenseBridgeNetwork"]),
        .library(name: "SenseBridgeABICodec", targets: ["SenseBridgeABICodec"]),
    ] + plugins.map(\.0) + fixtures.products,
    targets: [
        .target(name: "CSenseBridgeABI"),
        .systemLibrary(name: "CLtdl", providers: [.apt(["libltdl-dev"])]),
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CFreenect", pkgConfig: "libfreenect", providers: [.apt(["libfreenect-dev"])]),
        // FFmpeg's six libraries share one include directory, so one .pc file finds them all;
        // the module map links each.
        .systemLibrary(name: "CLibAV", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavdevice-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev",
                                         "libavutil-dev"])]),
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CSpeechd", pkgConfig: "speech-dispatcher", providers: [.apt(["libspeechd-dev"])]),
        // BrlAPI ships no .pc file; its header is in /usr/include.
        .systemLibrary(name: "CBrlAPI", providers: [.apt(["libbrlapi-dev"])]),
        .systemLibrary(name: "CLouis", pkgConfig: "liblouis", providers: [.apt(["liblouis-dev"])]),
        // OpenCV's DNN module has no C API: one C++ file gives the object detector and the sound
        // classifier a C one.
        // Debian's libopencv-dev ships opencv4.pc, but libopencv-dnn-dev alone does not.
        .target(name: "COpenCVDNN",
                cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
                linkerSettings: [.linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")]),
        // The page in a photograph, for the tesseract OCR plugin: its outline found and its
        // perspective undone with OpenCV's imgproc, through a C++ file of its own (the DNN
        // module stays out of the reader), and the geometry that decides what is a page.
        .target(name: "COpenCVPage",
                cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
                linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")]),
        .target(name: "PageOutline", dependencies: ["COpenCVPage", "SenseBridgeCore"]),
        // What the camera and audio sources share of FFmpeg: setup, error text, one input's
        // best stream demuxed and decoded, and a paced sleep. Each links its own static copy.
        .target(name: "LibAVMedia", dependencies: ["CLibAV"]),
        // Pure reasoning: perception, phrasing, judging, narration, awareness. No I/O but files.
        .target(name: "SenseBridgeCore"),
        // The one C <-> Swift conversion of the header's structs, shared by both sides of the boundary.
        .target(name: "SenseBridgeABICodec", dependencies: ["CSenseBridgeABI", "SenseBridgeCore"]),
        .target(name: "SenseBridgePluginKit", dependencies: ["CSenseBridgeABI", "SenseBridgeABICodec", "SenseBridgeCore"]),
        // The runtime: manifests, loading, instances, profiles, fan-out, the description pipeline, sessions.
        // The process's edge: child processes without Foundation's Process (posix_spawn, pipes, wait
        // statuses), whole-file reads that lose nothing on empty files, which sanitizer is running.
        .target(name: "SenseBridgeProcess"),
        // The sealed memfd frames cross in between the host and a runner (memfd_create and the
        // sealing fcntls, which Glibc's Swift module does not export).
        .target(name: "CFrameRing"),
        .target(name: "SenseBridgeHost",
                dependencies: ["CSenseBridgeABI", "CLtdl", "CFrameRing", "SenseBridgeABICodec", "SenseBridgeCore", "SenseBridgeProcess"]),
        // The conformance harness (`plugins test`), driven by the CLI, which tells it how to re-invoke itself.
        .target(name: "SenseBridgeHarness",
                dependencies: ["CSenseBridgeABI", "SenseBridgeABICodec", "SenseBridgeHost", "SenseBridgeCore", "SenseBridgeProcess"]),
        // Consent, credentials, settings and network reasoning: with the network plugin, the
        // only code that may use FoundationNetworking.
        .target(name: "SenseBridgeNetwork", dependencies: ["SenseBridgeHost", "SenseBridgeCore", "SenseBridgeProcess"]),
        // Serves one plugin in a process of its own (Sources/SenseBridgeHost/Isolation).
        .target(name: "CRunnerSandbox"),
        .executableTarget(name: "sensebridge-plugin-runner", dependencies: ["SenseBridgeHost", "CRunnerSandbox"]),
        .executableTarget(name: "sensebridge",
                          dependencies: ["SenseBridgeHost", "SenseBridgeHarness", "SenseBridgeNetwork", "SenseBridgeCore", "SenseBridgeProcess"]),
        // What a plugin's author tests with, in its own package: the in-memory hosts, the
        // harness entry point, fixture builders. Needs nothing of the host, and is handed
        // paths rather than finding this repository's.
        .target(name: "SenseBridgeTesting", dependencies: ["SenseBridgePluginKit", "SenseBridgeABICodec", "SenseBridgeCore", "CSenseBridgeABI",
                                                           "SenseBridgeProcess"]),
        // This repository's own test helpers (its paths, the built CLI, the C fixtures, the
        // sample recordings), re-exporting SenseBridgeTesting: no product, so no other package
        // sees them. Benchmarks/ compiles the same folder through a symlink.
        .target(name: "SenseBridgeRepositoryTesting", dependencies: ["SenseBridgeTesting", "CSenseBridgeABI", "SenseBridgeCore",
                                                                     "SenseBridgeProcess"]),
        .testTarget(name: "SenseBridgeCoreTests", dependencies: ["SenseBridgeCore", "SenseBridgeRepositoryTesting"]),
        .testTarget(name: "SenseBridgeABICodecTests",
                    dependencies: ["SenseBridgeABICodec", "SenseBridgeCore", "CSenseBridgeABI", "SenseBridgeHost", "SenseBridgePluginKit"]),
        .testTarget(name: "SenseBridgeHostTests", dependencies: ["SenseBridgeHost", "SenseBridgeRepositoryTesting", "SenseBridgeCore", "SenseBridgeProcess"]),
        .testTarget(name: "SenseBridgeHarnessTests",
                    dependencies: ["SenseBridgeHarness", "SenseBridgeHost", "SenseBridgeRepositoryTesting", "SenseBridgeCore", "SenseBridgeProcess"]),
        .testTarget(name: "SenseBridgeNetworkTests",
                    dependencies: ["SenseBridgeNetwork", "SenseBridgeHost", "SenseBridgeRepositoryTesting", "SenseBridgeCore"]),
        // The layout itself: which module may import which (docs/ARCHITECTURE.md).
        .testTarget(name: "ArchitectureTests", dependencies: ["SenseBridgeRepositoryTesting"]),
        .testTarget(name: "SenseBridgePluginKitTests", dependencies: ["SenseBridgePluginKit", "CSenseBridgeABI"]),
        .testTarget(name: "SenseBridgeTestingTests",
                    dependencies: ["SenseBridgeTesting", "SenseBridgePluginKit", "SenseBridgeCore"]),
    ] + plugins.flatMap(\.1) + fixtures.targets,
    swiftLanguageModes: [.v6]
)
