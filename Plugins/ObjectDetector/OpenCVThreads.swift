import COpenCVDNN
import SenseBridgePluginKit

/// How many threads OpenCV may run a forward pass on.
///
/// Debian builds OpenCV 4.6 on TBB, which by default takes every core for each pass. On a
/// 2-core machine that is also running a walk, the detector would then compete with the
/// depth loop for both cores at every frame it looks at (Invariant 5: the depth cadence
/// never waits).
///
/// Measured with `make bench SECTION=detection` on this project's 2-core machine, shared
/// with other builds (load average 3 to 5): a thread reducing a 640×480 depth frame every
/// 33 ms, timed from when each frame was due, while the detector (isolated) looks at the
/// coffee photograph over and over. Two runs:
///
/// | depth loop            | reduced p99 after due | detection p50 / p90        |
/// |-----------------------|-----------------------|----------------------------|
/// | alone                 | 3.97 ms, 3.49 ms      |                            |
/// | detecting, 1 thread   | 3.87 ms, 3.63 ms      | 78.4 / 90.0, 80.6 / 99.8 ms |
/// | detecting, 2 threads  | 10.84 ms, 5.26 ms     | 79.8 / 100.7, 76.7 / 86.9 ms |
///
/// On one thread the depth loop keeps its own timing as if the detector were not there;
/// on two it is up to 7 ms later at p99, and detection is no faster (the second core is
/// not free to give on a busy small machine). One thread is the default; `threads` raises
/// it where cores are idle.
enum OpenCVThreads {
    static let defaultCount = 1

    /// Process-wide (cv::setNumThreads): in its own process (the manifest's default) the
    /// detector is the process's only user of OpenCV; in process it is the host's only one.
    static func confine(to threads: Int) throws {
        let message = ShimMessage()
        guard sb_dnn_set_threads(Int32(threads), message.buffer, message.size) == 0 else {
            throw PluginError(.internal, "OpenCV could not be limited to \(threads) threads: \(message.text).")
        }
    }
}
