import Testing
import WorkPhotosSeeding

struct PainterTests {
    let red = RGB(red: 255, green: 0, blue: 0)
    let white = RGB(red: 255, green: 255, blue: 255)

    @Test func fillsThenPaintsRectanglesClippedToTheImage() {
        let pixels = Painter.paint(width: 3, height: 2, steps: [
            .fill(red), .rect(x: 2, y: 1, width: 5, height: 5, color: white),
        ])
        #expect(pixels == [
            255, 0, 0, 255, 0, 0, 255, 0, 0,
            255, 0, 0, 255, 0, 0, 255, 255, 255,
        ])
    }

    @Test func paintsGradientsEndToEnd() {
        let black = RGB(red: 0, green: 0, blue: 0)
        let across = Painter.paint(width: 3, height: 1, steps: [.gradient(from: black, to: white, vertical: false)])
        #expect(across == [0, 0, 0, 127, 127, 127, 255, 255, 255])
        let down = Painter.paint(width: 1, height: 2, steps: [.gradient(from: black, to: white, vertical: true)])
        #expect(down == [0, 0, 0, 255, 255, 255])
    }

    @Test func readsHexColours() {
        #expect(RGB(hex: "#d62828") == RGB(red: 0xD6, green: 0x28, blue: 0x28))
        #expect(RGB(hex: "#D62828")?.description == "#D62828")
        #expect(RGB(hex: "D62828") == nil)
        #expect(RGB(hex: "#GG0000") == nil)
    }
}
