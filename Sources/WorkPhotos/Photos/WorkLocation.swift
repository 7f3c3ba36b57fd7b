/// A place where the user works: photos taken within `radius` metres of it are work photos.
public struct WorkLocation: Equatable, Sendable {
    public let name: String
    public let coordinate: Coordinate
    public let radius: Double

    public init(name: String, coordinate: Coordinate, radius: Double) {
        self.name = name
        self.coordinate = coordinate
        self.radius = radius
    }
}
