import Synchronization

/// Whether this host was asked to stop (SIGINT, SIGTERM), set by the CLI's signal
/// handler the moment the signal arrives, before the session hears of it on another
/// thread. A service stop (`systemctl --user stop`) signals the runners too; one that
/// dies of it meanwhile was stopped with the host: it is not started again (it would be
/// killed at once, and the stop would wait for its create), and its loss is not said.
public enum HostStop {
    private static let requested = Atomic<Bool>(false)

    /// Async-signal-safe: one atomic store.
    public static func request() {
        requested.store(true, ordering: .sequentiallyConsistent)
    }

    public static var isRequested: Bool {
        requested.load(ordering: .sequentiallyConsistent)
    }
}
