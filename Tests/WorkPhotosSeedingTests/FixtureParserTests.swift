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
            bad.yaml:3:12: error: photo 1 taken "yesterday" is not a date and time like 2026-06-01T09:05:00Z (a real day, hours 00-23, minutes and seconds 00-59, Z or an offset from -18:00 to +18:00)
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

    static func photo(replacing text: String, with replacement: String) -> String {
        photo.replacingOccurrences(of: text, with: replacement)
    }

    /// The photo with its one paint step replaced by `yaml`.
    static func step(_ yaml: String) -> String {
        photo(replacing: "- fill: \"#D62828\"", with: yaml)
    }

    static let generateRule = """
        generate:
          count: 12
          start: 2026-01-01T00:00:00Z
          interval: 60
          width: 2
          height: 2
          templates:
            - {name: desk, place: Office, latitude: 1, longitude: 2, pixels: [{fill: "#000000"}]}
        """

    static func generate(replacing text: String, with replacement: String) -> String {
        generateRule.replacingOccurrences(of: text, with: replacement)
    }

    /// Every check of a value names the value as the file does (`photo 1 width`, `rect color`).
    @Test(arguments: [
        ("- a\n", "the fixture should be a mapping of keys to values"),
        ("workLocations:\n  - {name: [x], latitude: 1, longitude: 2, radius: 3}\n", "work location 1 name should be text"),
        ("workLocations:\n  - {name: HQ, latitude: 1, longitude: 2, radius: 0}\n",
         "work location 1 radius (metres) 0 is out of range 0.001...20000000"),
        (photo(replacing: "name: a", with: "name: a b"), "photo 1 name \"a b\" should be one word without spaces"),
        (photo(replacing: "place: Office", with: "place: [Office]"), "photo 1 place should be text"),
        (photo(replacing: "longitude: -0.08", with: "longitude: 200"), "photo 1 longitude 200 is out of range -180...180"),
        (photo(replacing: "latitude: 51.5", with: "latitude: north"), "photo 1 latitude should be a number, not \"north\""),
        (photo(replacing: "latitude: 51.5", with: "latitude: nan"), "photo 1 latitude should be a number, not \"nan\""),
        (photo(replacing: "width: 4", with: "width: 0"), "photo 1 width 0 is out of range 1...8192"),
        (photo(replacing: "height: 2", with: "height: 2.5"), "photo 1 height should be a whole number, not \"2.5\""),
        (photo(replacing: "height: 2", with: "height: 9000"), "photo 1 height 9000 is out of range 1...8192"),
        (step("pixels"), "photo 1 pixels should be a list (items starting with -)"),
        (step("- {fill: \"#D62828\", rect: {}}"), "each step of photo 1 pixels is one of fill: COLOR, rect: {...}, gradient: {...}"),
        (step("- rect: {x: 0}"), "photo 1 rect is missing \"y\""),
        (step("- rect: {x: 9000, y: 0, width: 1, height: 1, color: \"#000000\"}"), "rect x 9000 is out of range -8192...8192"),
        (step("- rect: {x: 0, y: -9000, width: 1, height: 1, color: \"#000000\"}"), "rect y -9000 is out of range -8192...8192"),
        (step("- rect: {x: 0, y: 0, width: -1, height: 1, color: \"#000000\"}"), "rect width -1 is out of range 0...8192"),
        (step("- rect: {x: 0, y: 0, width: 1, height: 9000, color: \"#000000\"}"), "rect height 9000 is out of range 0...8192"),
        (step("- rect: {x: 0, y: 0, width: 1, height: 1, color: blue}"), "rect color \"blue\" is not a colour like \"#D62828\""),
        (step("- gradient: red"), "photo 1 gradient should be a mapping of keys to values"),
        (step("- gradient: {from: \"#000000\", to: \"#FFFFFF\", direction: diagonal}"), "gradient direction \"diagonal\" is not horizontal or vertical"),
        (step("- gradient: {from: \"#000000\", to: \"#FFFFFF\", direction: [up]}"), "gradient direction should be text"),
        (step("- gradient: {from: red, to: \"#FFFFFF\"}"), "gradient from \"red\" is not a colour like \"#D62828\""),
        (step("- gradient: {from: \"#000000\", to: white}"), "gradient to \"white\" is not a colour like \"#D62828\""),
        (generate(replacing: "count: 12", with: "count: 0"), "generate count 0 is out of range 1...1000000"),
        (generate(replacing: "start: 2026-01-01T00:00:00Z", with: "start: soon"),
         "generate start \"soon\" is not a date and time like 2026-06-01T09:05:00Z (a real day, hours 00-23, minutes and seconds 00-59, Z or an offset from -18:00 to +18:00)"),
        (generate(replacing: "interval: 60", with: "interval: -1"), "generate interval (seconds) -1 is out of range 0...31536000"),
        (generate(replacing: "width: 2", with: "width: 0"), "generate width 0 is out of range 1...8192"),
        (generate(replacing: "width: 2\n  height: 2", with: "width: 5000\n  height: 5000"), "generate is 5000x5000, over the limit of 16777216 pixels"),
        (generate(replacing: "name: desk", with: "name: a desk"), "template 1 name \"a desk\" should be one word without spaces"),
        (generate(replacing: "place: Office", with: "place: [Office]"), "template 1 place should be text"),
        (generate(replacing: ", pixels: [{fill: \"#000000\"}]", with: ""), "template 1 is missing \"pixels\""),
        ("generate:\n  count: 1\n  start: 2026-01-01T00:00:00Z\n  interval: 60\n  width: 2\n  height: 2\n  templates: []\n",
         "generate templates is empty; give at least one template"),
        ("generate:\n  count: 1\n  start: 2026-01-01T00:00:00Z\n  interval: 60\n  width: 2\n  height: 2\n  templates: desk\n",
         "generate templates should be a list (items starting with -)"),
        (photo(replacing: "name: a", with: "name: desk-03") + "\n" + generateRule,
         "photo name \"desk-03\" is also made by generate template \"desk\""),
    ] as [(String, String)])
    func aBadValueIsNamedAsTheFileNamesIt(yaml: String, message: String) {
        #expect {
            try FixtureParser.parse(yaml, file: "bad.yaml")
        } throws: { error in
            (error as? FixtureError)?.message == message
        }
    }

    @Test func readsEveryKindOfPaintStep() throws {
        let yaml = Self.step("""
            - fill: "#D62828"
                  - rect: {x: -1, y: 2, width: 3, height: 0, color: "#000000"}
                  - gradient: {from: "#000000", to: "#FFFFFF"}
                  - gradient: {from: "#FFFFFF", to: "#000000", direction: vertical}
                  - gradient: {from: "#000000", to: "#000000", direction: horizontal}
            """)
        let black = RGB(red: 0, green: 0, blue: 0), white = RGB(red: 0xFF, green: 0xFF, blue: 0xFF)

        let paint = try FixtureParser.parse(yaml, file: "f.yaml").photos.first?.paint

        #expect(paint == [
            .fill(RGB(red: 0xD6, green: 0x28, blue: 0x28)),
            .rect(x: -1, y: 2, width: 3, height: 0, color: black),
            .gradient(from: black, to: white, vertical: false),
            .gradient(from: white, to: black, vertical: true),
            .gradient(from: black, to: black, vertical: false),
        ])
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

    @Test(arguments: ["2026-02-30T09:05:00Z", "2026-06-31T09:05:00Z", "2026-06-01T25:00:00Z", "2026-06-01T09:60:00Z",
                      "2026-06-01T09:05:60Z", "2026-06-01T09:05:61Z", "2025-02-29T00:00:00Z", "2026-06-01T09:05:00+24:00",
                      "2026-06-01 09:05:00Z", "2026-6-1T09:05:00Z", "2026-06-01T24:00:00Z", "2026-06-01T09:05:00+00:60",
                      "2026-06-01T09:05:00+18:01", "2026-06-01T09:05:00-18:01", "2026-06-01T09:05:00+23:30",
                      "2026-06-01T09:05:00-23:60", "2026-06-01T09:05:00+99:00"])
    func aDateThatWouldRollOverIsALocatedError(date: String) {
        let yaml = Self.photo.replacingOccurrences(of: "2026-06-01T09:05:00Z", with: date)
        #expect {
            try FixtureParser.parse(yaml, file: "bad.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return error.line == 3 && error.column == 12 && error.message.hasPrefix("photo 1 taken \"\(date)\" is not a date and time")
        }
    }

    @Test(arguments: [
        ("2024-02-29T23:59:59Z", 1_709_251_199.0),
        ("2026-06-01T10:05:00+01:00", 1_780_304_700.0),
        ("2026-06-01T09:05:00.5Z", 1_780_304_700.5),
        ("2026-06-01T09:05:00+18:00", 1_780_239_900.0),  // the furthest from UTC a zone may be (Foundation's limit)
        ("2026-06-01T09:05:00-18:00", 1_780_369_500.0),
        ("2026-06-01T09:05:00+00:59", 1_780_301_160.0),
        ("2026-06-01T09:05:00-05:00", 1_780_322_700.0),
        ("2026-06-01T09:05:00+00:00", 1_780_304_700.0),
    ])
    func aRealDateIsRead(date: String, seconds: Double) throws {
        let yaml = Self.photo.replacingOccurrences(of: "2026-06-01T09:05:00Z", with: date)
        #expect(try FixtureParser.parse(yaml, file: "f.yaml").photos.first?.takenAt == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: ["#+62828", "#-00000", "# 12345", "#0x1234"])
    func aColourWithASignOrSpaceIsALocatedError(color: String) {
        let yaml = Self.photo.replacingOccurrences(of: "#D62828", with: color)
        #expect {
            try FixtureParser.parse(yaml, file: "bad.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return (error.line, error.column) == (10, 15) && error.message == "photo 1 fill \"\(color)\" is not a colour like \"#D62828\""
                && error.description.hasSuffix("\n      - fill: \"\(color)\"\n              ^")
        }
    }

    @Test func aDuplicateKeyIsReportedWhereItIsWithOneLineOfContext() {
        let yaml = Self.photo.replacingOccurrences(of: "    width: 4\n", with: "    width: 4\n    width: 5\n")
        #expect {
            try FixtureParser.parse(yaml, file: "bad.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return (error.line, error.column) == (7, 5) && error.message == #"the key "width" appears twice in one mapping; keep one"#
                && error.description.split(separator: "\n").count == 3
        }
    }

    @Test func aNULByteIsReportedAtItsLineAndColumn() {
        let yaml = Self.photo.replacingOccurrences(of: "place: Office", with: "place: Off\u{0}ice")
        #expect {
            try FixtureParser.parse(yaml, file: "bad.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return (error.line, error.column) == (4, 15) && error.message == "control character U+0000 is not allowed here; remove it"
        }
    }

    @Test func aFixtureUsingAnAliasAsAKeyIsRefusedAtOnce() {
        var yaml = "k0: &k0 [a, b, c, d, e, f, g, h, i, j]\n"
        for level in 1...9 { yaml += "k\(level): &k\(level)\n  ? *k\(level - 1)\n  : x\n" }
        let start = ContinuousClock.now
        #expect(throws: FixtureError.self) { try FixtureParser.parse(yaml, file: "bomb.yaml") }
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aPhotoOfExactlyThePixelLimitIsRead() throws {
        let yaml = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 4096")
            .replacingOccurrences(of: "height: 2", with: "height: 4096")  // 16777216 pixels

        let fixture = try FixtureParser.parse(yaml, file: "limit.yaml")

        #expect(fixture.photos.first.map { $0.width * $0.height } == FixtureParser.maxPixels)
    }

    @Test func aPhotoOneRowOverThePixelLimitIsRefused() {
        let yaml = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 4096")
            .replacingOccurrences(of: "height: 2", with: "height: 4097")
        #expect {
            try FixtureParser.parse(yaml, file: "big.yaml")
        } throws: { error in
            (error as? FixtureError)?.message == "photo 1 is 4096x4097, over the limit of 16777216 pixels"
        }
    }

    @Test func aPhotoPaintedExactlyUpToThePaintLimitIsRead() throws {
        let steps = String(repeating: "      - fill: \"#000000\"\n", count: 15)  // 16 steps of 16777216 pixels
        let yaml = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 4096")
            .replacingOccurrences(of: "height: 2", with: "height: 4096") + "\n" + steps

        let fixture = try FixtureParser.parse(yaml, file: "limit.yaml")

        #expect(fixture.photos.first?.paint.count == 16)
        #expect(16 * FixtureParser.maxPixels == FixtureParser.maxPaintWork)
    }

    @Test func aPhotoPaintedOneStepPastThePaintLimitIsRefused() {
        let steps = String(repeating: "      - fill: \"#000000\"\n", count: 16)  // 17 steps
        let yaml = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 4096")
            .replacingOccurrences(of: "height: 2", with: "height: 4096") + "\n" + steps
        #expect {
            try FixtureParser.parse(yaml, file: "big.yaml")
        } throws: { error in
            (error as? FixtureError)?.message == "photo 1 brings the fixture past 268435456 painted pixels (pixels times steps); use fewer steps or smaller photos"
        }
    }

    static func generated(count: Int, extra: String = "") -> String {
        """
        generate:
          count: \(count)
          start: 2026-01-01T00:00:00Z
          interval: 60
          width: 4096
          height: 4096
          templates:
            - {name: t, place: P, latitude: 0, longitude: 0, pixels: [{fill: "#000000"}]}
        \(extra)
        """
    }

    @Test func photosOfExactlyTheTotalPixelLimitAreRead() throws {
        let fixture = try FixtureParser.parse(Self.generated(count: 4), file: "limit.yaml")  // 4 × 16777216 pixels

        #expect(fixture.photoCount == 4)
        #expect(4 * FixtureParser.maxPixels == FixtureParser.maxTotalPixels)
    }

    @Test func onePixelPastTheTotalPixelLimitIsRefused() {
        let onePixel = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 1").replacingOccurrences(of: "height: 2", with: "height: 1")
        #expect {
            try FixtureParser.parse(Self.generated(count: 4, extra: onePixel), file: "big.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return (error.line, error.column) == (2, 10)
                && error.message == "generate brings the fixture past 67108864 pixels in all; make the photos smaller or fewer"
        }
    }

    @Test func oneHugePhotoPaintedAThousandTimesIsRefused() {
        let steps = String(repeating: "      - fill: \"#000000\"\n", count: 1000)
        let yaml = Self.photo.replacingOccurrences(of: "width: 4", with: "width: 4096")
            .replacingOccurrences(of: "height: 2", with: "height: 4096") + "\n" + steps
        #expect {
            try FixtureParser.parse(yaml, file: "big.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return (error.line, error.column) == (10, 7) && error.message == "photo 1 brings the fixture past 268435456 painted pixels (pixels times steps); use fewer steps or smaller photos"
        }
    }

    @Test func aMillionGeneratedHugePhotosAreRefusedAtTheirCount() {
        let yaml = """
            generate:
              count: 1000000
              start: 2026-01-01T00:00:00Z
              interval: 60
              width: 4096
              height: 4096
              templates:
                - {name: t, place: P, latitude: 0, longitude: 0, pixels: [{fill: "#000000"}]}
            """
        #expect {
            try FixtureParser.parse(yaml, file: "big.yaml")
        } throws: { error in
            guard let error = error as? FixtureError else { return false }
            return (error.line, error.column) == (2, 10) && error.message == "generate brings the fixture past 67108864 pixels in all; make the photos smaller or fewer"
        }
    }
}
