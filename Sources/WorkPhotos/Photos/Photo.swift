import Foundation

/// A photo's metadata, as the library lists it (pixels are loaded separately, when needed).
public struct Photo: Equatable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let takenAt: Date
    public let coordinate: Coordinate
    public let place: String
    public let width: Int
    public let height: Int

    public init(id: Int64, name: String, takenAt: Date, coordinate: Coordinate, place: String, width: Int, height: Int) {
        self.id = id
        self.name = name
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.place = place
        self.width = width
        self.height = height
    }
}
