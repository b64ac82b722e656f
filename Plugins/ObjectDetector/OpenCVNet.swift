import COpenCVDNN
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// One network loaded through OpenCV's DNN module (Sources/COpenCVDNN); an instance uses
/// it alone, and gives it back to `NetPool` when it goes. [instance-thread]
final class OpenCVNet {
    /// The rows one forward pass may give back: the header's cap on one result's records
    /// (SB_PERCEIVE_MAX_RECORDS). SSD's DetectionOutput keeps 100.
    static let maximumRows = 4096

    private let net: OpaquePointer

    init(_ settings: DetectorSettings) throws {
        let message = ShimMessage()
        guard let net = sb_dnn_load(settings.model.path, settings.graph?.path ?? "", settings.framework,
                                    message.buffer, message.size) else {
            let files = [settings.model.path, settings.graph?.path].compactMap { $0 }.joined(separator: " and ")
            throw PluginError(.io, "OpenCV could not load the object detector's model from \(files): \(message.text). The files may be damaged, or not a network OpenCV 4.6 reads; reinstall them with \(DetectorSettings.installCommand).")
        }
        self.net = net
    }

    deinit {
        sb_dnn_free(net)
    }

    /// Makes `image` the network's input: resized and converted as `preprocessing` says.
    func setInput(_ image: ImageFrame, _ preprocessing: DetectorSettings.Preprocessing) throws {
        var shape = sb_dnn_preprocessing(input_width: Int32(preprocessing.inputWidth), input_height: Int32(preprocessing.inputHeight),
                                         scale: preprocessing.scale,
                                         mean: (preprocessing.mean[0], preprocessing.mean[1], preprocessing.mean[2]),
                                         swap_rb: preprocessing.swapRB ? 1 : 0)
        let message = ShimMessage()
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            sb_dnn_set_input(net, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.format.bytesPerPixel),
                             image.bytesPerRow, &shape, message.buffer, message.size)
        }
        guard status == 0 else {
            throw PluginError(.invalidArgument, "OpenCV could not prepare the \(image.width)x\(image.height) image for the detector: \(message.text).")
        }
    }

    /// One forward pass on the input set last; rows as the model gave them.
    func forward() throws -> ArraySlice<sb_dnn_detection> {
        let message = ShimMessage()
        var rows = [sb_dnn_detection](repeating: sb_dnn_detection(), count: Self.maximumRows)
        let count = rows.withUnsafeMutableBufferPointer { rows in
            sb_dnn_forward(net, rows.baseAddress, Int32(rows.count), message.buffer, message.size)
        }
        guard count >= 0 else {
            throw PluginError(.unsupported, "The object detector's model could not be run on the image: \(message.text).")
        }
        guard Int(count) <= rows.count else {
            throw PluginError(.unsupported, "The object detector's model gave \(count) detections for one image, more than the \(rows.count) one answer may carry.")
        }
        return rows[..<Int(count)]
    }
}
