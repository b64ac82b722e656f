import COpenCVDNN
import SenseBridgePluginKit

/// How many threads OpenCV may run a forward pass on.
///
/// Debian builds OpenCV 4.6 on TBB, which by default takes every core for each pass. On a
/// 2-core machine that is also running a walk, the detector would then compete with the
/// depth loop for both cores at every frame it looks at (Invariant 5: the depth cadence
/// never waits).
///
/// MEASURED
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
