import StrictMocks
import Testing
import WorkPhotos

/// A strict mock of the picture processing: the test says which calls it expects and what each
/// returns; anything else is a failure at the test's line.
final class PictureProcessingMock: StrictMock<PictureProcessingMock.Call, PictureProcessingMock.Reply>, PictureProcessing, @unchecked Sendable {
    enum Call: Equatable, Sendable, CustomStringConvertible {
        case dominantColour(of: RGBImage)
        case showAndHide(RGBImage, keeping: DominantColour)

        var description: String {
            switch self {
            case let .dominantColour(picture): "dominantColour(of: \(picture.width)×\(picture.height))"
            case let .showAndHide(picture, dominant): "showAndHide(\(picture.width)×\(picture.height), keeping: \(dominant.colour))"
            }
        }
    }

    enum Reply: Sendable {
        case dominant(DominantColour)
        case picture(RGBImage)
        case none
    }

    struct Expect {
        let mock: PictureProcessingMock
        let fileID: String, filePath: String, line: Int, column: Int

        func dominantColour(of picture: RGBImage, returning dominant: DominantColour) {
            mock.expect(.dominantColour(of: picture), reply: .dominant(dominant), sourceLocation: location)
        }

        func showAndHide(_ picture: RGBImage, keeping dominant: DominantColour, returning result: RGBImage) {
            mock.expect(.showAndHide(picture, keeping: dominant), reply: .picture(result), sourceLocation: location)
        }

        private var location: SourceLocation { SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column) }
    }

    /// `mock.expect().dominantColour(of: picture, returning: red)`.
    func expect(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Expect {
        Expect(mock: self, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        super.init(fallback: .none, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    func dominantColour(of picture: RGBImage) -> DominantColour {
        if case let .dominant(dominant) = record(.dominantColour(of: picture)) { return dominant }
        return DominantColour(colour: RGBColour(red: 0, green: 0, blue: 0), bucket: HueBuckets.achromatic, pixelCount: 0)
    }

    func showAndHide(_ picture: RGBImage, keeping dominant: DominantColour) -> RGBImage {
        if case let .picture(result) = record(.showAndHide(picture, keeping: dominant)) { return result }
        return picture
    }
}
