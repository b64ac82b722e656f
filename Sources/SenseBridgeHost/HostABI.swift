import CSenseBridgeABI

/// The plugin ABI this host implements.
public enum HostABI {
    public static let major = SB_ABI_MAJOR
    public static let minor = SB_ABI_MINOR
    public static var versionString: String { "\(major).\(minor)" }
}
