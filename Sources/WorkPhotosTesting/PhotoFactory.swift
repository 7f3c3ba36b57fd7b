import Foundation
import WorkPhotos

/// Photos and places for tests, with readable defaults.
public enum PhotoFactory {
    public static let office = WorkLocation(name: "Office", coordinate: Coordinate(latitude: 51.5226, longitude: -0.0860), radius: 150)
    /// About 40 metres from the office.
    public static let atOffice = Coordinate(latitude: 51.5229, longitude: -0.0862)
    /// About 5 kilometres from the office.
    public static let inPark = Coordinate(latitude: 51.5313, longitude: -0.1570)

    /// 1 June 2026 at `hour`:`minute` UTC.
    public static func june1(_ hour: Int, _ minute: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_780_272_000 + Double(hour * 3600 + minute * 60))
    }

    public static func photo(
        _ id: Int64, at coordinate: Coordinate = atOffice, place: String = "Office", taken: Date = june1(9)
    ) -> Photo {
        Photo(id: id, name: "photo-\(id)", takenAt: taken, coordinate: coordinate, place: place, width: 4, height: 3)
    }
}
