import Foundation

/// Plugin discovery, whole process, beside lilv's `lv2ls` listing as many LV2 bundles:
/// the reference for "read a directory of plugin descriptions without loading a library".
/// Both sides get the same count of generated plugins, each its own description file(s).
/// Each manifest names a library of its own beside it, as installed plugins do: a listing
/// checks every library (inside the manifest's directory, a regular file), so a fixture
/// whose manifests all named one library measured one check and a thousand answers from
/// a memo. The LV2 bundles are as they were: lilv reads their binary's name, never the file.
func discoveryBenchmarks(_ installed: InstalledLayout, scratch: URL) throws {
    let lv2ls = ["/usr/bin/lv2ls", "/usr/local/bin/lv2ls"].first { FileManager.default.isExecutableFile(atPath: $0) }
    if lv2ls == nil {
        report("discovery anchor", "lv2ls not found: `scripts/deps.sh --bench` installs lilv-utils")
    }
    // What every listing pays whatever it finds: the process, its libraries, the registry.
    let empty = scratch.appendingPathComponent("manifests-0")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let floor = median(try (0..<11).map { _ in try installed.run(["plugins", "list", "--plugin-path", empty.path]).wallSeconds })
    report("plugins list, no manifest (the floor)", "\(format(floor * 1000)) ms")
    var perManifest: [(count: Int, seconds: Double)] = []
    for (count, runs) in [(1_000, 11), (10_000, 5), (30_000, 3)] {
        let manifests = scratch.appendingPathComponent("manifests-\(count)")
        let bundles = scratch.appendingPathComponent("lv2-\(count)")
        try generateManifests(count, in: manifests, from: installed)
        try generateLV2Bundles(count, in: bundles)
        let list = { try installed.run(["plugins", "list", "--plugin-path", manifests.path]) }
        var environment = installed.environment
        environment["LV2_PATH"] = bundles.path
        let ours: [ProcessFigures], theirs: [ProcessFigures]
        if let lv2ls {
            let anchor = { () throws -> ProcessFigures in
                let figures = try WholeProcess.run(lv2ls, [], environment: environment)
                guard figures.status == 0 else { throw WholeProcess.Failed(description: "lv2ls exited with \(figures.status)") }
                return figures
            }
            (ours, theirs) = try WholeProcess.paired(runs: runs, list, anchor)
        } else {
            (ours, theirs) = (try (0..<runs).map { _ in try list() }, [])
        }
        let wall = median(ours.map(\.wallSeconds))
        let each = (wall - floor) / Double(count)
        perManifest.append((count, each))
        report("plugins list, \(format(Double(count), 0)) manifests (whole process)",
               "\(format(wall * 1000)) ms, cpu \(format(median(ours.map(\.cpuSeconds)) * 1000)) ms; "
                   + "\(format(each * 1e6, 2)) µs a manifest over the floor")
        guard !theirs.isEmpty else { continue }
        let anchorWall = median(theirs.map(\.wallSeconds))
        report("lv2ls, \(format(Double(count), 0)) LV2 bundles (anchor, same run)",
               "\(format(anchorWall * 1000)) ms, cpu \(format(median(theirs.map(\.cpuSeconds)) * 1000)) ms  "
                   + "(ratio \(format(pairedRatio(ours.map(\.wallSeconds), theirs.map(\.wallSeconds)), 2))×"
                   + (count == 1_000 ? "; goal ≤ 0.6×)" : ")"))
    }
    if let small = perManifest.first, let large = perManifest.last, small.count != large.count {
        report("discovery, a manifest at \(format(Double(large.count), 0)) against \(format(Double(small.count), 0))",
               "×\(format(large.seconds / small.seconds, 2)) (goal: linear, about ×1)")
    }
}

/// `count` manifests of the staged haptic log, each with its own id and its own library
/// beside it (`libplugin-NNNNN.so`, a hard link to the staged library: a file of its own
/// name and directory entry, which is all a listing looks at, without thirty thousand
/// copies of it on disk).
private func generateManifests(_ count: Int, in directory: URL, from installed: InstalledLayout) throws {
    let plugins = installed.prefix.appendingPathComponent("lib/sensebridge/plugins")
    let template = try String(contentsOf: plugins.appendingPathComponent("haptic-log.json"), encoding: .utf8)
    let id = "\"id\": \"org.sensebridge.haptic-log\"", library = "\"library\": \"libHapticLog.so\""
    for original in [id, library] where !template.contains(original) {
        throw WholeProcess.Failed(description: "haptic-log.json has no \(original)")
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let staged = plugins.appendingPathComponent("libHapticLog.so").path
    for index in 0..<count {
        let name = String(format: "%05d", index)
        let text = template.replacingOccurrences(of: id, with: "\"id\": \"org.example.bench.plugin-\(index)\"")
            .replacingOccurrences(of: library, with: "\"library\": \"libplugin-\(name).so\"")
        try Data(text.utf8).write(to: directory.appendingPathComponent("plugin-\(name).json"))
        let linked = directory.appendingPathComponent("libplugin-\(name).so").path
        guard link(staged, linked) == 0 else {
            throw WholeProcess.Failed(description: "\(linked): \(String(cString: strerror(errno)))")
        }
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
