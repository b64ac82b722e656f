import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// Checks every kind of plugin must pass.
enum CommonChecks {
    /// Malformed JSON a person could plausibly leave in a profile: a truncated
    /// object, and text that is not JSON at all.
    static let malformedConfigs = [#"{"sensebridge.harness": "#, "not json at all"]

    static func manifest(_ c: CheckContext) throws -> CheckReport {
        // LoadedPlugin.load checks ABI against the host, descriptor and table sizes,
        // kind, id and runtime against the manifest; what it does not, follows.
        let plugin = try c.plugin()
        let d = plugin.descriptor.pointee
        let m = c.manifest
        // Findings the host itself tolerates (it loads the library anyway) fail this
        // check but leave the rest of the suite to run; a NULL function does not.
        var problems: [String] = []
        if d.abi_major != m.abiMajor || d.abi_minor != m.abiMinor {
            problems.append("the manifest declares ABI \(m.abiMajor).\(m.abiMinor) but the library's descriptor declares \(d.abi_major).\(d.abi_minor); both must name the oldest host the plugin needs")
        }
        let version = d.version.flatMap { String(validatingCString: $0) }
        if version != m.version {
            problems.append("the manifest's version is \(m.version) but the library's is \(version.map { "'\($0)'" } ?? "not UTF-8")")
        }
        let missing = RawTables.missingFunctions(plugin)
        if !missing.isEmpty {
            throw CheckFailure((problems + ["the \(plugin.kind.rawValue) table has NULL \(missing.joined(separator: ", "))"]).joined(separator: "; "))
        }
        var selfTests: [String]?
        if let raw = plugin.extensionInterface(SB_INTERFACE_PLUGIN_TESTS) {
            c.step("reading the \(SB_INTERFACE_PLUGIN_TESTS) table")
            switch selfTestNames(raw) {
            case .success(let names): selfTests = names
            case .failure(let failure): problems.append(failure.reason)
            }
        }
        guard problems.isEmpty else {
            return CheckReport(status: .fail, reason: problems.joined(separator: "; "), selfTests: selfTests, libraryUsable: true)
        }
        let tests = selfTests.map { ", \($0.count) self-test(s)" } ?? ""
        return CheckReport(status: .pass, reason: "\(m.id) \(version ?? "") is a \(plugin.kind.rawValue), ABI \(d.abi_major).\(d.abi_minor), runtime \(m.runtime ?? "C")\(tests)",
                           selfTests: selfTests)
    }

    static func selfTestNames(_ raw: UnsafeRawPointer) -> Result<[String], CheckFailure> {
        let size = raw.load(as: UInt32.self)
        guard size >= UInt32(MemoryLayout<sb_plugin_tests>.size) else {
            return .failure(CheckFailure("the \(SB_INTERFACE_PLUGIN_TESTS) table is \(size) bytes; ABI 1.0 needs \(MemoryLayout<sb_plugin_tests>.size)"))
        }
        let table = raw.load(as: sb_plugin_tests.self)
        guard let count = table.count, let name = table.name, table.run != nil else {
            return .failure(CheckFailure("the \(SB_INTERFACE_PLUGIN_TESTS) table has a NULL function"))
        }
        let total = count()
        guard total <= 256 else { return .failure(CheckFailure("the plugin declares \(total) self-tests; at most 256 are run")) }
        var names: [String] = []
        for index in 0..<total {
            guard let pointer = name(index), let text = String(validatingCString: pointer) else {
                return .failure(CheckFailure("self-test \(index) has a NULL or non-UTF-8 name"))
            }
            guard ConformanceSuite.isValidSelfTestName(text) else {
                return .failure(CheckFailure("self-test \(index)'s name '\(text.prefix(80))' must be 1-64 letters, digits, '-', '_' or '.'"))
            }
            guard !names.contains(text) else { return .failure(CheckFailure("two self-tests are named '\(text)'")) }
            names.append(text)
        }
        return .success(names)
    }

    static func createDefault(_ c: CheckContext) throws -> CheckReport {
        let factory = try RawFactory(try c.plugin(), context: c)
        let config = try c.defaultConfigJSON()
        c.step("create with \(c.configName) \(config)")
        let start = MonotonicClock.nanoseconds()
        let instance = try factory.makeOrFail(config: config, what: "create with \(c.configName)")
        let created = ResidentMemory.seconds(since: start)
        c.step("destroy")
        factory.destroy(instance)
        return .pass("created with \(config) in \(Int(created * 1000)) ms and destroyed")
    }

    static func createInvalidConfig(_ c: CheckContext) throws -> CheckReport {
        let factory = try RawFactory(try c.plugin(), context: c)
        let error = ErrorSlot()
        for config in malformedConfigs {
            let shown = "`\(config)`"
            c.step("create with the malformed config \(shown)")
            if let instance = factory.make(config: config, error: error) {
                c.step("destroy the instance created from malformed config")
                factory.destroy(instance)
                throw CheckFailure("create accepted the malformed config \(shown) and returned an instance; it must return NULL with SB_ERR_INVALID_CONFIG")
            }
            if error.code == SB_OK && error.isEmpty {
                throw CheckFailure("create returned NULL for the malformed config \(shown) without an error code or message")
            }
            if error.code == SB_OK {
                throw CheckFailure("create returned NULL for the malformed config \(shown) with a message but status SB_OK")
            }
            if error.isEmpty {
                throw CheckFailure("create refused the malformed config \(shown) with \(ABIStatus.name(error.code)) but no message; the person editing the profile is told nothing")
            }
            if error.code != SB_ERR_INVALID_CONFIG {
                throw CheckFailure("create refused the malformed config \(shown) with \(error.describe(status: error.code)); the header's code for this is SB_ERR_INVALID_CONFIG")
            }
        }
        return .pass("refused \(malformedConfigs.count) malformed configs with SB_ERR_INVALID_CONFIG and a message")
    }

    static func createDestroyCycles(_ c: CheckContext) throws -> CheckReport {
        let factory = try RawFactory(try c.plugin(), context: c)
        let config = try c.defaultConfigJSON()
        let error = ErrorSlot()
        c.step("create/destroy cycles")
        let measurement = try ResidentMemory.measure(budget: c.timeout * 0.8) {
            guard let instance = factory.make(config: config, error: error) else {
                throw CheckFailure("create failed during the cycles with \(error.describe(status: error.code))")
            }
            factory.destroy(instance)
        }
        return try ResidentMemory.report(measurement, unit: "cycle")
    }

    static func errorMessages(_ c: CheckContext) throws -> CheckReport {
        let plugin = try c.plugin()
        var provoked = ErrorProvocations()
        let factory = try RawFactory(plugin, context: c)
        let error = ErrorSlot()
        for config in CommonChecks.malformedConfigs {
            c.step("create with the malformed config `\(config)`")
            if let instance = factory.make(config: config, error: error) {
                factory.destroy(instance)
            } else {
                provoked.record("create with a malformed config", status: error.code, error, ownsEmptiness: false)
            }
        }
        switch plugin.kind {
        case .renderTarget: try RenderTargetChecks.provokeErrors(c, &provoked)
        case .sceneComposer: try ComposerChecks.provokeErrors(c, &provoked)
        case .sensingSource: try SourceChecks.provokeErrors(c, &provoked)
        case .perceiver where c.manifest.listens: try ListenerChecks.provokeErrors(c, &provoked)
        case .perceiver: try PerceiverChecks.provokeErrors(c, &provoked)
        }
        if let problem = provoked.problems.first { throw CheckFailure(problem) }
        return .pass("\(provoked.count) error message(s) provoked, all well formed")
    }

    static func threading(_ c: CheckContext) throws -> CheckReport {
        switch try c.plugin().kind {
        case .renderTarget: return try RenderTargetChecks.threading(c)
        case .sceneComposer: return try ComposerChecks.threading(c)
        case .sensingSource: return try SourceChecks.threading(c)
        case .perceiver where c.manifest.listens: return try ListenerChecks.threading(c)
        case .perceiver: return try PerceiverChecks.threading(c)
        }
    }

    static func leakPerCall(_ c: CheckContext) throws -> CheckReport {
        switch try c.plugin().kind {
        case .renderTarget: return try RenderTargetChecks.leakPerCall(c)
        case .sceneComposer: return try ComposerChecks.leakPerCall(c)
        case .sensingSource: return try SourceChecks.leakPerCall(c)
        case .perceiver where c.manifest.listens: return try ListenerChecks.leakPerCall(c)
        case .perceiver: return try PerceiverChecks.leakPerCall(c)
        }
    }

    /// How long a worker thread may take over a short series of calls before the
    /// check calls it stuck. Only a hang ceiling, never a speed test: a fixed figure would
    /// fail a correct plugin on a busy machine. Sized from the check's timeout, so the
    /// check names the stuck call before the harness kills its process.
    static func workerBound(_ c: CheckContext) -> TimeInterval {
        c.timeout * 0.7
    }
}
