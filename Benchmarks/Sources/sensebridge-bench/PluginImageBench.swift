import Foundation
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// What each plugin image's own static copy of the Swift core costs when it is loaded.
///
/// Every plugin library links SenseBridgeCore, PluginKit and the ABI codec statically, so
/// a plugin depends on the C header and the Swift runtime only, never on the host's build
/// (DESIGN.md). The price is a copy per image. Measured here: the bytes of those modules
/// in each image, and the time and resident memory one fresh `dlopen` of the image adds
/// to a process that already has the Swift runtime and Foundation (as the host has) —
/// the figures a shared core library would save, set beside the espeak-ng library the
/// speech plugin needs anyway.
func pluginImageBenchmarks(plugins: URL, scratch: URL) throws {
    let copies = scratch.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: plugins.path).filter { $0.hasSuffix(".so") }.sorted()
    var loads: [Double] = [], resident: [Int] = [], coreShares: [Double] = []
    for name in names {
        let source = plugins.appendingPathComponent(name)
        let size = (try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0
        let core = try swiftCoreBytes(in: source.path)
        // A copy is a new file, so dlopen maps and relocates it afresh even if the host
        // already loaded the original earlier in this run.
        let copy = copies.appendingPathComponent("fresh-" + name)
        try FileManager.default.copyItem(at: source, to: copy)
        let before = residentKiB(), started = MonotonicClock.nanoseconds()
        guard dlopen(copy.path, RTLD_NOW | RTLD_LOCAL) != nil else {
            report("plugin image \(name)", "could not be loaded: \(String(cString: dlerror()))")
            continue
        }
        let milliseconds = Double(MonotonicClock.nanoseconds() - started) / 1e6
        let added = residentKiB() - before
        loads.append(milliseconds)
        resident.append(added)
        coreShares.append(Double(core) / Double(max(size, 1)))
        report("plugin image \(name)", "\(size / 1024) KiB, of it \(core / 1024) KiB SenseBridge Swift code and data; "
               + "dlopen \(format(milliseconds, 2)) ms, +\(added) KiB RSS")
    }
    let espeak = ["/usr/lib/x86_64-linux-gnu/libespeak-ng.so.1", "/usr/lib/aarch64-linux-gnu/libespeak-ng.so.1"]
        .first { FileManager.default.fileExists(atPath: $0) }
    if let espeak {
        let copy = copies.appendingPathComponent("fresh-libespeak-ng.so.1")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: espeak), to: copy)
        let started = MonotonicClock.nanoseconds()
        if dlopen(copy.path, RTLD_NOW | RTLD_LOCAL) != nil {
            report("libespeak-ng with its audio stack (beside them)", "dlopen \(format(Double(MonotonicClock.nanoseconds() - started) / 1e6, 2)) ms")
        }
    }
    if !loads.isEmpty {
        report("per plugin image: median dlopen / RSS / core share",
               "\(format(median(loads), 2)) ms / +\(Int(median(resident.map(Double.init)))) KiB / \(format(median(coreShares) * 100, 0)) %")
    }
}

/// Bytes of defined symbols of SenseBridge's own Swift modules in a library (nm's sizes).
private func swiftCoreBytes(in path: String) throws -> Int {
    let result = try ProcessRunner.run("/usr/bin/nm", ["--defined-only", "-S", path], timeout: 60)
    var total = 0
    for line in result.standardOutput.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count == 4, let size = Int(fields[1], radix: 16) else { continue }
        let symbol = fields[3]
        if ["SenseBridgeCore", "SenseBridgePluginKit", "SenseBridgeABICodec"].contains(where: { symbol.contains($0) }) {
            total += size
        }
    }
    return total
}
