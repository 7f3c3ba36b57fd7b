import Testing
@testable import Todos

/// The TodoMVC presenter as the specification says it behaves, every decision pinned; then each
/// variant's one bug, pinned beside the behaviour it breaks.
@MainActor
struct TodosPresenterTests {
    @Test func itStartsWithNoTodoNoCountAndTheAllFilter() {
        let (_, view) = makeSUT()
        #expect(view.shown == TodosViewModel(rows: [], newText: "", itemsLeft: nil, filter: .all, allCompleted: false, showsClearCompleted: false))
    }

    @Test func addAddsTheTitleTrimmedLastAndEmptiesTheField() {
        let (presenter, view) = makeSUT()
        add(presenter, "  Buy milk ")
        add(presenter, "Walk")
        #expect(view.titles == ["Buy milk", "Walk"])
        #expect(view.shown?.newText == "")
        #expect(view.shown?.itemsLeft == "2 items left")
    }

    @Test func aBlankTitleAddsNothingAndLeavesTheFieldAsTyped() {
        let (presenter, view) = makeSUT()
        add(presenter, "   ")
        #expect(view.titles == [] && view.shown?.itemsLeft == nil)
        #expect(view.shown?.newText == "   ")
    }

    @Test func theCountSaysOneItemOrNItems() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        #expect(view.shown?.itemsLeft == "1 item left")
        add(presenter, "Two")
        #expect(view.shown?.itemsLeft == "2 items left")
        presenter.didTapTodo(1)
        presenter.didTapTodo(2)
        #expect(view.shown?.itemsLeft == "0 items left")
    }

    @Test func tappingATodoMarksItDoneAndAgainNotDone() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        presenter.didTapTodo(1)
        #expect(view.shown?.rows.first?.isCompleted == true && view.shown?.showsClearCompleted == true && view.shown?.allCompleted == true)
        presenter.didTapTodo(1)
        #expect(view.shown?.rows.first?.isCompleted == false && view.shown?.showsClearCompleted == false && view.shown?.allCompleted == false)
        presenter.didTapTodo(99)
        #expect(view.shown?.itemsLeft == "1 item left", "an unknown todo changes nothing")
    }

    @Test func toggleAllMarksEveryTodoDoneUnlessAllAreThenNone() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        add(presenter, "Two")
        presenter.didTapTodo(1)
        presenter.didTapToggleAll()
        #expect(view.shown?.rows.map(\.isCompleted) == [true, true] && view.shown?.allCompleted == true)
        presenter.didTapToggleAll()
        #expect(view.shown?.rows.map(\.isCompleted) == [false, false] && view.shown?.allCompleted == false)
    }

    @Test func toggleAllUnderAFilterMarksEveryTodoNotOnlyThoseShown() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        add(presenter, "Two")
        presenter.didTapTodo(1)
        presenter.didTapFilter(.completed)
        presenter.didTapToggleAll()
        #expect(view.shown?.itemsLeft == "0 items left")
    }

    @Test func anEditSavesTheTitleTrimmedAndABlankEditDeletesTheTodo() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        add(presenter, "Two")
        presenter.didTapEdit(1)
        #expect(view.shown?.rows.first?.editText == "One")
        presenter.didChangeEdit("  Uno ")
        presenter.didTapSave()
        #expect(view.titles == ["Uno", "Two"] && view.shown?.rows.first?.editText == nil)
        presenter.didTapEdit(2)
        presenter.didChangeEdit("  ")
        presenter.didTapSave()
        #expect(view.titles == ["Uno"])
    }

    @Test func cancelDropsTheEditAndNothingIsEditedWithoutEdit() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        presenter.didTapEdit(1)
        presenter.didChangeEdit("Changed")
        presenter.didTapCancelEdit()
        #expect(view.titles == ["One"] && view.shown?.rows.first?.editText == nil)
        presenter.didChangeEdit("Ignored")
        presenter.didTapSave()
        presenter.didTapEdit(42)
        #expect(view.titles == ["One"] && view.shown?.rows.first?.editText == nil)
    }

    @Test func deleteDeletesThatTodoAndItsEdit() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        add(presenter, "Two")
        presenter.didTapEdit(2)
        presenter.didTapDelete(1)
        #expect(view.titles == ["Two"] && view.shown?.rows.first?.editText == "Two", "another's edit stays")
        presenter.didTapDelete(2)
        #expect(view.titles == [] && view.shown?.itemsLeft == nil)
    }

    @Test func aFilterShowsItsTodosKeepsTheTypedTextAndDropsAnEditItHides() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        add(presenter, "Two")
        presenter.didTapTodo(2)
        presenter.didTapEdit(2)
        presenter.didChangeNewTodo("Half")
        presenter.didTapFilter(.active)
        #expect(view.titles == ["One"] && view.shown?.filter == .active && view.shown?.newText == "Half")
        presenter.didTapFilter(.completed)
        #expect(view.titles == ["Two"] && view.shown?.rows.first?.editText == nil, "the edit went when Active hid it")
        presenter.didTapEdit(2)
        presenter.didTapFilter(.all)
        #expect(view.titles == ["One", "Two"] && view.shown?.rows.last?.editText == "Two", "All hides nothing: the edit stays")
    }

    @Test func clearCompletedDeletesTheDoneTodosAndTheirEdit() {
        let (presenter, view) = makeSUT()
        add(presenter, "One")
        add(presenter, "Two")
        presenter.didTapTodo(1)
        presenter.didTapEdit(1)
        presenter.didTapClearCompleted()
        #expect(view.titles == ["Two"] && view.shown?.itemsLeft == "1 item left" && view.shown?.showsClearCompleted == false)
        presenter.didTapEdit(2)
        presenter.didTapClearCompleted()
        #expect(view.shown?.rows.first?.editText == "Two", "an edit of a todo not done stays")
    }

    // MARK: - The variants' bugs

    @Test func theVariantsBugs() {
        func run(_ variant: TodoVariant, _ steps: (TodosPresenter) -> Void) -> TodosViewModel? {
            let (presenter, view) = makeSUT(variant)
            steps(presenter)
            return view.shown
        }
        #expect(run(.filterClearsInput) { $0.didChangeNewTodo("Half"); $0.didTapFilter(.active) }?.newText == "")
        #expect(run(.toggleAllShownOnly) { add($0, "One"); add($0, "Two"); $0.didTapTodo(1); $0.didTapFilter(.completed); $0.didTapToggleAll() }?
            .itemsLeft == "2 items left")
        #expect(run(.toggleAllShownOnly) { add($0, "One"); $0.didTapToggleAll() }?.itemsLeft == "0 items left", "under All it does the same")
        #expect(run(.blankEditKeeps) { add($0, "One"); $0.didTapEdit(1); $0.didChangeEdit(" "); $0.didTapSave() }?.rows.map(\.title) == ["One"])
        #expect(run(.blankEditKeeps) { add($0, "One"); $0.didTapEdit(1); $0.didChangeEdit("Uno"); $0.didTapSave() }?.rows.map(\.title) == ["Uno"])
        #expect(run(.staleCountAfterClear) { add($0, "One"); add($0, "Two"); $0.didTapTodo(1); $0.didTapClearCompleted() }?.itemsLeft == "2 items left")
        #expect(run(.staleCountAfterClear) { add($0, "One"); add($0, "Two"); $0.didTapTodo(1); $0.didTapClearCompleted(); add($0, "Three") }?
            .itemsLeft == "2 items left", "an add counts again")
        #expect(run(.blankAdded) { add($0, "  ") }?.rows.map(\.title) == ["  "])
        #expect(run(.blankAdded) { add($0, "") }?.rows == [], "nothing typed adds nothing")
        #expect(run(.untrimmedAdded) { add($0, " One ") }?.rows.map(\.title) == [" One "])
        #expect(run(.addKeepsInput) { add($0, "One") }?.newText == "One")
        #expect(run(.oneItemsLeft) { add($0, "One") }?.itemsLeft == "1 items left")
        #expect(run(.oneItemsLeft) { add($0, "One"); add($0, "Two") }?.itemsLeft == "2 items left")
        #expect(run(.uncompleteNotCounted) { add($0, "One"); $0.didTapTodo(1); $0.didTapTodo(1) }?.itemsLeft == "0 items left")
        #expect(run(.uncompleteNotCounted) { add($0, "One"); $0.didTapTodo(1); $0.didTapTodo(1); $0.didTapToggleAll() }?.itemsLeft == "0 items left",
                "toggle all counts again")
        #expect(run(.untrimmedEdit) { add($0, "One"); $0.didTapEdit(1); $0.didChangeEdit(" Uno "); $0.didTapSave() }?.rows.map(\.title) == [" Uno "])
        #expect(run(.untrimmedEdit) { add($0, "One"); $0.didTapEdit(1); $0.didChangeEdit("  "); $0.didTapSave() }?.rows == [], "a blank edit still deletes")
        #expect(TodoVariant.buggy.count == TodoVariant.allCases.count - 1 && !TodoVariant.buggy.contains(.correct))
    }

    // MARK: - The deep variants: each bug from its threshold, not one below, never in the correct app

    @Test func countWrongFromThreeCountsOneMoreFromThreeTodosNotDone() {
        #expect(run(.countWrongFromThree) { add($0, titles: 3) }?.itemsLeft == "4 items left")
        #expect(run(.countWrongFromThree) { add($0, titles: 2) }?.itemsLeft == "2 items left", "two are counted right")
        #expect(run(.countWrongFromThree) { add($0, titles: 3); $0.didTapTodo(1) }?.itemsLeft == "2 items left", "three todos, two not done: right")
        #expect(run(.correct) { add($0, titles: 3) }?.itemsLeft == "3 items left")
    }

    @Test func countWrongFromEightCountsOneMoreFromEightTodosNotDone() {
        #expect(run(.countWrongFromEight) { add($0, titles: 8) }?.itemsLeft == "9 items left")
        #expect(run(.countWrongFromEight) { add($0, titles: 7) }?.itemsLeft == "7 items left", "seven are counted right")
        #expect(run(.countWrongFromEight) { add($0, titles: 8); $0.didTapTodo(1) }?.itemsLeft == "7 items left", "eight todos, seven not done: right")
        #expect(run(.countWrongFromEight) { add($0, titles: 9); $0.didTapDelete(1) }?.itemsLeft == "9 items left", "eight left after a delete: wrong")
        #expect(run(.correct) { add($0, titles: 8) }?.itemsLeft == "8 items left")
    }

    @Test func deleteTakesTwoFromFiveAlsoDeletesTheRowShownAfterFromFiveTodos() {
        #expect(run(.deleteTakesTwoFromFive) { add($0, titles: 5); $0.didTapDelete(2) }.map(titles) == ["T1", "T4", "T5"])
        #expect(run(.deleteTakesTwoFromFive) { add($0, titles: 4); $0.didTapDelete(2) }.map(titles) == ["T1", "T3", "T4"], "with four todos Delete is right")
        #expect(run(.deleteTakesTwoFromFive) { add($0, titles: 5); $0.didTapDelete(5) }.map(titles) == ["T1", "T2", "T3", "T4"], "no row after the last")
        // Five todos, four shown: the five count, and the row shown after T2 is T4, not T3.
        let underActive = run(.deleteTakesTwoFromFive) { add($0, titles: 5); $0.didTapTodo(3); $0.didTapFilter(.active); $0.didTapDelete(2); $0.didTapFilter(.all) }
        #expect(underActive.map(titles) == ["T1", "T3", "T5"], "the todos, not the rows shown, count; the row shown after it goes, not the todo after it")
        #expect(run(.correct) { add($0, titles: 5); $0.didTapDelete(2) }.map(titles) == ["T1", "T3", "T4", "T5"])
    }

    @Test func addUnderFilterLostFromFiveDropsTheTitleUnderAFilterFromFiveTodos() {
        let lost = run(.addUnderFilterLostFromFive) { add($0, titles: 5); $0.didTapFilter(.active); add($0, "Six") }
        #expect(lost?.rows.count == 5 && lost?.itemsLeft == "5 items left" && lost?.newText == "")
        let underCompleted = run(.addUnderFilterLostFromFive) { add($0, titles: 5); $0.didTapFilter(.completed); add($0, "Six"); $0.didTapFilter(.all) }
        #expect(underCompleted?.rows.count == 5 && underCompleted?.itemsLeft == "5 items left", "under Completed it is lost too")
        #expect(run(.addUnderFilterLostFromFive) { add($0, titles: 4); $0.didTapFilter(.active); add($0, "Five") }?.itemsLeft == "5 items left", "with four todos Add is right")
        #expect(run(.addUnderFilterLostFromFive) { add($0, titles: 5); add($0, "Six") }?.itemsLeft == "6 items left", "under All Add is right")
        #expect(run(.addUnderFilterLostFromFive) { add($0, titles: 5); $0.didTapFilter(.active); add($0, "  ") }?.newText == "  ", "a blank title is left as typed")
        #expect(run(.correct) { add($0, titles: 5); $0.didTapFilter(.active); add($0, "Six") }?.itemsLeft == "6 items left")
    }

    // MARK: - Helpers

    /// What `variant`'s presenter shows after `steps`.
    private func run(_ variant: TodoVariant, _ steps: (TodosPresenter) -> Void) -> TodosViewModel? {
        let (presenter, view) = makeSUT(variant)
        steps(presenter)
        return view.shown
    }

    /// The titles of the rows `model` shows.
    private func titles(_ model: TodosViewModel) -> [String] {
        model.rows.map(\.title)
    }

    private func makeSUT(_ variant: TodoVariant = .correct) -> (presenter: TodosPresenter, view: ViewSpy) {
        let presenter = TodosPresenter(variant: variant)
        let view = ViewSpy()
        presenter.attach(view)
        presenter.viewDidLoad()
        return (presenter, view)
    }
}

/// Types `title` into the new-todo field, then Add.
@MainActor
private func add(_ presenter: TodosPresenter, _ title: String) {
    presenter.didChangeNewTodo(title)
    presenter.didTapAdd()
}

/// Adds `count` todos, `T1`, `T2`, ...
@MainActor
private func add(_ presenter: TodosPresenter, titles count: Int) {
    for number in 1...count { add(presenter, "T\(number)") }
}

/// What the presenter showed last.
@MainActor
final class ViewSpy: TodosView {
    private(set) var shown: TodosViewModel?

    var titles: [String] { shown?.rows.map(\.title) ?? [] }

    func display(_ model: TodosViewModel) {
        shown = model
    }
}
