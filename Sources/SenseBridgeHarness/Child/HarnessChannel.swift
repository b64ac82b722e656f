import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// The child's end of the result channel.
final class HarnessChannel {
    private let descriptor: Int32
    private let nonce: String

    init(descriptor: Int32, nonce: String) {
        self.descriptor = descriptor
        self.nonce = nonce
    }

    /// Takes the descriptor and nonce from the environment and hides both from the
    /// plugin: the variables are removed and the descriptor moves to a high number,
    /// close-on-exec, so a plugin writing to "fd 3" or spawning a helper reaches neither.
    static func takeFromEnvironment() -> HarnessChannel? {
        guard let nonce = getenv(ResultChannel.nonceVariable).map({ String(cString: $0) }),
              let fdText = getenv(ResultChannel.descriptorVariable).map({ String(cString: $0) }),
              let fd = Int32(fdText) else { return nil }
        unsetenv(ResultChannel.nonceVariable)
        unsetenv(ResultChannel.descriptorVariable)
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 200)
        guard moved >= 0 else { return nil }
        close(fd)
        // Keep fd 3 occupied (by /dev/null) so a plugin that opens a file cannot get it
        // and have its own writes mistaken for the harness's.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 && null != fd { dup2(null, fd); close(null) }
        return HarnessChannel(descriptor: moved, nonce: nonce)
    }

    func step(_ text: String) { write(ResultChannel.stepLine(nonce: nonce, text)) }

    func finish(_ report: CheckReport) { write(ResultChannel.resultLine(nonce: nonce, report)) }

    private func write(_ line: String) {
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
