/// How the page is binarized before tesseract finds and reads its lines (config key
/// "thresholding").
///
/// Otsu's method picks one threshold for the whole page: under a lamp on one side or
/// the shadow of a hand, the dim half of the page falls below it and comes out black,
/// and its text is lost. Sauvola's picks one per neighbourhood and follows the light,
/// at the price of speckling a page that was evenly lit and of some time; so "auto"
/// uses it only where the light is measurably uneven (`PageLight`).
enum Thresholding: String, CaseIterable {
    case auto
    case otsu
    case sauvola

    /// The binarization one image gets.
    enum Method: Equatable {
        case otsu
        case sauvola

        /// tesseract 5.3's `thresholding_method` variable: 0 is its own Otsu, 2 leptonica's
        /// tiled Sauvola.
        var tesseractValue: String {
            switch self {
            case .otsu: return "0"
            case .sauvola: return "2"
            }
        }
    }

    func method(_ light: PageLight) -> Method {
        switch self {
        case .otsu: return .otsu
        case .sauvola: return .sauvola
        case .auto: return light.isUneven ? .sauvola : .otsu
        }
    }
}
