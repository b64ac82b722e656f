import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.perceiver(ObjectDetector.self, id: "org.sensebridge.object-detector", version: "1.0.0", abiMinor: 7)
}

/// Finds objects in an image with a detection network run by OpenCV's DNN module: one
/// `.object` record per detection the label map names and its threshold lets through,
/// with the model's score and a box normalized to the image.
///
/// What the camera saw is the person's own: it is never logged, at any level; the host
/// log gets how many things were found (private) and how long it took (public). The
/// model is loaded when the plugin is created, so a missing or broken model fails
/// loading, naming the file and what installs it, instead of the first frame of a walk.
public final class ObjectDetector: PerceiverPlugin {
    private let settings: DetectorSettings
    private let labels: LabelMap
    private let host: HostServices
    /// Touched only by `perceive` ([instance-thread]); given back to the pool with the instance.
    private let net: OpenCVNet
    private let netKey: NetPool.Key

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        settings = try DetectorSettings(config)
        labels = try settings.labels.map(LabelMap.read) ?? COCOLabelMap.map
        try settings.checkFiles()
        try OpenCVThreads.confine(to: settings.threads)
        let started = host.monotonicNanoseconds()
        netKey = NetPool.Key(settings)
        net = try NetPool.take(settings, key: netKey)
        host.log(.info, "detector.ready", [("model", .public(settings.model.lastPathComponent)),
                                          ("classes", .public(String(labels.entries.count))),
                                          ("threads", .public(String(settings.threads))),
                                          ("milliseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000_000)))])
    }

    deinit {
        NetPool.giveBack(net, key: netKey)
    }

    public func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord] {
        // OpenCV cannot interrupt a forward pass, so the checkpoint is asked at its edges:
        // before anything starts, after the image is prepared, and after the pass.
        let stop = { (stage: String) throws in try request.checkpoint.check("Looking for objects in the image", stage) }
        try stop("before it started")
        let started = host.monotonicNanoseconds()
        try net.setInput(request.image, settings.preprocessing)
        try stop("while the image was being prepared")
        let rows = try net.forward()
        // A forward pass cannot be stopped: a cancel or deadline that came during it is
        // honoured now, and what it found is dropped (a late answer would describe a view
        // the person has moved on from).
        try stop("while the network was running")
        let records = rows.compactMap { DetectedObject.record($0, labels: labels, minimumConfidence: settings.minimumConfidence) }
        // How many things were found says something about what the person looked at: private.
        host.log(.debug, "detector.detected", [("objects", .private(String(records.count))),
                                              ("milliseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000_000)))])
        return records
    }
}
