import COpenCVDNN
import Foundation
import SenseBridgePluginKit

/// YAMNet loaded through OpenCV's DNN module (Sources/COpenCVDNN). [instance-thread]
final class YAMNetNet {
    static let inputShape: [Int32] = [1, 1, Int32(LogMelFrontend.patchFrames), Int32(LogMelFrontend.bands)]

    private let net: OpaquePointer
    let classCount: Int

    init(model: URL, classCount: Int) throws {
        self.classCount = classCount
        var loaded: OpaquePointer?
        let message = Self.calling { buffer, size in loaded = sb_dnn_load(model.path, "", "onnx", buffer, size) }
        guard let loaded else {
            throw PluginError(.io, "OpenCV could not load the sound classifier's model from \(model.path): \(message). The file may be damaged, or not the float graph scripts/tools/strip-qdq.py makes; reinstall it with \(ClassifierSettings.installCommand).")
        }
        net = loaded
    }

    deinit {
        sb_dnn_free(net)
    }

    /// Threads for every net in the process (cv::setNumThreads): in its own process (the
    /// manifest's default) the classifier is the only user of OpenCV there.
    static func confine(to threads: Int) throws {
        var status: Int32 = 0
        let message = calling { buffer, size in status = sb_dnn_set_threads(Int32(threads), buffer, size) }
        guard status == 0 else {
            throw PluginError(.internal, "OpenCV could not be limited to \(threads) threads: \(message).")
        }
    }

    /// The model's logits for one patch, one per class of the class map.
    func logits(_ patch: LogMelFrontend.Patch) throws -> [Float] {
        var status: Int32 = 0
        var message = Self.calling { buffer, size in
            status = patch.values.withUnsafeBufferPointer { values in
                Self.inputShape.withUnsafeBufferPointer { shape in
                    sb_dnn_set_input_values(net, values.baseAddress, shape.baseAddress, Int32(shape.count), buffer, size)
                }
            }
        }
        guard status == 0 else {
            throw PluginError(.internal, "OpenCV could not take a log-mel patch as the sound classifier's input: \(message).")
        }
        var output = [Float](repeating: 0, count: classCount)
        var count: Int64 = 0
        message = Self.calling { buffer, size in
            count = output.withUnsafeMutableBufferPointer { output in
                sb_dnn_forward_values(net, output.baseAddress, Int64(output.count), buffer, size)
            }
        }
        guard count >= 0 else {
            throw PluginError(.unsupported, "The sound classifier's model could not be run: \(message).")
        }
        guard count == classCount else {
            throw PluginError(.unsupported, "The sound classifier's model gives \(count) scores for a patch; its class map names \(classCount) classes. The model and the class map do not belong together.")
        }
        return output
    }

    /// Runs `body` with a buffer the shim writes an error message into; returns the message.
    private static func calling(_ body: (UnsafeMutablePointer<CChar>, Int) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer in
            buffer.initialize(repeating: 0)
            body(buffer.baseAddress!, buffer.count)
            return String(cString: buffer.baseAddress!)
        }
    }
}
