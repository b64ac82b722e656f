import PageOutline
import SenseBridgeCore
import SenseBridgePluginKit

/// Finds the page in a photograph before it is read (`OutlinedPage`), when config
/// `pageOutline` is on (the default; the bench turns it off to measure it).
struct PageOutlineStep {
    let enabled: Bool
    let host: HostServices

    /// `image` as the page to read. A failure of OpenCV's is logged and the frame is read
    /// as it came: finding the page helps reading, and must never stop it.
    func apply(_ image: ImageFrame) -> OutlinedPage {
        guard enabled else { return OutlinedPage(image: image, view: .asGiven) }
        do {
            return try OutlinedPage.find(in: image, maximumSide: TesseractEngine.maximumSide)
        } catch {
            // OpenCV's message is about sizes and types, never the image's content: public.
            host.log(.warning, "ocr.page_outline_failed", [("reason", .public(String(describing: error)))])
            return OutlinedPage(image: image, view: .asGiven)
        }
    }
}
