@testable import FlowExplorer
import FlowKit

/// The lending desk of the explore sample (`-sample.app desk`), in memory: five books, each lent
/// and returned, a Lent count, Help's alert. Its bugs, planted one by one, hide behind data.
struct DeskModel: AppModel {
    enum Bug: Hashable {
        /// Returning the second book once it is on loan hangs.
        case returnHang
        /// Lending to a borrower of more than 20 characters crashes.
        case longLend
        /// Help's alert comes back whatever is answered.
        case helpAlert
        /// The Lent count reads one more than the books on loan once one is lent.
        case lentCount
        /// The desk has a Lend of its own, that lends the first book on the shelf to Anyone.
        case deskLend
        /// Lending a book puts every other book on loan back on the shelf.
        case forgetsALend
    }

    let bugs: Set<Bug>
    var borrowers: [Int: String] = [:]
    /// The book shown, nil on the desk.
    var book: Int?
    var borrower = ""
    var alert = false
    let titles = ["Dune", "Emma", "Ulysses", "Walden", "Beloved"]

    init(_ bugs: Set<Bug> = []) {
        self.bugs = bugs
    }

    var screen: ScreenSnapshot {
        var elements: [ElementSnapshot]
        if let book {
            elements = [.text(titles[book - 1], identifier: "name"), .button("Help")]
            if let lentTo = borrowers[book] {
                elements += [.text("On loan to \(lentTo)", identifier: "loan"), .button("Return")]
            } else {
                elements += [.textField("Borrower", value: borrower), .button("Lend", isEnabled: !borrower.trimmingCharacters(in: .whitespaces).isEmpty)]
            }
        } else {
            let lent = borrowers.count + (bugs.contains(.lentCount) && !borrowers.isEmpty ? 1 : 0)
            elements = [.text("Lent: \(lent)", identifier: "lent"), .button("Help")] + titles.enumerated().map { index, title in
                .cell("book-\(index + 1)", label: title, value: borrowers[index + 1].map { "on loan to \($0)" } ?? "on the shelf")
            }
            if bugs.contains(.deskLend) { elements.append(.button("Lend")) }
        }
        if alert { elements.append(.alert("About", title: "The lending desk", message: "Lend a book, return it.", buttons: ["OK"])) }
        return ScreenSnapshot(title: book == nil ? "Desk" : "Book", elements: elements)
    }

    mutating func act(_ action: ExploreAction) -> ModelOutcome {
        if alert {
            guard action.verb == .answer else { return .refused("an alert is up") }
            alert = bugs.contains(.helpAlert)
            return .screen
        }
        switch (action.verb, action.identifier) {
        case (.back, _):
            guard book != nil else { return .refused("nowhere to go back to") }
            (book, borrower) = (nil, "")
        case (.tap, "Help"):
            alert = true
        case let (.tap, identifier?) where identifier.hasPrefix("book-") && book == nil:
            book = Int(identifier.dropFirst(5))
        case (.type, "Borrower"):
            borrower = action.text ?? ""
        case (.robot, "Lend.typeBorrower") where book.map { borrowers[$0] == nil } == true:
            // The book robot's own action, as a crawl that takes robot actions sends it.
            guard case let .text(name)? = action.arguments?.first(where: { $0.name == "name" })?.value else { return .refused("no name") }
            borrower = name
        case (.tap, "Lend") where book == nil && bugs.contains(.deskLend):
            guard let first = (1...titles.count).first(where: { borrowers[$0] == nil }) else { return .refused("every book is out") }
            borrowers[first] = "Anyone"
        case (.tap, "Lend"):
            guard let book, borrowers[book] == nil else { return .refused("no Lend here") }
            let name = borrower.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return .refused("Lend is disabled") }
            if bugs.contains(.longLend), name.count > 20 { return .ends(.crash(4)) }
            if bugs.contains(.forgetsALend) { borrowers = [:] }
            borrowers[book] = name
            (self.book, borrower) = (nil, "")
        case (.tap, "Return"):
            guard let book, borrowers[book] != nil else { return .refused("no Return here") }
            if bugs.contains(.returnHang), book == 2 { return .ends(.hang) }
            borrowers[book] = nil
            self.book = nil
        default:
            return .refused("no \(action.identifier ?? "control") here")
        }
        return .screen
    }
}

/// A screen with a counter that every tap of Add makes one row longer: a map of its data has no
/// end but the crawl's bound.
struct CounterModel: AppModel {
    var rows = 0

    var screen: ScreenSnapshot {
        ScreenSnapshot(title: "Counter", elements: [.button("Add")] + (0..<rows).map { .cell("row-\($0 + 1)", label: "Row \($0 + 1)") })
    }

    mutating func act(_ action: ExploreAction) -> ModelOutcome {
        guard action.verb == .tap, action.identifier == "Add" else { return .refused("nothing") }
        rows += 1
        return .screen
    }
}

/// A model that does not start: it crashes at launch.
struct CrashAtLaunchModel: AppModel {
    var screen: ScreenSnapshot { ScreenSnapshot(title: "Never", elements: []) }
    mutating func act(_ action: ExploreAction) -> ModelOutcome { .refused("never") }
    mutating func launchFailure() -> ModelEnding? { .crash(11) }
}

/// A home with three screens, each with a button that raises the same alert, which comes back
/// whatever is answered: one problem, met from three screens.
struct ThreeScreensOneAlertModel: AppModel {
    var at = "Home"
    var alert = false

    var screen: ScreenSnapshot {
        var elements: [ElementSnapshot] = [.button("Ask")]
        if at == "Home" { elements += [.button("One"), .button("Two")] }
        if alert { elements.append(.alert("Question", title: "Really?", message: "It asks again.", buttons: ["Again"])) }
        return ScreenSnapshot(title: at, elements: elements)
    }

    mutating func act(_ action: ExploreAction) -> ModelOutcome {
        if alert { return action.verb == .answer ? .screen : .refused("an alert is up") }
        switch (action.verb, action.identifier) {
        case (.tap, "Ask"): alert = true
        case (.tap, "One"), (.tap, "Two"): at = action.identifier ?? at
        case (.back, _):
            guard at != "Home" else { return .refused("nowhere to go back to") }
            at = "Home"
        default: return .refused("no such control")
        }
        return .screen
    }
}
