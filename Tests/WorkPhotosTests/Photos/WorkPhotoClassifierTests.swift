import Foundation
import Testing
import WorkPhotos
import WorkPhotosTesting

struct WorkPhotoClassifierTests {
    @Test(arguments: [
        (0.0, true), (149.5, true), (150.5, false), (5_000.0, false),
    ])
    func aPhotoIsAWorkPhotoWithinTheRadiusOfAWorkLocation(metresNorth: Double, isWork: Bool) {
        let office = PhotoFactory.office
        // One degree of latitude is about 111,195 m on the mean-radius sphere.
        let coordinate = Coordinate(latitude: office.coordinate.latitude + metresNorth / 111_194.93, longitude: office.coordinate.longitude)
        let classifier = WorkPhotoClassifier(locations: [office])
        #expect(classifier.isWorkPhoto(PhotoFactory.photo(1, at: coordinate)) == isWork)
    }

    @Test func aPhotoExactlyOnTheRadiusIsAWorkPhoto() {
        let photo = PhotoFactory.photo(1, at: PhotoFactory.inPark)
        let distance = photo.coordinate.distance(to: PhotoFactory.office.coordinate)
        let onTheEdge = WorkLocation(name: "Edge", coordinate: PhotoFactory.office.coordinate, radius: distance)
        let justShort = WorkLocation(name: "Short", coordinate: PhotoFactory.office.coordinate, radius: distance.nextDown)
        #expect(WorkPhotoClassifier(locations: [onTheEdge]).isWorkPhoto(photo))
        #expect(!WorkPhotoClassifier(locations: [justShort]).isWorkPhoto(photo))
    }

    @Test func anyWorkLocationCounts() {
        let home = WorkLocation(name: "Home office", coordinate: PhotoFactory.inPark, radius: 50)
        let classifier = WorkPhotoClassifier(locations: [PhotoFactory.office, home])
        #expect(classifier.isWorkPhoto(PhotoFactory.photo(1, at: PhotoFactory.inPark)))
    }

    @Test func withoutWorkLocationsNothingIsAWorkPhoto() {
        #expect(!WorkPhotoClassifier(locations: []).isWorkPhoto(PhotoFactory.photo(1)))
    }

    @Test func splitsKeepingOrder() {
        let photos = [PhotoFactory.photo(1), PhotoFactory.photo(2, at: PhotoFactory.inPark), PhotoFactory.photo(3)]
        let split = WorkPhotoClassifier(locations: [PhotoFactory.office]).split(photos)
        #expect(split.work.map(\.id) == [1, 3])
        #expect(split.other.map(\.id) == [2])
    }

    @Test func measuresGreatCircleDistance() {
        // London to Paris, about 343.5 km.
        let london = Coordinate(latitude: 51.5074, longitude: -0.1278)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(london.distance(to: paris) - 343_500) < 1_000)
        #expect(london.distance(to: london) == 0)
    }

    @Test func formatsDatesAndCounts() {
        let formatting = PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!)
        #expect(formatting.date(PhotoFactory.june1(9, 5)) == "Mon 1 Jun 2026, 09:05")
        #expect(PhotoFormatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!).date(PhotoFactory.june1(18)) == "Tue 2 Jun 2026, 03:00")
        #expect(PhotoFormatting.count(1, "work") == "1 work photo")
        #expect(PhotoFormatting.count(0, "other") == "0 other photos")
        #expect(PhotoFormatting.count(8, "work") == "8 work photos")
    }
}
