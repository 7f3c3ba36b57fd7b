import Foundation
import WorkPhotos

/// A photo to add to a store, pixels included.
public struct NewPhoto: Sendable {
    public let name: String
    public let takenAt: Date
    public let coordinate: Coordinate
    public let place: String
    public let width: Int
    public let height: Int
    /// RGB bytes, row by row: `width * height * 3` of them.
    public let pixels: [UInt8]

    public init(name: String, takenAt: Date, coordinate: Coordinate, place: String, width: Int, height: Int, pixels: [UInt8]) {
        self.name = name
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.place = place
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
