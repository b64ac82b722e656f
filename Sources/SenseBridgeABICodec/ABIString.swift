/// Strings read from C: a NULL is absent, bytes that are not UTF-8 are refused.
/// Nothing a plugin hands over is trusted to be text until it has been checked.
public enum ABIString {
    public static func decode(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(validatingCString: pointer)
    }
}
