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
/// `-sample.rows N` gives the list N rows; `-sample.busy YES` never becomes idle; `-sample.crash YES`
/// crashes at launch. With `SAMPLE_PIDS=FILE` in its environment, each launch adds its process's
/// number to FILE, a line each: a test checks none is left running; and `hang PID` when it starts
/// the work that never ends (what a test waits for before it sends Ctrl-C).
@main
enum ExploreSampleApp {
    /// Adds `line` to the file `SAMPLE_PIDS` names, if it names one.
    static func note(_ line: String) {
        guard let file = ProcessInfo.processInfo.environment["SAMPLE_PIDS"], let handle = FileHandle(forWritingAtPath: file) ?? {
            FileManager.default.createFile(atPath: file, contents: nil)
            return FileHandle(forWritingAtPath: file)
        }() else { return }
        handle.seekToEndOfFile()
        handle.write(Data("\(line)\n".utf8))
        try? handle.close()
    }

    static func main() async {
        note("\(getpid())")
        await TextApp.main(name: "explore-sample") { launch in
            try LaunchKeys(known: ["sample.bugs", "sample.rows", "sample.busy", "sample.crash", "sample.code", "sample.depth"])
                .check(launch.argumentKeys, toolkit: TextApp.launchKeys, allowsStubs: true)
            if try launch.defaults.flag("sample.crash") == true { fatalError("the sample crashes at launch, as asked") }
            let bugs = Set(try launch.defaults.string("sample.bugs")?.split(separator: ",").map(String.init) ?? [])
            let app = ExploreSample(launch: launch, bugs: bugs, rows: try launch.defaults.integer("sample.rows") ?? 3,
                                    depth: max(1, try launch.defaults.integer("sample.depth") ?? 10))
            if try launch.defaults.flag("sample.busy") == true {
                launch.scheduler.schedule(named: "start up", { DispatchSemaphore(value: 0).wait() }, completion: { _ in })
            }
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
