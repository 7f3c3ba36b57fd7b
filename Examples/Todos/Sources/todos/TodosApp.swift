import PresenterKit
import Todos
import TodosUI
import TextUI

/// The composition root: the TodoMVC screen, as the correct app or the variant `-todos.variant`
/// names (one build serves them all). It keeps no data: each launch starts with no todo.
@main
enum TodosApp {
    /// The launch argument that chooses the variant.
    static let variantKey = "todos.variant"

    static func main() async {
        await TextApp.main(name: "todos") { launch in
            try LaunchKeys(known: [variantKey]).check(launch.argumentKeys, toolkit: TextApp.launchKeys, allowsStubs: true)
            let variant = try variant(launch.defaults.string(variantKey))
            let presenter = TodosPresenter(variant: variant)
            launch.stage.setRoot(TodosScreen(presenter: presenter))
            return presenter
        }
    }

    /// The variant `name` names (the correct app when none), or what to write instead.
    static func variant(_ name: String?) throws -> TodoVariant {
        guard let name else { return .correct }
        guard let variant = TodoVariant(rawValue: name) else {
            throw UnknownVariant(name: name)
        }
        return variant
    }

    /// A `-todos.variant` that names none.
    struct UnknownVariant: Error, CustomStringConvertible {
        let name: String
        var description: String {
            "-\(TodosApp.variantKey) \(name): no such variant; give one of " + TodoVariant.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }
}
