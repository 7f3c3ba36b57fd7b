import FlowKit
import Testing

/// What makes two screens the same screen to a crawler and to a coverage count: structure, never
/// volatile text; each rule pinned by a pair that differs in one thing.
struct ScreenIdentityTests {
    static let base = ScreenSnapshot(title: "Glance", elements: [
        .text("8 work photos", identifier: "count"), .textField("Name", value: ""), .button("Save", isEnabled: false),
        .cell("photo-1", label: "Mon"), .cell("photo-2", label: "Tue"), .text("", identifier: "status"),
    ])

    private func identity(_ change: (inout [ElementSnapshot]) -> Void, title: String = "Glance", rules: ScreenIdentity.Rules = .init()) -> ScreenIdentity {
        var elements = Self.base.elements
        change(&elements)
        return ScreenIdentity(ScreenSnapshot(title: title, elements: elements), rules: rules)
    }

    private var same: ScreenIdentity { ScreenIdentity(Self.base) }

    @Test func volatileTextIsNoPartOfIt() {
        #expect(identity { $0[0].label = "7 work photos" } == same, "a counter")
        #expect(identity { $0[1].value = "Ann" } == same, "what a field holds")
        #expect(identity { $0[3].label = "Wed" } == same, "a row's words")
        #expect(identity { $0[1].isFocused = true } == same, "focus")
        #expect(identity { $0.remove(at: 4) } == same, "a list of one row and one of two")
        #expect(identity { $0.insert(.cell("photo-3", label: "Thu"), at: 5) } == same)
    }

    @Test func structureIs() {
        #expect(identity({ _ in }, title: "Work photos") != same, "the title")
        #expect(identity { $0[2].isEnabled = true } != same, "a control enabled")
        #expect(identity { $0[2].isSelected = true } != same, "a control selected")
        #expect(identity { $0[5].label = "Saved" } != same, "a text that says something where it said nothing")
        #expect(identity { $0.append(.button("Delete")) } != same, "a control more")
        #expect(identity { $0[2].kind = .cell } != same, "a kind")
        #expect(identity { $0.removeSubrange(3...4) } != same, "an empty list")
        #expect(identity { $0[3].isSelectable = true } != same, "rows that can be selected")
        #expect(identity { $0[3].isSelected = true } != identity { $0[3].isSelected = true; $0[4].isSelected = true }, "some rows selected, or all")
        #expect(identity { $0.append(.alert("Permission", title: "Allow?", message: "", buttons: ["OK"])) } != same, "an alert on top")
        #expect(identity { $0.append(.alert("Permission", title: "Allow?", message: "", buttons: ["OK"])) }
            != identity { $0.append(.alert("Permission", title: "Allow?", message: "", buttons: ["OK", "Cancel"])) }, "an alert's buttons")
    }

    @Test func rulesChangeWhatCounts() {
        let ignoring = ScreenIdentity.Rules(ignoring: ["status"])
        #expect(identity({ $0[5].label = "Saved" }, rules: ignoring) == identity({ _ in }, rules: ignoring), "an identifier left out")
        let byText = ScreenIdentity.Rules(byText: ["count"])
        #expect(identity({ $0[0].label = "7 work photos" }, rules: byText) != identity({ _ in }, rules: byText), "an identifier whose words count")
        #expect(!byText.isDefault && ScreenIdentity.Rules().isDefault)
    }

    @Test func rowsOfAListAreOneClassByTheirIdentifiersDigits() {
        #expect(ScreenIdentity.rowClass(of: "photo-12") == "photo-#")
        #expect(ScreenIdentity.rowClass(of: "photo-3") == "photo-#")
        #expect(ScreenIdentity.rowClass(of: "row-1-of-20") == "row-#-of-#")
        #expect(ScreenIdentity.rowClass(of: "expense") == "expense")
        #expect(ScreenIdentity.rowClass(of: "٣") == "٣", "only ASCII digits are a row's number")
    }

    @Test func itReadsAsItsTitleThenItsParts() {
        #expect(same.description == "Glance\nstaticText count\ntextField Name\nbutton Save disabled\nstaticText status empty\ncell photo-# rows")
        #expect(same.title == "Glance" && same < ScreenIdentity(ScreenSnapshot(title: "Home", elements: [])))
    }
}
