import SenseBridgeCore

/// The image a page is read from, and how the page was found in it.
///
/// A page photographed at an angle has lines that converge and letters that shrink
/// towards its far edge; tesseract reads such lines as curves and loses the far ones. So
/// a page whose four corners are in the frame is read flattened, and the edges of a page
/// the frame cuts are reported, for the framing guidance to name. An image that is the
/// page already (a scan, a screenshot, a page held close) passes through untouched:
/// `PageFinding` finds no page in a light region the frame cuts on every side, and asks
/// any other for a measured dark background.
public struct OutlinedPage: Sendable {
    /// The frame as it came, or the page flattened out of it.
    public var image: ImageFrame
    public var view: PageView

    public init(image: ImageFrame, view: PageView) {
        self.image = image
        self.view = view
    }

    /// How far in from its outline the page is cut out, as a share of its diagonals. The
    /// outline lies on the blurred boundary between paper and table, so a page cut out
    /// along it keeps a dark line of table on its edges, which tesseract reads as ink
    /// (the reading bench's Spanish page in perspective: 4.5 % of its characters wrong
    /// with that line, worse than the 2.6 % as photographed; 0 % without it). A printed
    /// page's margin is far wider than this.
    static let edgeInset = 0.01

    /// The page in `image`, flattened to at most `maximumSide` pixels a side.
    public static func find(in image: ImageFrame, maximumSide: Int) throws -> OutlinedPage {
        switch PageFinding.decide(try PageImaging.measure(image), width: image.width, height: image.height) {
        case .notFound:
            return OutlinedPage(image: image, view: .asGiven)
        case .cut(let edges):
            return OutlinedPage(image: image, view: PageView(cutEdges: edges))
        case .whole(let quad):
            return OutlinedPage(image: try PageImaging.flatten(image, quad.inset(by: edgeInset), maximumSide: maximumSide),
                                view: PageView(flattened: true))
        }
    }
}
