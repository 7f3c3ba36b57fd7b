import FlowKit
import LocatedYAML

/// What a step does once it is read: a primitive of the registry, or a robot action.
package protocol StepAction: Sendable {
    /// Carries the step out on the app; a failure is recorded on the context's app.
    func run(in context: StepContext)
    /// The steps it holds (a `repeat`'s body, a `runFlow`'s flow), for lint and the fixture list.
    var inner: [InnerSteps] { get }
    /// The fixture it seeds, if it names one.
    var seededFixture: Text? { get }
    /// True when it reads busy frames (an overlay coming and going): `onAlert` does not wait for
    /// idle to answer alerts before it, which would hide what it waits for.
    var readsBusyFrames: Bool { get }
}

extension StepAction {
    /// None: most steps hold no others.
    package var inner: [InnerSteps] { [] }
    /// None: only `seed` names a fixture.
    package var seededFixture: Text? { nil }
    /// False: most steps act on an idle screen, so alerts before them are answered first.
    package var readsBusyFrames: Bool { false }
}

/// Steps held by another step, with the variables it gives them (`runFlow`'s `variables`).
package struct InnerSteps: Sendable {
    /// The held steps.
    package let steps: [Step]
    /// The included flow, for `runFlow`.
    package let flow: Flow?
    /// The names of the variables the holder gives them, so lint does not call them undefined.
    package let variables: [String]
}

/// A primitive step, declared once: its keyword, how it is written (its form, from which the
/// parser reads it and the schema and the docs are made), its doc line and examples, how it is
/// built from what was read, and how it runs.
///
/// Adding a step is one new type conforming to this, and its name in `StepRegistry.primitives`.
package protocol PrimitiveStep: StepAction {
    /// How a flow names it: `tap`.
    static var keyword: String { get }
    /// One line for the step reference.
    static var summary: String { get }
    /// How it is written: the parser, the schema and the docs follow this.
    static var form: StepForm { get }
    /// Steps as a flow writes them (`tap: {button: Login}`), for the docs; each is parsed by a test.
    static var examples: [String] { get }
    /// Spellings this step replaced: old keyword → how to write it now.
    static var formerly: [String: String] { get }
    /// Old keywords whose `is:` is now a state on the element: old keyword → the state key
    /// (`assertEnabled` → `enabled`), so lint can rewrite the very step it refuses.
    static var formerState: [String: String] { get }

    /// Builds the step from what the parser read; throws for what the form cannot say (two
    /// fields that exclude each other).
    init(_ input: StepInput) throws(StepInputError)
}

extension PrimitiveStep {
    /// None: most steps have never been written another way.
    package static var formerly: [String: String] { [:] }
    /// None: most steps replaced no state check.
    package static var formerState: [String: String] { [:] }
}

/// A step written as a bare word (`- back`): it reads nothing, so it is made with `init()`.
package protocol BareStep: PrimitiveStep {
    /// Makes the step; a bare word has nothing to read.
    init()
}

extension BareStep {
    /// A bare word: `- back`.
    package static var form: StepForm { .bare }

    /// Ignores the input, which a bare step never has, and makes the step with `init()`.
    package init(_ input: StepInput) throws(StepInputError) {
        self.init()
    }
}

/// The registry: every primitive step, in the order the docs list them. The parser's dispatch,
/// `flow schema` and the step reference in docs/flows.md are made from this list and the robots'
/// catalog, and from nothing else.
package enum StepRegistry {
    /// Every primitive step, in the order the docs list them; a new step is added here.
    package static let primitives: [any PrimitiveStep.Type] = [
        Tap.self, TypeText.self, EraseText.self,
        AssertVisible.self, AssertNotVisible.self, WaitFor.self, WaitUntilGone.self,
        Back.self, AnswerAlert.self,
        Launch.self, Relaunch.self, Terminate.self, Seed.self,
        RunFlow.self, Repeat.self, Snapshot.self, AssertScreen.self, AssertAccessible.self, AssertNotShown.self, AssertWayOut.self,
        AssertProperty.self,
    ]

    /// The keywords of the primitives, for the schema and for suggestions when a keyword is unknown.
    package static var keywords: [String] { primitives.map { $0.keyword } }

    /// The primitive a flow names by `keyword`, or nil when no primitive has it.
    package static func primitive(_ keyword: String) -> (any PrimitiveStep.Type)? {
        primitives.first { $0.keyword == keyword }
    }

    /// How a removed keyword is written now, with the step that replaced it.
    package static func former(_ keyword: String) -> (replacement: any PrimitiveStep.Type, now: String)? {
        for primitive in primitives {
            if let now = primitive.formerly[keyword] { return (primitive, now) }
        }
        return nil
    }
}

/// How a step is written in YAML.
package enum StepForm: Sendable {
    /// A bare word: `- back`.
    case bare
    /// One scalar value: `- seed: large`.
    case value(FieldType, summary: String)
    /// An element: `- tap: Login` (any kind, by identifier, label or row text), or a selector
    /// mapping (`{button: Login, enabled: true, in: ALERT}`) with these fields beside it.
    case element([Field])
    /// A mapping of fields; a scalar value means the `shorthand` field (`- answerAlert: OK`).
    case fields([Field], shorthand: String?)

    /// True for a mapping of fields none of which is required: the step may be written as a bare
    /// word too (`- assertAccessible`).
    package var isBareToo: Bool {
        if case let .fields(fields, _) = self { !fields.contains(where: \.isRequired) } else { false }
    }

    /// The fields besides the selector's keys.
    package var fields: [Field] {
        switch self {
        case .bare, .value: []
        case let .element(fields), let .fields(fields, _): fields
        }
    }
}

/// A named value in a step's mapping.
package struct Field: Sendable {
    /// The name the flow writes (`timeout`).
    package let name: String
    /// What the value must be; the parser checks it before the step is built.
    package let type: FieldType
    /// True when the step cannot be written without it; the parser reports it missing.
    package let isRequired: Bool
    /// One line for the docs and the schema's description.
    package let summary: String

    /// A field named `name` of type `type`, described by `summary` in the docs.
    package init(_ name: String, _ type: FieldType, required: Bool = false, _ summary: String) {
        self.name = name
        self.type = type
        self.isRequired = required
        self.summary = summary
    }
}

/// The type of a field's value.
package enum FieldType: Sendable, Equatable {
    /// Text, which may hold `${variables}`.
    case text
    /// `true` or `false`.
    case boolean
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// Seconds, a number above zero.
    case seconds(ClosedRange<Double>)
    /// An element selector, as a step's element is written.
    case selector
    /// A list of steps.
    case steps
    /// A flow file, relative to the flow that names it.
    case flowFile
    /// A mapping of variable names to text.
    case variables
    /// An alert, by identifier or title, checked against the app's declared alerts.
    case alertName
    /// A property the app declares, by name (FlowKit's `AppProperty`).
    case propertyName
    /// A list of words, each given once: any word when `choices` is nil, else one of them (lint
    /// suggests the nearest).
    case words(choices: [String]?)

    /// How lint and the docs name it.
    package var description: String {
        switch self {
        case .text: "text"
        case .boolean: "true or false"
        case let .integer(range): "a whole number from \(range.lowerBound)" + (range.upperBound == .max ? "" : " to \(range.upperBound)")
        case .seconds: "seconds"
        case .selector: "an element"
        case .steps: "a list of steps"
        case .flowFile: "a flow file"
        case .variables: "a mapping of variables to values"
        case .alertName: "an alert's identifier or title"
        case .propertyName: "the name of a property the app declares"
        case let .words(choices): choices.map { "a list of: " + $0.joined(separator: ", ") } ?? "a list of words"
        }
    }
}

/// A typed handle on a field: a primitive declares its fields with these and reads its input
/// through them, so a field's name, type and meaning are written once.
package struct FieldKey<Value: Sendable>: Sendable {
    /// The field, as the form, the schema and the docs show it.
    package let field: Field
    let extract: @Sendable (FieldValue) -> Value?
}

extension FieldKey where Value == Text {
    /// A text field; its value may hold `${variables}`.
    package static func text(_ name: String, required: Bool = false, _ summary: String) -> Self {
        Self(field: Field(name, .text, required: required, summary)) { if case let .text(text) = $0 { text } else { nil } }
    }

    /// An alert, by identifier or title; lint checks it against the app's declared alerts.
    package static func alert(_ name: String, required: Bool = false, _ summary: String) -> Self {
        Self(field: Field(name, .alertName, required: required, summary)) { if case let .text(text) = $0 { text } else { nil } }
    }
}

extension FieldKey where Value == AppProperty {
    /// A property the app declares, by name; lint checks it is one.
    package static func property(_ name: String, _ summary: String) -> Self {
        Self(field: Field(name, .propertyName, required: true, summary)) { if case let .property(property) = $0 { property } else { nil } }
    }
}

extension FieldKey where Value == Bool {
    /// An optional `true`/`false` field.
    package static func boolean(_ name: String, _ summary: String) -> Self {
        Self(field: Field(name, .boolean, summary)) { if case let .boolean(flag) = $0 { flag } else { nil } }
    }
}

extension FieldKey where Value == Int {
    /// An optional whole number within `range`.
    package static func integer(_ name: String, in range: ClosedRange<Int>, _ summary: String) -> Self {
        Self(field: Field(name, .integer(range), summary)) { if case let .integer(number) = $0 { number } else { nil } }
    }
}

extension FieldKey where Value == Double {
    /// A timeout: seconds above zero, an hour at most.
    package static func timeout(_ summary: String) -> Self {
        Self(field: Field("timeout", .seconds(0.001...3600), summary)) { if case let .number(number) = $0 { number } else { nil } }
    }
}

extension FieldKey where Value == ElementSelector {
    /// An element, written as a step's element is.
    package static func selector(_ name: String, _ summary: String) -> Self {
        Self(field: Field(name, .selector, summary)) { if case let .selector(selector) = $0 { selector } else { nil } }
    }
}

extension FieldKey where Value == [Step] {
    /// A list of steps, parsed as a flow's steps are.
    package static func steps(_ name: String, required: Bool = false, _ summary: String) -> Self {
        Self(field: Field(name, .steps, required: required, summary)) { if case let .steps(steps) = $0 { steps } else { nil } }
    }
}

extension FieldKey where Value == Flow {
    /// A flow file, relative to the flow that names it; it is read when this flow is parsed.
    package static func flowFile(_ name: String, _ summary: String) -> Self {
        Self(field: Field(name, .flowFile, required: true, summary)) { if case let .flow(flow) = $0 { flow } else { nil } }
    }
}

extension FieldKey where Value == [(name: String, value: Text)] {
    /// A mapping of variable names to text, for an included flow.
    package static func variables(_ name: String, _ summary: String) -> Self {
        Self(field: Field(name, .variables, summary)) { if case let .variables(pairs) = $0 { pairs } else { nil } }
    }
}

extension FieldKey where Value == [String] {
    /// A list of words, each given once (`[lastUpload, count]`); with `choices`, each one of them.
    package static func words(_ name: String, choices: [String]? = nil, _ summary: String) -> Self {
        Self(field: Field(name, .words(choices: choices), summary)) { if case let .words(words) = $0 { words } else { nil } }
    }
}

/// A field's value as read.
package enum FieldValue: Sendable {
    /// Text, `${variables}` unresolved.
    case text(Text)
    /// A `true` or `false`.
    case boolean(Bool)
    /// A whole number.
    case integer(Int)
    /// A number of seconds.
    case number(Double)
    /// An element selector.
    case selector(ElementSelector)
    /// Steps, already parsed.
    case steps([Step])
    /// A flow file, already read.
    case flow(Flow)
    /// Variables, in the order written.
    case variables([(name: String, value: Text)])
    /// Words, in the order written.
    case words([String])
    /// A property the app declares.
    case property(AppProperty)
}

/// What the parser read for one primitive step, by field, checked against its form.
package struct StepInput: Sendable {
    /// The element, for a step of the `.element` form.
    package let selector: ElementSelector?
    let values: [String: FieldValue]
    /// Where the step's value is written, for errors `init` throws.
    let location: SourceLocation

    /// The value of an optional field, or nil when the step leaves it out.
    package func optional<Value>(_ key: FieldKey<Value>) -> Value? {
        values[key.field.name].flatMap(key.extract)
    }

    /// The value of a required field (the parser made sure it is there).
    package func required<Value>(_ key: FieldKey<Value>) throws(StepInputError) -> Value {
        guard let value = optional(key) else { throw StepInputError("needs \"\(key.field.name)\" (\(key.field.type.description))") }
        return value
    }

    /// The element of a step of the `.element` form (the parser made sure it is there).
    package func element() throws(StepInputError) -> ElementSelector {
        guard let selector else { throw StepInputError("needs an element") }
        return selector
    }

    /// True when the step gives the field.
    package func has(_ field: Field) -> Bool { values[field.name] != nil }
}

/// What is wrong with a step beyond its form; reported at the step's value.
package struct StepInputError: Error, Sendable {
    /// What is wrong, as lint and the parser print it after the step's location.
    package let message: String

    /// An error saying `message` about the step.
    package init(_ message: String) {
        self.message = message
    }
}
