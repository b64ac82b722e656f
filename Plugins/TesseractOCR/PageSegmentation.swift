import CTesseract

/// How tesseract looks for text on the page (its page segmentation mode). Only the modes
/// that make sense for a camera pointed at print are offered.
enum PageSegmentation: String, CaseIterable {
    /// Finds columns, blocks and lines itself: a letter, a page of a book, a form.
    case auto
    /// One column of text of varying sizes: a receipt, a label, a narrow notice.
    case singleColumn = "single-column"
    /// One uniform block of text: a paragraph photographed on its own.
    case singleBlock = "single-block"
    /// Text scattered with no order to rely on: a sign, a box, a control panel.
    case sparseText = "sparse-text"

    var tesseractMode: TessPageSegMode {
        switch self {
        case .auto: return PSM_AUTO
        case .singleColumn: return PSM_SINGLE_COLUMN
        case .singleBlock: return PSM_SINGLE_BLOCK
        case .sparseText: return PSM_SPARSE_TEXT
        }
    }
}
