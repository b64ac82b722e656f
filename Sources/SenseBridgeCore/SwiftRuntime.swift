/// The Swift runtime a library was compiled for, as recorded in manifests and
/// descriptors ("swift-6.3").
///
/// Swift on Linux has no stable ABI between compiler releases: a plugin built by
/// another toolchain can crash the host on its first call. The host therefore
/// refuses a runtime other than its own, before loading and again after.
public enum SwiftRuntime {
    public static let current: String = {
        #if compiler(>=7.0)
        return "swift-7"
        #elseif compiler(>=6.5)
        return "swift-6.5"
        #elseif compiler(>=6.4)
        return "swift-6.4"
        #elseif compiler(>=6.3)
        return "swift-6.3"
        #elseif compiler(>=6.2)
        return "swift-6.2"
        #elseif compiler(>=6.1)
        return "swift-6.1"
        #else
        return "swift-6.0"
        #endif
    }()
}
