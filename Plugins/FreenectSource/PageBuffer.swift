import Foundation

/// A frame buffer mapped straight from the kernel rather than taken from malloc.
///
/// A Kinect source holds two large buffers (600 KiB of depth, 900 KiB of colour) for as
/// long as it lives. From malloc, sizes like these are served from the heap once glibc
/// has raised its mmap threshold, and creating and destroying sources in turn (the
/// harness's create-destroy check, a session restarting its source) left the heap
/// 2.5 MiB larger in one run out of four. A mapping is returned whole to the kernel when
/// the source goes, so nothing is left behind.
final class PageBuffer<Element> {
    let pointer: UnsafeMutablePointer<Element>
    let count: Int
    private let bytes: Int

    /// nil when the kernel refuses the mapping (out of memory).
    init?(count: Int, repeating value: Element) {
        bytes = count * MemoryLayout<Element>.stride
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { return nil }
        pointer = mapped.bindMemory(to: Element.self, capacity: count)
        pointer.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit {
        munmap(pointer, bytes)
    }
}
