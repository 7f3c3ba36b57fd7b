import Foundation
import Testing
import WorkPhotos
import WorkPhotosSeeding

struct FixtureParserTests {
    static let photo = """
        photos:
          - name: a
            taken: 2026-06-01T09:05:00Z
            place: Office
            latitude: 51.5
            longitude: -0.08
            width: 4
            height: 2
            pixels:
              - fill: "#D62828"
        """

    @Test func readsAListedPhotoAndItsPaint() throws {
        let fixture = try FixtureParser.parse(Self.photo, file: "f.yaml")
        #expect(fixture.authorization == .notDetermined)
        let photo = try #require(fixture.photos.first)
        #expect(photo.name == "a")
        #expect(photo.takenAt == Date(timeIntervalSince1970: 1_780_304_700))
        #expect(photo.coordinate == Coordinate(latitude: 51.5, longitude: -0.08))
        #expect(photo.paint == [.fill(RGB(red: 0xD6, green: 0x28, blue: 0x28))])
        #expect(fixture.photoCount == 1)
    }

    @Test func readsAGenerateRule() throws {
        let fixture = try FixtureParser.parse("""
            authorization: authorized
            generate:
              count: 12
              start: 2026-01-01T00:00:00Z
              interval: 60
              width: 2
              height: 2
              templates:
                - {name: desk, place: Office, latitude: 1, longitude: 2, pixels: [{fill: "#000000"}]}
                - {name: park, place: Park, latitude: 3, longitude: 4, pixels: [{fill: "#FFFFFF"}]}
            """, file: "g.yaml")
        let specs = Array(try #require(fixture.generated).specs)
        #expect(fixture.authorization == .authorized)
        #expect(specs.count == 12)
        #expect(specs.prefix(3).map(\.name) == ["desk-01", "park-02", "desk-03"])
        #expect(specs[11].name == "park-12")
        #expect(specs[1].takenAt.timeIntervalSince(specs[0].takenAt) == 60)
        #expect(specs[1].place == "Park")
    }

    @Test(arguments: [
        (
            "authorization: maybe\n",
            """
            bad.yaml:1:16: error: authorization "maybe" is not one of notDetermined, authorized, denied
            authorization: maybe
                           ^
            """
        ),
        (
            photo.replacingOccurrences(of: "    latitude: 51.5", with: "    lattitude: 51.5"),
            """
            bad.yaml:5:5: error: unknown key "lattitude" in photo 1 (did you mean "latitude"?); expected name, taken, place, latitude, longitude, width, height, pixels
                lattitude: 51.5
                ^
            """
        ),
        (
            photo.replacingOccurrences(of: "2026-06-01T09:05:00Z", with: "yesterday"),
            """
            bad.yaml:3:12: error: photo 1 taken "yesterday" is not a date and time like 2026-06-01T09:05:00Z
                taken: yesterday
                       ^
            """
        ),
        (
            photo.replacingOccurrences(of: "51.5", with: "95"),
            """
            bad.yaml:5:15: error: photo 1 latitude 95 is out of range -90...90
                latitude: 95
                          ^
            """
        ),
        (
            photo.replacingOccurrences(of: "\"#D62828\"", with: "red"),
            """
            bad.yaml:10:15: error: photo 1 fill "red" is not a colour like "#D62828"
                  - fill: red
                          ^
            """
        ),
        (
            photo.replacingOccurrences(of: "    place: Office\n", with: ""),
            """
            bad.yaml:2:5: error: photo 1 is missing "place"
              - name: a
                ^
            """
        ),
        (
            photo.replacingOccurrences(of: "- fill:", with: "- fil:"),
            """
            bad.yaml:10:9: error: unknown pixel step "fil" in photo 1 (did you mean "fill"?); steps are fill, rect, gradient
                  - fil: "#D62828"
                    ^
            """
        ),
        (
            "photos:\n  - name: a\n    taken: [unclosed\n",
            """
            bad.yaml:4:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence
            """
        ),
        (
            "",
            """
            bad.yaml:1:1: error: the fixture is empty; expected keys such as photos, workLocations, authorization
            """
        ),
        (
            photo + "\n" + photo.replacingOccurrences(of: "photos:\n", with: ""),
            """
            bad.yaml:11:11: error: photo name "a" is used twice (first on line 2)
              - name: a
                      ^
            """
        ),
    ])
    func aBadFixtureIsALocatedErrorWithTheLineAndACaret(yaml: String, message: String) {
        #expect {
            try FixtureParser.parse(yaml, file: "bad.yaml")
        } throws: { error in
            (error as? FixtureError)?.description == message
        }
    }

    @Test func anOversizedPhotoIsRefused() {
        let yaml = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 8192")
            .replacingOccurrences(of: "height: 2", with: "height: 8192")
        #expect {
            try FixtureParser.parse(yaml, file: "big.yaml")
        } throws: { error in
            (error as? FixtureError)?.message == "photo 1 is 8192x8192, over the limit of 16777216 pixels"
        }
    }
}
