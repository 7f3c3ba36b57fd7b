import FlowKit
import LocatedYAML

/// What a step can do while it runs: the app, its elements, variables, nested steps, the store.
/// Every failure is recorded on the app at the step's place in its flow file.
package struct StepContext {
    /// The longest a wait step waits when its flow does not say (seconds).
    package static let defaultWait: Double = 10

    let executor: FlowExecutor
    /// Where the step is written.
    package let location: SourceLocation
    /// `runFlow`'s variables, over the run's.
    let overlay: [String: String]
    let depth: Int

    /// The app under test.
    package var app: FlowApp { executor.app }

    /// The step's place, where failures are reported.
    package var site: CallSite { location.site }

    /// Text with its `${variables}` replaced.
    package func resolve(_ text: Text) -> String {
        executor.resolve(text, overlay)
    }

    /// The element a selector names, with its alert scope and state resolved.
    package func element(_ selector: ElementSelector) -> FlowElement {
        let query: ElementQuery
        switch selector.kind {
        case .button?: query = app.buttons
        case .textField?: query = app.textFields
        case .secureTextField?: query = app.secureTextFields
        case .staticText?: query = app.staticTexts
        case .cell?: query = app.cells
        case .image?: query = app.images
        case .alert?: query = app.alerts
        case nil: query = app.descendants
        }
        let scoped = selector.scope.map { app.alerts[resolve($0)].query(of: selector.kind) } ?? query
        let state = ElementState(
            enabled: selector.enabled, selected: selector.selected, label: selector.label.map(resolve), value: selector.value.map(resolve)
        )
        return scoped[resolve(selector.name)].with(state)
    }

    /// Records a failure of this step.
    package func fail(_ step: String, _ reason: String) {
        app.fail(step, reason, site: site)
    }

    /// Runs `steps` one level down, with `variables` over the current ones; `via` marks them as
    /// the steps of a `runFlow` (failures inside say which `runFlow` led there).
    package func run(_ steps: [Step], variables: [(name: String, value: Text)] = [], via: Bool = false) {
        var inner = overlay
        for (name, value) in variables { inner[name] = resolve(value) }
        executor.runNested(steps, overlay: inner, depth: depth, via: via ? location : nil)
    }

    /// Starts the app again on the flow's store.
    package func launch() {
        executor.launched()
        app.launch(sourceLocation: site.sourceLocation)
        executor.environment.onProcess(app.processIdentifier)
    }

    /// Puts a fresh copy of `fixture`'s store in place; fails under a scheme with no seeder (lint
    /// refuses the step there, but not one typed into a session).
    package func seed(_ fixture: String) {
        let scheme = executor.environment.scheme
        guard scheme.seeder != nil else {
            fail("seed \(fixture)", scheme.noSeeder(for: "seed \(fixture)", takeOut: "the seed step"))
            return
        }
        do {
            try executor.copyTemplate(fixture)
        } catch {
            fail("seed \(fixture)", "\(error)")
        }
    }

    /// Keeps the screen as it is now in the step's record (the report shows it).
    package func keepScreen() {
        executor.keptScreen = app.renderedScreen(sourceLocation: site.sourceLocation).map(executor.mask)
    }
}
