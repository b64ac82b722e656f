import Foundation
import SenseBridgeProcess

/// One run of a command as a person runs it: the whole process, start-up included.
struct ProcessFigures {
    var wallSeconds: Double
    /// User + system time of the child, from wait4's rusage. (Not its ru_maxrss: a child
    /// posix_spawn starts shares the bench's memory until exec, and Linux counts the bench's
    /// peak as the child's; `MeasuredRun` reads peaks from /proc instead.)
    var cpuSeconds: Double
    /// Seconds from spawn to the first byte on its stdout, when asked for.
    var firstByteSeconds: Double?
    var status: Int32
}

enum WholeProcess {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` once with stdin and stderr on /dev/null. With `firstByte`, its
    /// stdout is a pipe and the time its first byte arrives is kept (the rest is read and
    /// dropped); otherwise stdout is /dev/null too.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    firstByte: Bool = false) throws -> ProcessFigures {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { throw Failed(description: "/dev/null cannot be opened") }
        defer { close(null) }
        let started = DispatchTime.now().uptimeNanoseconds
        let (pid, output) = try ProcessSpawn.serialized { () throws -> (pid_t, Int32) in
            let pipe = firstByte ? try SpawnPipe() : nil
            defer { if let pipe { close(pipe.write) } }
            do {
                let pid = try ProcessSpawn.spawn(executable, arguments, environment: environment,
                                                 descriptors: [(pipe?.write ?? null, 1), (null, 2)], newProcessGroup: false)
                return (pid, pipe?.read ?? -1)
            } catch {
                if let pipe { close(pipe.read) }
                throw error
            }
        }
        var firstByteSeconds: Double?
        if output >= 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(output, &buffer, buffer.count)
                if count > 0, firstByteSeconds == nil {
                    firstByteSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                }
                if count == 0 || (count < 0 && errno != EINTR) { break }
            }
            close(output)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let exit: Int32
        switch ProcessSpawn.Termination(waitStatus: status) {
        case .exited(let code): exit = code
        case .signalled(let signal): exit = 128 + signal
        }
        return ProcessFigures(wallSeconds: wall, cpuSeconds: cpu, firstByteSeconds: firstByteSeconds, status: exit)
    }

    /// Runs A and B in turn `runs` times (A B A B …, after one warm-up pair) and returns
    /// every run's figures: pairing keeps a ratio fair while the machine's speed drifts.
    static func paired(runs: Int, _ a: () throws -> ProcessFigures,
                       _ b: () throws -> ProcessFigures) rethrows -> (a: [ProcessFigures], b: [ProcessFigures]) {
        _ = try a()
        _ = try b()
        var first: [ProcessFigures] = [], second: [ProcessFigures] = []
        for _ in 0..<runs {
            first.append(try a())
            second.append(try b())
        }
        return (first, second)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The median of A/B taken pair by pair.
func pairedRatio(_ a: [Double], _ b: [Double]) -> Double {
    median(zip(a, b).map { $0 / $1 })
}

/// SenseBridge laid out as `make install` leaves it (bin/, lib/sensebridge/plugins/), in a
/// scratch prefix with its own XDG directories: commands then find the shipped plugins
/// the way an installed host does (each in its own process, as every plugin runs by default),
/// and never read or write the user's own settings.
struct InstalledLayout {
    let prefix: URL
    let environment: [String: String]
    var cli: String { prefix.appendingPathComponent("bin/sensebridge").path }

    init(binaries: URL, plugins: URL, scratch: URL) throws {
        prefix = scratch.appendingPathComponent("prefix")
        let files = FileManager.default
        let bin = prefix.appendingPathComponent("bin"), lib = prefix.appendingPathComponent("lib/sensebridge")
        try files.createDirectory(at: bin, withIntermediateDirectories: true)
        try files.createDirectory(at: lib, withIntermediateDirectories: true)
        for tool in ["sensebridge", "sensebridge-plugin-runner"] {
            try files.copyItem(at: binaries.appendingPathComponent(tool), to: bin.appendingPathComponent(tool))
        }
        try files.copyItem(at: plugins, to: lib.appendingPathComponent("plugins"))
        // The staged models are a relative link beside the manifests (../models), which the
        // copy keeps but no longer leads anywhere: point it at the models themselves.
        let models = plugins.appendingPathComponent("models")
        if (try? files.destinationOfSymbolicLink(atPath: models.path)) != nil {
            let copied = lib.appendingPathComponent("plugins/models")
            try files.removeItem(at: copied)
            try files.createSymbolicLink(at: copied, withDestinationURL: models.resolvingSymlinksInPath())
        }
        let home = scratch.appendingPathComponent("home")
        environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                       "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                       "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                       "XDG_STATE_HOME": home.appendingPathComponent("state").path]
    }

    func run(_ arguments: [String], firstByte: Bool = false) throws -> ProcessFigures {
        let figures = try WholeProcess.run(cli, arguments, environment: environment, firstByte: firstByte)
        guard figures.status == 0 else {
            throw WholeProcess.Failed(description: "sensebridge \(arguments.joined(separator: " ")) exited with \(figures.status)")
        }
        return figures
    }
}
