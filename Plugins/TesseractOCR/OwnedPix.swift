import CTesseract

/// One reference to a leptonica picture, released when the value goes: the turned,
/// enlarged and binarized copies of a page live across several stages of a read, each of
/// which may end it by throwing.
final class OwnedPix {
    let pix: UnsafeMutablePointer<Pix>

    /// Takes over the reference `pix` holds; nil for nil, which leptonica returns on failure.
    init?(taking pix: UnsafeMutablePointer<Pix>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var reference: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&reference)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// This picture turned clockwise by `quarterTurns` quarter turns (this one for 0).
    func turned(_ quarterTurns: Int) -> OwnedPix? {
        quarterTurns % 4 == 0 ? self : OwnedPix(taking: pixRotateOrth(pix, Int32(quarterTurns % 4)))
    }
}
