import Glibc

/// Sleeps until `deadline` on `clock`: a signal that ends a sleep early does not end
/// the wait early. For a source that hands a file out at its own pace or polls a device.
public func sleep(until deadline: UInt64, clock: () -> UInt64) {
    while true {
        let now = clock()
        guard deadline > now else { return }
        let wait = deadline - now
        var request = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}
