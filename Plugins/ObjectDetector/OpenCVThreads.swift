import COpenCVDNN
import SenseBridgePluginKit

/// How many threads OpenCV may run a forward pass on.
///
/// Debian builds OpenCV 4.6 on TBB, which by default takes every core for each pass. On a
/// 2-core machine that is also running a walk, the detector would then compete with the
/// depth loop for both cores at every frame it looks at (Invariant 5: the depth cadence
/// never waits).
///
/// Measured on this project's 2-core machine while it was shared with other builds (load
/// average 5 to 7), detecting the coffee photograph in a loop with OpenCV's Python binding
/// beside a stand-in for the depth loop (a C program waking every 33 ms for a few
/// milliseconds of arithmetic), two rounds each (docs/OBJECT_DETECTOR.md has the commands):
///
/// | threads | detection p50 / p90        | depth stand-in: wake-up lateness p99 | work p99     |
/// |---------|----------------------------|--------------------------------------|--------------|
/// | 1       | 117 / 135 ms, 154 / 192 ms | 9.0 ms, 16.5 ms                      | 7.2, 2.8 ms  |
/// | 2       | 119 / 187 ms, 133 / 193 ms | 13.0 ms, 15.0 ms                     | 5.3, 14.0 ms |
///
/// A second thread bought at most 13 % at the median and nothing at p90, and the depth
/// stand-in's worst cycle got no better: on a busy small machine the second core is not
/// free to give. One thread is the default; `threads` raises it where cores are idle.
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
