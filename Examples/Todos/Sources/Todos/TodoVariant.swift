/// Which app the build is: the correct TodoMVC, or one of its variants, each with one bug of a kind
/// reported in real TodoMVC implementations, chosen at launch (`-todos.variant NAME`): one build
/// serves the benchmark, as a testing build takes a `-key value`. Each bug is the property's to
/// find (Examples/Todos/Sources/TodosRobots): `make todos` explores each variant and checks that
/// the property it breaks finds it. The last four are deep: each needs the same action three, five
/// or eight times before its bug shows, and is explored with explore's defaults.
public enum TodoVariant: String, CaseIterable, Sendable {
    /// The application as the specification says.
    case correct
    /// Changing the filter clears the text typed into the new-todo field.
    case filterClearsInput
    /// Toggle all reads and marks only the todos the filter shows.
    case toggleAllShownOnly
    /// An edit to a blank title keeps the todo, with its old title.
    case blankEditKeeps
    /// After Clear completed the count says how many todos there were.
    case staleCountAfterClear
    /// A blank todo is added.
    case blankAdded
    /// A todo keeps the blanks around its title.
    case untrimmedAdded
    /// Add leaves the typed text in the field.
    case addKeepsInput
    /// One todo left reads `1 items left`.
    case oneItemsLeft
    /// Marking a done todo not done again leaves the count as it was.
    case uncompleteNotCounted
    /// An edit saves the title with the blanks around it.
    case untrimmedEdit
    /// From the third todo on, adding one gives the first todo the new title too: each add looks
    /// right on its own (one more row, the new title last, the count one up); only what was
    /// added since launch tells the first row is wrong.
    case addRenamesTheFirst
    /// From three todos not done on, the count reads one more: a walk must add three (or mark
    /// three not done again) before the count is wrong.
    case countWrongFromThree
    /// With five todos or more, Delete also deletes the row shown after the one tapped (a splice
    /// of two, not one): with fewer, Delete is right.
    case deleteTakesTwoFromFive
    /// With five todos or more and a filter selected (Active or Completed), Add empties the field
    /// and adds nothing: under All, or with fewer todos, Add is right. (Eight todos deep, explore's
    /// defaults found it in under 30 s for two seeds of five: five deep, for each.)
    case addUnderFilterLostFromFive
    /// From eight todos not done on, the count reads one more: `countWrongFromThree`'s bug eight
    /// deep. A walk must add eight todos, and on the way complete or delete fewer than it adds.
    case countWrongFromEight

    /// From how many todos not done on the count reads one more: the count's bug, three or eight
    /// deep; nil for the other variants.
    public var countWrongFrom: Int? {
        switch self {
        case .countWrongFromThree: 3
        case .countWrongFromEight: 8
        default: nil
        }
    }

    /// The variants with a bug: every case but `correct`.
    public static var buggy: [TodoVariant] { allCases.filter { $0 != .correct } }
}
