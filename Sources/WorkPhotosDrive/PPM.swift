import Foundation
import WorkPhotos

/// Binary PPM (P6): a header and the RGB bytes, row by row; every image viewer reads it.
enum PPM {
    static func encode(_ image: RGBImage) -> Data {
        var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
        data.append(contentsOf: image.pixels)
        return data
    }
}
