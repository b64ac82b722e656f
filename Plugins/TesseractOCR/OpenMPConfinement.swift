import Foundation

/// Keeps tesseract's OpenMP loops on the calling thread.
///
/// Debian builds libtesseract with OpenMP, whose LSTM loops ask for four threads each.
/// On a small machine that is busy with other work (a wearable, this project's 2-core
/// CI) the team's threads spin and wait on one another: the English sample page took
/// 1.5 s a read with OpenMP and 0.3 s confined to one thread (4.5 s against 0.95 s for
/// three reads, with 1.3 s of system time against 0.03 s). tesseract's own FAQ advises
/// OMP_THREAD_LIMIT=1, but libgomp reads its environment when it is loaded, which is
/// before this plugin runs, and `omp_set_num_threads` does not override the loops'
/// explicit thread counts. `omp_set_max_active_levels(0)` does: no parallel region is
/// active, so each runs with one thread. libgomp keeps that setting per thread, so only
/// the thread that reads the image is affected, never the host's or another plugin's.
enum OpenMPConfinement {
    private typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void

    /// nil when tesseract was built without OpenMP (libgomp is then not loaded).
    private static let setMaxActiveLevels: SetMaxActiveLevels? = {
        // RTLD_NOLOAD: only the libgomp tesseract already brought in, never a new copy.
        guard let library = dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD),
              let symbol = dlsym(library, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: SetMaxActiveLevels.self)
    }()

    /// Call on the thread about to run tesseract, before each read: the host may
    /// call an instance from a different thread next time.
    static func confineToCallingThread() {
        setMaxActiveLevels?(0)
    }
}
