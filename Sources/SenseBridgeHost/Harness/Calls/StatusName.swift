import CSenseBridgeABI

/// The header's names for statuses, as a plugin author would search for them.
enum StatusName {
    static func name(_ status: sb_status) -> String {
        switch status {
        case SB_OK: return "SB_OK"
        case SB_ERR_INVALID_ARGUMENT: return "SB_ERR_INVALID_ARGUMENT"
        case SB_ERR_INVALID_CONFIG: return "SB_ERR_INVALID_CONFIG"
        case SB_ERR_UNSUPPORTED: return "SB_ERR_UNSUPPORTED"
        case SB_ERR_TIMEOUT: return "SB_ERR_TIMEOUT"
        case SB_ERR_CANCELLED: return "SB_ERR_CANCELLED"
        case SB_ERR_END_OF_STREAM: return "SB_ERR_END_OF_STREAM"
        case SB_ERR_IO: return "SB_ERR_IO"
        case SB_ERR_NETWORK: return "SB_ERR_NETWORK"
        case SB_ERR_NOT_STARTED: return "SB_ERR_NOT_STARTED"
        case SB_ERR_INTERNAL: return "SB_ERR_INTERNAL"
        default: return "status \(status)"
        }
    }
}
