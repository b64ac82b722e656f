import Foundation
import SenseBridgeCore
import Synchronization

/// Keeps descriptor 1 for the host alone, although plugins loaded in process share it.
///
/// The host's stdout is the spoken result (describe prints the sentences there), so a
/// plugin's `printf("It is SAFE to cross now.")` on it would be read as something
/// SenseBridge said. `claim()` moves the real stdout to a descriptor only the host
/// writes (`hostDescriptor`) and points descriptor 1 at a pipe that a thread drains:
/// whatever a plugin prints is dropped, counted, and warned about once (never shown,
/// since it could hold what the camera saw). Isolated plugins print into their
/// runner's own stdout pipe, which the host drops the same way.
public enum StandardOutputGuard {
    /// Where the host's own stdout writes go; 1 until `claim()`.
    public static var hostDescriptor: Int32 { descriptor.load(ordering: .acquiring) }
    /// Bytes plugins in this process printed and the host dropped.
    public static var droppedBytes: Int { dropped.load(ordering: .relaxed) }

    private static let descriptor = Atomic<Int32>(STDOUT_FILENO)
    private static let dropped = Atomic<Int>(0)
    private static let claimed = Locked(false)

    /// Safe to call more than once; later calls do nothing. Call before any plugin loads.
    public static func claim(log: HostLog = .shared) {
        claimed.withLock { claimed in
            guard !claimed else { return }
            let saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
            var ends: [Int32] = [-1, -1]
            guard saved >= 0, pipe(&ends) == 0 else { return }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            guard dup2(ends[1], STDOUT_FILENO) >= 0 else { return }
            close(ends[1])
            claimed = true
            descriptor.store(saved, ordering: .releasing)
            let reader = ends[0]
            let thread = Thread { drain(reader, log: log) }
            thread.name = "sensebridge.stdout-guard"
            thread.start()
        }
    }

    private static func drain(_ fd: Int32, log: HostLog) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            if dropped.wrappingAdd(count, ordering: .relaxed).oldValue == 0 {
                log.event(.warning, "plugin.stdout-dropped", [.public("isolated", "false")])
            }
        }
    }
}
