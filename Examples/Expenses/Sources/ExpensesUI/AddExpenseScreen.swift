import Expenses
import ExpensesIdentifiers
import TextUI

/// The Add screen as text: the Name and Amount fields, Save, the hint and the status line.
@MainActor
public final class AddExpenseScreen: ScreenController, AddExpenseView {
    private typealias ID = Identifiers.Add

    private let presenter: AddExpensePresenter
    private var name = ""
    private var amount = ""
    private var focused: String?
    private var model = AddExpenseViewModel(isSaveEnabled: false, hint: "", status: "")

    /// The screen of `presenter`, which it attaches and loads.
    public init(presenter: AddExpensePresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    /// `Add expense`.
    public let title = AddExpensePresenter.Message.title

    /// The fields, Save, the hint and the status.
    public var elements: [Element] {
        [
            .textField(ID.name, value: name, isFocused: focused == ID.name),
            .textField(ID.amount, value: amount, isFocused: focused == ID.amount),
            .button(ID.save, isEnabled: model.isSaveEnabled),
            .text(model.hint, identifier: ID.hint),
            .text(model.status, identifier: ID.status),
        ]
    }

    /// Shows what the presenter says.
    public func display(_ model: AddExpenseViewModel) {
        self.model = model
    }

    /// Save.
    public func tap(_ identifier: String) {
        if identifier == ID.save { presenter.didTapSave() }
    }

    /// A field now holds `text`.
    public func enter(_ text: String, into identifier: String) {
        focused = identifier
        switch identifier {
        case ID.name:
            name = text
            presenter.didChangeName(text)
        case ID.amount:
            amount = text
            presenter.didChangeAmount(text)
        default:
            break
        }
    }
}
