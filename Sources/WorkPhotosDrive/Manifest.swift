import Foundation
import WorkPhotos

/// `manifest.json`: what the upload holds, enough to check every file without WorkPhotos.
struct Manifest: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var name: String
        var file: String
        var takenAt: Date
        var place: String
        var latitude: Double
        var longitude: Double
        var width: Int
        var height: Int
        var bytes: Int
        var sha256: String

        init(photo: Photo, file: String, bytes: Int, sha256: String) {
            name = photo.name
            self.file = file
            takenAt = photo.takenAt
            place = photo.place
            latitude = photo.coordinate.latitude
            longitude = photo.coordinate.longitude
            width = photo.width
            height = photo.height
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    static let currentFormat = "workphotos-drive-manifest/1"

    var format = Manifest.currentFormat
    var uploadedAt: Date
    var photos: [Entry]

    init(uploadedAt: Date, photos: [Entry]) {
        self.uploadedAt = uploadedAt
        self.photos = photos
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    static func decode(_ data: Data) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Manifest.self, from: data)
    }
}
