import Testing
import TextUI

struct ListViewportTests {
    @Test func aListThatFitsHasNoWindowToPublish() {
        let viewport = ListViewport(pageSize: 20, total: 20)
        #expect(viewport.visible == 0..<20)
        #expect(viewport.window == nil)
        #expect(ListViewport(pageSize: 20, total: 21).window == ListWindow(first: 0, total: 21))
    }

    @Test func pagesDownAndUpAndStopsAtTheEnds() {
        var viewport = ListViewport(pageSize: 20, total: 50)
        viewport.scroll(.down)
        #expect(viewport.visible == 20..<40)
        viewport.scroll(.down)
        #expect(viewport.visible == 30..<50, "the last window is a full one")
        viewport.scroll(.down)
        #expect(viewport.visible == 30..<50)
        viewport.scroll(.up)
        #expect(viewport.visible == 10..<30)
        viewport.scroll(.up)
        viewport.scroll(.up)
        #expect(viewport.visible == 0..<20)
    }

    @Test(arguments: [(1, 0), (20, 0), (21, 20), (4000, 3980), (4999, 4980), (5000, 4980), (9999, 4980)])
    func scrollingToARowShowsIt(row: Int, first: Int) {
        var viewport = ListViewport(pageSize: 20, total: 5000)
        viewport.scroll(.row(row))
        #expect(viewport.first == first)
        #expect(viewport.visible.contains(min(row, 5000) - 1))
    }

    @Test func topAndBottom() {
        var viewport = ListViewport(pageSize: 20, total: 5000)
        viewport.scroll(.bottom)
        #expect(viewport.visible == 4980..<5000)
        viewport.scroll(.top)
        #expect(viewport.visible == 0..<20)
    }

    @Test func aShorterListKeepsTheWindowInside() {
        var viewport = ListViewport(pageSize: 20, total: 100)
        viewport.scroll(.bottom)
        viewport.resize(to: 30)
        #expect(viewport.visible == 10..<30)
        viewport.resize(to: 0)
        #expect(viewport.visible == 0..<0)
    }

    @Test(arguments: [("more", Command.scroll(.down)), ("scroll up", .scroll(.up)), ("scroll top", .scroll(.top)),
                      ("scroll BOTTOM", .scroll(.bottom)), ("scroll 4000", .scroll(.row(4000)))])
    func aPersonPagesWithMoreAndScroll(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: ["scroll sideways", "scroll 0", "scroll", "scroll -3"])
    func aBadScrollSaysWhatItTakes(line: String) {
        #expect {
            try CommandParser.parse(line)
        } throws: {
            ($0 as? CommandError)?.description.hasSuffix("expected up, down, top, bottom or a row number from 1") == true
        }
    }

    @MainActor
    @Test func aScreenWithoutAListCannotScroll() {
        let stage = Stage()
        stage.setRoot(loginLikeScreen())
        #expect(throws: CommandError.nothingToScroll) { try Session(stage: stage).perform(.scroll(.down)) }
    }
}
