import Testing
import TextUI

@MainActor
struct TerminalPictureTests {
    static let esc = "\u{1B}"
    /// Red, green over blue, white.
    static let twoByTwo = TerminalPicture(width: 2, height: 2, rgb: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])!

    @Test func eachCharacterIsAnUpperHalfBlockOfTheUpperPixelOverTheLowerOne() {
        #expect(Self.twoByTwo.halfBlocks(columns: 40, rows: 12) == [
            "\(Self.esc)[38;2;255;0;0m\(Self.esc)[48;2;0;0;255m▀\(Self.esc)[38;2;0;255;0m\(Self.esc)[48;2;255;255;255m▀\(Self.esc)[0m",
        ])
    }

    @Test func anOddLastRowLeavesTheTerminalsBackgroundBelow() throws {
        let picture = try #require(TerminalPicture(width: 1, height: 1, rgb: [1, 2, 3]))
        #expect(picture.halfBlocks(columns: 40, rows: 12) == ["\(Self.esc)[38;2;1;2;3m\(Self.esc)[49m▀\(Self.esc)[0m"])
    }

    @Test func aLargePictureIsScaledToFitKeepingItsShapeWithMeanColours() throws {
        // 400 × 200, left half black, right half white: 40 columns of 20 pixel rows (10 lines).
        var rgb = [UInt8]()
        for _ in 0..<200 { for x in 0..<400 { rgb += x < 200 ? [0, 0, 0] : [255, 255, 255] } }
        let lines = try #require(TerminalPicture(width: 400, height: 200, rgb: rgb)).halfBlocks(columns: 40, rows: 12)
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.components(separatedBy: "▀").count - 1 == 40 })
        #expect(lines[0].hasPrefix("\(Self.esc)[38;2;0;0;0m\(Self.esc)[48;2;0;0;0m▀"))
        #expect(lines[0].hasSuffix("\(Self.esc)[38;2;255;255;255m\(Self.esc)[48;2;255;255;255m▀\(Self.esc)[0m"))
    }

    @Test func aPictureWhoseBytesDoNotMatchItsSizeIsRefused() {
        #expect(TerminalPicture(width: 2, height: 2, rgb: [0]) == nil)
        #expect(TerminalPicture(width: Int.max / 2, height: 4, rgb: []) == nil)
        #expect(Self.twoByTwo.halfBlocks(columns: 0, rows: 12) == [])
    }

    @Test(arguments: [
        (["COLORTERM": "truecolor"], true), (["COLORTERM": "24bit"], true), (["COLORTERM": "TrueColor"], true),
        ([:], false), (["COLORTERM": "truecolor", "NO_COLOR": "1"], false), (["COLORTERM": "truecolor", "TERM": "dumb"], false),
        (["TERM": "xterm-256color"], false),
    ])
    func trueColourIsWhatTheEnvironmentSays(environment: [String: String], expected: Bool) {
        #expect(TerminalColour.supportsTrueColour(environment: environment) == expected)
    }

    @Test func aColourShellDrawsThePictureUnderItsDescriptionAndFramesNever() {
        let screen = FakeScreen(elements: [.image("picture", label: "2×2, the original"), .button("Apply")])
        screen.pictures["picture"] = Self.twoByTwo
        let stage = Stage()
        stage.setRoot(screen)
        let session = Session(stage: stage)

        let colour = OutputSpy()
        InteractiveShell(session: session, output: colour, terminal: nil, drawsPictures: true).start()
        #expect(colour.text.contains("     [image: 2×2, the original]\n     \(Self.esc)[38;2;255;0;0m"))

        let plain = OutputSpy()
        InteractiveShell(session: session, output: plain, terminal: nil, drawsPictures: false).start()
        #expect(plain.text.contains("[image: 2×2, the original]"))
        #expect(!plain.text.contains(Self.esc))

        let frames = OutputSpy()
        AutomationServer(session: session, output: frames).start()
        #expect(!frames.text.contains("\\u001b") && !frames.text.contains(Self.esc), "a frame never carries colour codes")
    }
}
