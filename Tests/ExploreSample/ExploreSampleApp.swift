import Dispatch
import Foundation
import PresenterKit
import TextUI

/// A small app for the crawler's own tests (`flow explore`): a home screen, a form, a list, a
/// menu behind an alert, and each kind of problem the crawler finds, planted on request with
/// `-sample.bugs NAME,NAME` so a test can ask for exactly one:
///
/// - `crash`: typing text that is not ASCII into Name crashes the app;
/// - `exit`: Quit on the menu exits with code 3 (without it, Quit exits with 0, the app's end);
/// - `hang`: typing more than 100 characters into Name starts work that never ends;
/// - `wire`: tapping Noise makes the app write a line that is not a frame;
/// - `audit`: the home screen's Help button has no label a person can read;
/// - `deadEnd`: Stuck opens a screen in place of home, with nothing on it;
/// - `secret`: Save shows the secure Code as typed;
/// - `alert`: Ask raises an alert whose only button leaves it up;
/// - `deep`: Deeper leads through Level 1, Level 2, ... to a last level whose Boom crashes the app,
///   `-sample.depth N` actions from home (10 unless said): the bench's finding to shrink.
///
/// With `-sample.app desk` it is a library's lending desk instead (`Desk`, `LendingDesk` below),
/// with bugs behind data, planted the same way:
///
/// - `returnHang`: returning the second book once it is on loan starts work that never ends;
/// - `longLend`: lending to a borrower of more than 20 characters crashes the app;
/// - `helpAlert`: Help's alert (on the desk and on each book) brings itself back when answered;
/// - `lentCount`: the desk's Lent count reads one more than the books on loan once one is lent;
/// - `forgetsALend`: lending a book puts every other book on loan back on the shelf (the rows and
///   the count agree: only a model of the lends since launch tells it).
///
/// With `-sample.app tally` it is one screen, a tally: Add counts one more, Undo one less (disabled
/// at 0), and nothing ever leads to another screen. Its actions change what the screen holds: a
/// correct app with no way to another screen, which no crawl may call a dead end. With
/// `-sample.tally N`, the Nth Add crashes it: a bug the same action N times deep.
///
/// `-sample.store PATH` is taken and left unread (a scheme with a seeder gives its store so);
/// `-sample.rows N` gives the list N rows; `-sample.busy YES` never becomes idle; `-sample.crash YES`
/// crashes at launch. With `SAMPLE_PIDS=FILE` in its environment, each launch adds its process's
/// number to FILE, a line each: a test checks none is left running; and `hang PID` when it starts
/// the work that never ends (what a test waits for before it sends Ctrl-C).
@main
enum ExploreSampleApp {
    /// Adds `line` to the file `SAMPLE_PIDS` names, if it names one. In append mode, one write: two
    /// apps noting at once (the one driven and the spare starting up) each add their line whole,
    /// where a seek to the end and then a write could put both at the same place.
    static func note(_ line: String) {
        guard let file = ProcessInfo.processInfo.environment["SAMPLE_PIDS"] else { return }
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array("\(line)\n".utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    static func main() async {
        note("\(getpid())")
        await TextApp.main(name: "explore-sample") { launch -> AnyObject in
            try LaunchKeys(known: ["sample.bugs", "sample.rows", "sample.busy", "sample.crash", "sample.code", "sample.depth", "sample.app", "sample.store", "sample.tally"])
                .check(launch.argumentKeys, toolkit: TextApp.launchKeys, allowsStubs: true)
            if try launch.defaults.flag("sample.crash") == true { fatalError("the sample crashes at launch, as asked") }
            let bugs = Set(try launch.defaults.string("sample.bugs")?.split(separator: ",").map(String.init) ?? [])
            if try launch.defaults.flag("sample.busy") == true {
                launch.scheduler.schedule(named: "start up", { DispatchSemaphore(value: 0).wait() }, completion: { _ in })
            }
            if try launch.defaults.string("sample.app") == "tally" {
                let tally = Tally(crashesAt: try launch.defaults.integer("sample.tally"))
                launch.stage.setRoot(tally)
                return tally
            }
            if try launch.defaults.string("sample.app") == "desk" {
                let desk = LendingDesk(launch: launch, bugs: bugs)
                desk.start()
                return desk
            }
            let app = ExploreSample(launch: launch, bugs: bugs, rows: try launch.defaults.integer("sample.rows") ?? 3,
                                    depth: max(1, try launch.defaults.integer("sample.depth") ?? 10))
            app.start()
            return app
        }
    }
}

/// The app's screens and how they lead to each other.
@MainActor
final class ExploreSample {
    let launch: TextApp.Launch
    let bugs: Set<String>
    let rows: Int
    /// The actions from home to the crash, with the `deep` bug.
    let depth: Int

    init(launch: TextApp.Launch, bugs: Set<String>, rows: Int, depth: Int) {
        self.launch = launch
        self.bugs = bugs
        self.rows = rows
        self.depth = depth
    }

    func start() {
        launch.stage.setRoot(Screen(app: self, kind: .home))
    }

    /// What a screen is.
    enum Kind {
        case home, form, list, row(Int), menu, stuck, level(Int)
    }

    @MainActor
    final class Screen: ScreenController {
        let app: ExploreSample
        let kind: Kind
        private var name = ""
        private var code = ""
        private var saved: String?
        /// The rows the list shows, a page at a time (a list of ten thousand is twenty rows on the screen).
        private var viewport: ListViewport

        init(app: ExploreSample, kind: Kind) {
            self.app = app
            self.kind = kind
            viewport = ListViewport(total: max(1, app.rows))
        }

        var title: String {
            switch kind {
            case .home: "Home"
            case .form: "Form"
            case .list: "List"
            case let .row(number): "Row \(number)"
            case .menu: "Menu"
            case .stuck: "Stuck"
            case let .level(number): "Level \(number)"
            }
        }

        var elements: [Element] {
            switch kind {
            case .home:
                var buttons: [Element] = [.button("Form"), .button("List"), .button("Menu")]
                if app.bugs.contains("audit") { buttons.append(.button("Help", label: "?")) }
                if app.bugs.contains("deadEnd") { buttons.append(.button("Stuck")) }
                if app.bugs.contains("alert") { buttons.append(.button("Ask")) }
                if app.bugs.contains("deep") { buttons.append(.button(app.depth > 1 ? "Deeper" : "Boom")) }
                return [.text("Welcome", identifier: "welcome")] + buttons
            case .form:
                return [
                    .textField("Name", value: name), .secureField("Code", isFilled: !code.isEmpty),
                    // Save wants both fields, as a real form does: a screen whose own path (Code typed
                    // last) does not lead back to it without what was typed before.
                    .button("Save", isEnabled: !name.isEmpty && !code.isEmpty), .text(saved ?? "", identifier: "status"),
                ]
            case .list:
                return viewport.visible.map { Element.cell("row-\($0 + 1)", label: "Row \($0 + 1)") }
            case let .row(number):
                return [.text("This is row \(number)", identifier: "detail")]
            case .menu:
                var buttons: [Element] = [.button("Quit")]
                if app.bugs.contains("wire") { buttons.append(.button("Noise")) }
                return buttons
            case .stuck:
                return [.text("Nothing to do here", identifier: "nothing")]
            case let .level(number):
                return [.button(number < app.depth - 1 ? "Deeper" : "Boom")]
            }
        }

        var list: ListWindow? {
            if case .list = kind { return viewport.window }
            return nil
        }

        func scroll(_ direction: ScrollDirection) {
            viewport.scroll(direction)
        }

        func tap(_ identifier: String) {
            let stage = app.launch.stage
            switch (kind, identifier) {
            case (.home, "Form"): stage.push(Screen(app: app, kind: .form))
            case (.home, "List"): stage.push(Screen(app: app, kind: .list))
            case (.home, "Menu"): stage.push(Screen(app: app, kind: .menu))
            case (.home, "Stuck"): stage.setRoot(Screen(app: app, kind: .stuck))
            case (.home, "Ask"):
                ask()
            case (.home, "Deeper"): stage.push(Screen(app: app, kind: .level(1)))
            case let (.level(number), "Deeper"): stage.push(Screen(app: app, kind: .level(number + 1)))
            case (.home, "Boom"), (.level, "Boom"): fatalError("the sample's crash \(app.depth) actions deep")
            case (.form, "Save"):
                saved = app.bugs.contains("secret") && !code.isEmpty ? "Saved \(name) with code \(code)" : "Saved \(name)"
            case let (.list, row) where row.hasPrefix("row-"):
                stage.push(Screen(app: app, kind: .row(Int(row.dropFirst(4)) ?? 0)))
            case (.menu, "Quit"):
                exit(app.bugs.contains("exit") ? 3 : 0)
            case (.menu, "Noise"):
                FileHandle.standardOutput.write(Data("this is not a frame\n".utf8))
            default:
                break
            }
        }

        /// An alert whose one button brings it back.
        private func ask() {
            app.launch.stage.present(Stage.Alert(identifier: "Question", title: "Really?", message: "It asks again.", buttons: [
                Stage.Alert.Button("Again") { [weak self] in self?.ask() },
            ]))
        }

        func enter(_ text: String, into identifier: String) {
            if identifier == "Code" {
                code = text
                return
            }
            name = text
            saved = nil
            if app.bugs.contains("crash"), text.unicodeScalars.contains(where: { !$0.isASCII }) { fatalError("the sample's crash on a name that is not ASCII") }
            if app.bugs.contains("hang"), text.count > 100 {
                ExploreSampleApp.note("hang \(getpid())")
                app.launch.scheduler.schedule(named: "save the name", { DispatchSemaphore(value: 0).wait() }, completion: { _ in })
            }
        }
    }
}

/// A library's lending desk: five books, each lent to a borrower and returned, and the count of
/// books on loan. Its bugs hide behind data: a state only a lend makes.
@MainActor
final class LendingDesk {
    let launch: TextApp.Launch
    let bugs: Set<String>
    let titles = ["Dune", "Emma", "Ulysses", "Walden", "Beloved"]
    /// Who has each book (by number from 1), if anyone.
    var borrowers: [Int: String] = [:]

    init(launch: TextApp.Launch, bugs: Set<String>) {
        self.launch = launch
        self.bugs = bugs
    }

    func start() {
        launch.stage.setRoot(Desk(app: self))
    }

    /// Help's alert; with `helpAlert` its one button brings it back.
    func help() {
        launch.stage.present(Stage.Alert(identifier: "About", title: "The lending desk", message: "Lend a book, return it.", buttons: [
            Stage.Alert.Button("OK") { [weak self] in if self?.bugs.contains("helpAlert") == true { self?.help() } },
        ]))
    }

    /// The list of books: each row says whether the book is on loan, and the count of those lent.
    @MainActor
    final class Desk: ScreenController {
        let app: LendingDesk

        init(app: LendingDesk) {
            self.app = app
        }

        var title: String { "Desk" }

        var elements: [Element] {
            let lent = app.borrowers.count + (app.bugs.contains("lentCount") && !app.borrowers.isEmpty ? 1 : 0)
            return [.text("Lent: \(lent)", identifier: "lent"), .button("Help")] + app.titles.enumerated().map { index, title in
                Element.cell("book-\(index + 1)", label: title, value: app.borrowers[index + 1].map { "on loan to \($0)" } ?? "on the shelf")
            }
        }

        var list: ListWindow? { nil }

        func scroll(_ direction: ScrollDirection) {}

        func tap(_ identifier: String) {
            if identifier == "Help" { return app.help() }
            guard identifier.hasPrefix("book-"), let number = Int(identifier.dropFirst(5)) else { return }
            app.launch.stage.push(Book(app: app, number: number))
        }
    }

    /// One book: lend it to a borrower, or return it.
    @MainActor
    final class Book: ScreenController {
        let app: LendingDesk
        let number: Int
        private var borrower = ""

        init(app: LendingDesk, number: Int) {
            self.app = app
            self.number = number
        }

        var title: String { "Book" }

        var elements: [Element] {
            var elements: [Element] = [.text(app.titles[number - 1], identifier: "name"), .button("Help")]
            if let lentTo = app.borrowers[number] {
                elements += [.text("On loan to \(lentTo)", identifier: "loan"), .button("Return")]
            } else {
                elements += [.textField("Borrower", value: borrower), .button("Lend", isEnabled: !borrower.trimmingCharacters(in: .whitespaces).isEmpty)]
            }
            return elements
        }

        var list: ListWindow? { nil }

        func scroll(_ direction: ScrollDirection) {}

        func enter(_ text: String, into identifier: String) {
            if identifier == "Borrower" { borrower = text }
        }

        func tap(_ identifier: String) {
            switch identifier {
            case "Help":
                app.help()
            case "Lend":
                let name = borrower.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, app.borrowers[number] == nil else { return }
                if app.bugs.contains("longLend"), name.count > 20 { fatalError("the desk's crash on a borrower's name longer than 20 characters") }
                // With forgetsALend, a lend puts every other book back on the shelf: the rows and the
                // count still agree, so only what was lent since launch tells it.
                if app.bugs.contains("forgetsALend") { app.borrowers = [:] }
                app.borrowers[number] = name
                _ = app.launch.stage.pop()
            case "Return":
                if app.bugs.contains("returnHang"), number == 2 {
                    ExploreSampleApp.note("hang \(getpid())")
                    app.launch.scheduler.schedule(named: "return the book", { DispatchSemaphore(value: 0).wait() }, completion: { _ in })
                    return
                }
                app.borrowers[number] = nil
                _ = app.launch.stage.pop()
            default:
                break
            }
        }
    }
}

/// One screen that counts: Add one more, Undo one less. With `crashesAt`, that Add crashes the app.
@MainActor
final class Tally: ScreenController {
    let crashesAt: Int?
    private var count = 0

    init(crashesAt: Int?) {
        self.crashesAt = crashesAt
    }

    var title: String { "Tally" }

    var elements: [Element] {
        [.text("Count: \(count)", identifier: "count"), .button("Add"), .button("Undo", isEnabled: count > 0)]
    }

    var list: ListWindow? { nil }

    func scroll(_ direction: ScrollDirection) {}

    func tap(_ identifier: String) {
        switch identifier {
        case "Add":
            if let crashesAt, count + 1 == crashesAt { fatalError("the tally crashes at its Add number \(crashesAt), as asked") }
            count += 1
        case "Undo":
            count = max(0, count - 1)
        default:
            break
        }
    }
}
