/// Finds a picture's dominant colour and makes its Show & Hide version: a seam, so a presenter
/// test can script it (and see the work go through the scheduler).
public protocol PictureProcessing: Sendable {
    func dominantColour(of picture: RGBImage) -> DominantColour
    func showAndHide(_ picture: RGBImage, keeping dominant: DominantColour) -> RGBImage
}

/// The real processing: plain Swift, in the core (see `DominantColour` and `ShowAndHide`).
public struct ShowAndHideProcessor: PictureProcessing {
    public init() {}

    public func dominantColour(of picture: RGBImage) -> DominantColour {
        DominantColour.of(picture)
    }

    public func showAndHide(_ picture: RGBImage, keeping dominant: DominantColour) -> RGBImage {
        ShowAndHide.apply(to: picture, keeping: dominant)
    }
}
