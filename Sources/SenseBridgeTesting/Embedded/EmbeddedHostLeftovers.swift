import Foundation

/// Thrown by `finish()` when anything was left over.
public struct EmbeddedHostLeftovers: Error, CustomStringConvertible {
    public var leftovers: [Leftover]

    public var description: String {
        "The embedded host finished with leftovers:\n" + leftovers.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// Releases an instance and reports whether it really went away.
enum InstanceRelease {
    static func check<T: AnyObject>(_ instance: inout T?) -> Leftover? {
        weak let watcher = instance
        let type = instance.map { String(describing: Swift.type(of: $0)) } ?? String(describing: T.self)
        instance = nil
        return watcher == nil ? nil : .instanceNotDestroyed(type: type)
    }
}
