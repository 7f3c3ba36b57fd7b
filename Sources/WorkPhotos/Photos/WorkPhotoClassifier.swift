/// Decides which photos are work photos: those taken within the radius of a work location.
public struct WorkPhotoClassifier: Sendable {
    public let locations: [WorkLocation]

    public init(locations: [WorkLocation]) {
        self.locations = locations
    }

    public func isWorkPhoto(_ photo: Photo) -> Bool {
        locations.contains { photo.coordinate.distance(to: $0.coordinate) <= $0.radius }
    }

    /// The photos split into work photos and the others, each in the order given.
    public func split(_ photos: [Photo]) -> (work: [Photo], other: [Photo]) {
        var work: [Photo] = [], other: [Photo] = []
        for photo in photos {
            if isWorkPhoto(photo) { work.append(photo) } else { other.append(photo) }
        }
        return (work, other)
    }
}
