import Foundation

/// Plugin discovery, whole process, beside lilv's `lv2ls` listing as many LV2 bundles:
/// the reference for "read a directory of plugin descriptions without loading a library".
/// Both sides get the same count of generated plugins, each its own description file(s);
/// the manifests name one shared library, as LV2 bundles name theirs.
func discoveryBenchmarks(_ installed: InstalledLayout, scratch: URL) throws {
    let lv2ls = ["/usr/bin/lv2ls", "/usr/local/bin/lv2ls"].first { FileManager.default.isExecutableFile(atPath: $0) }
    if lv2ls == nil {
        report("discovery anchor", "lv2ls not found: `scripts/deps.sh --bench` installs lilv-utils")
    }
    var perManifest: [Int: Double] = [:]
    for (count, runs) in [(1_000, 11), (30_000, 3)] {
        let manifests = scratch.appendingPathComponent("manifests-\(count)")
        let bundles = scratch.appendingPathComponent("lv2-\(count)")
        try generateManifests(count, in: manifests, from: installed)
        try generateLV2Bundles(count, in: bundles)
        let list = { try installed.run(["plugins", "list", "--plugin-path", manifests.path]) }
        var environment = installed.environment
        environment["LV2_PATH"] = bundles.path
        guard let lv2ls else {
            let figures = try (0..<runs).map { _ in try list() }
            report("plugins list, \(count) manifests", "\(format(median(figures.map(\.wallSeconds)) * 1000)) ms")
            continue
        }
        let anchor = { () throws -> ProcessFigures in
            let figures = try WholeProcess.run(lv2ls, [], environment: environment)
            guard figures.status == 0 else { throw WholeProcess.Failed(description: "lv2ls exited with \(figures.status)") }
            return figures
        }
        let (ours, theirs) = try WholeProcess.paired(runs: runs, list, anchor)
        let wall = median(ours.map(\.wallSeconds)), anchorWall = median(theirs.map(\.wallSeconds))
        perManifest[count] = wall
        report("plugins list, \(count) manifests (whole process)",
               "\(format(wall * 1000)) ms, cpu \(format(median(ours.map(\.cpuSeconds)) * 1000)) ms")
        report("lv2ls, \(count) LV2 bundles (anchor, same run)",
               "\(format(anchorWall * 1000)) ms, cpu \(format(median(theirs.map(\.cpuSeconds)) * 1000)) ms  "
                   + "(ratio \(format(pairedRatio(ours.map(\.wallSeconds), theirs.map(\.wallSeconds)), 2))×; goal ≤ 0.6×)")
    }
    if let small = perManifest[1_000], let large = perManifest[30_000] {
        report("discovery, 30,000 against 1,000 manifests", "×\(format(large / small, 1)) for ×30 manifests (goal ≤ 32: linear)")
    }
}

/// `count` manifests of the staged haptic log, each with its own id, beside one copy of
/// its library.
private func generateManifests(_ count: Int, in directory: URL, from installed: InstalledLayout) throws {
    let plugins = installed.prefix.appendingPathComponent("lib/sensebridge/plugins")
    let template = try String(contentsOf: plugins.appendingPathComponent("haptic-log.json"), encoding: .utf8)
    let original = "\"id\": \"org.sensebridge.haptic-log\""
    guard template.contains(original) else { throw WholeProcess.Failed(description: "haptic-log.json has no \(original)") }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: plugins.appendingPathComponent("libHapticLog.so"),
                                     to: directory.appendingPathComponent("libHapticLog.so"))
    for index in 0..<count {
        let text = template.replacingOccurrences(of: original, with: "\"id\": \"org.example.bench.plugin-\(index)\"")
        try Data(text.utf8).write(to: directory.appendingPathComponent(String(format: "plugin-%05d.json", index)))
    }
}

/// `count` LV2 bundles as plugin authors ship them: manifest.ttl naming the plugin and its
/// binary, and a data file with its name and one audio port.
private func generateLV2Bundles(_ count: Int, in directory: URL) throws {
    for index in 0..<count {
        let bundle = directory.appendingPathComponent(String(format: "plugin-%05d.lv2", index))
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let uri = "<urn:example:bench:plugin-\(index)>"
        try Data("""
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        \(uri) a lv2:Plugin ;
            lv2:binary <plugin.so> ;
            rdfs:seeAlso <plugin.ttl> .

        """.utf8).write(to: bundle.appendingPathComponent("manifest.ttl"))
        try Data("""
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        \(uri) a lv2:Plugin ;
            doap:name "Bench plugin \(index)" ;
            lv2:port [ a lv2:InputPort, lv2:AudioPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] .

        """.utf8).write(to: bundle.appendingPathComponent("plugin.ttl"))
    }
}
