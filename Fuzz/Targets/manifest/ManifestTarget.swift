import Foundation
import FuzzSupport
import SenseBridgeHost

/// A plugin manifest from any directory on the plugin path. Guards: a refusal names the
/// file and a reason; the fast path (which reads the common shapes without building a
/// JSON tree) gives exactly what the general reading gives, refusal for refusal.
/// The directory holds `libplugin.so` so that a manifest can also be accepted.
let manifestURL: URL = {
    FuzzScratch.file("libplugin.so", contents: Data("not a library; manifests never open it".utf8))
    return FuzzScratch.directory.appendingPathComponent("plugin.json")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.restData()
    let read = ManifestReader.parse(bytes, at: manifestURL)
    let general = ManifestReader.parseTheGeneralWay(bytes, at: manifestURL)
    switch (read, general) {
    case (.success(let fast), .success(let slow)):
        let differing = fast.fieldsDiffering(from: slow)
        fuzzCheck(differing.isEmpty, "the two readings differ in \(differing)")
        fuzzCheck(!fast.id.isEmpty && !fast.libraryPath.isEmpty, "an accepted manifest without an id or a library")
    case (.failure(let problem), .failure(let same)):
        fuzzCheck(problem == same, "the two readings refuse differently: '\(problem)' and '\(same)'")
        fuzzCheckNamesReason(problem, mentioning: manifestURL.path)
    case (.success, .failure(let problem)):
        fuzzCheck(false, "the fast path accepted what the general reading refuses: \(problem)")
    case (.failure(let problem), .success):
        fuzzCheck(false, "the fast path refused what the general reading accepts: \(problem)")
    }
    return 0
}
