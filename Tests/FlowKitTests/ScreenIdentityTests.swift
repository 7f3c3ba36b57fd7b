import FlowKit
import Foundation
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

    @Test func inDataModeWhatRowsAndFieldsHoldCountsAndNothingElseDoes() {
        let data = ScreenIdentity.Rules(mode: .data)
        let base = identity({ _ in }, rules: data)
        #expect(identity({ $0[1].value = "Ann" }, rules: data) != base, "what a field holds")
        #expect(identity({ $0[3].label = "Wed" }, rules: data) != base, "a row's words")
        #expect(identity({ $0[3].value = "on loan" }, rules: data) != base, "a row's value")
        #expect(identity({ $0[3].isSelected = true }, rules: data) != base, "a row selected")
        #expect(identity({ $0[3].identifier = "photo-9" }, rules: data) != base, "which row")
        #expect(identity({ $0.remove(at: 4) }, rules: data) != base, "a row fewer")
        #expect(identity({ $0[0].label = "7 work photos" }, rules: data) == base, "a text's words do not (--same-screen-by-text says which do)")
        #expect(identity({ $0[1].isFocused = true }, rules: data) == base, "focus does not")
        #expect(identity({ $0[1].value = "Ann" }, rules: ScreenIdentity.Rules(ignoring: ["Name"], mode: .data))
            == identity({ _ in }, rules: ScreenIdentity.Rules(ignoring: ["Name"], mode: .data)), "an identifier ignored is ignored here too")
        #expect(base.hasData && !same.hasData)
        #expect(base.structure == same.key, "the structure is the structure mode's key")
        #expect(base.key.hasPrefix(same.key + "\n" + ScreenIdentity.dataLine))
        #expect(same.structure == same.key)
        #expect(!data.isDefault && ScreenIdentity.Rules(mode: .structure).isDefault)
    }

    @Test func theOtherDataStateOfAStructureIsOneForEveryFurtherState() {
        let data = ScreenIdentity.Rules(mode: .data)
        let one = identity({ $0[1].value = "Ann" }, rules: data), two = identity({ $0[1].value = "Bob" }, rules: data)
        #expect(one.withOtherData == two.withOtherData)
        #expect(one.withOtherData.hasOtherData && !one.hasOtherData)
        #expect(one.withOtherData.structure == one.structure && one.withOtherData.title == "Glance")
        #expect(one.withOtherData.key.hasSuffix("\ndata other"))
        #expect(same.withOtherData.hasData, "a structure's other state says it is one")
    }

    @Test func aSecureFieldsDataIsItsMaskNeverItsText() {
        let screen = ScreenSnapshot(title: "Login", elements: [.secureField("Password", isFilled: true)])
        let data = ScreenIdentity(screen, rules: ScreenIdentity.Rules(mode: .data))
        let empty = ScreenIdentity(ScreenSnapshot(title: "Login", elements: [.secureField("Password", isFilled: false)]), rules: ScreenIdentity.Rules(mode: .data))
        #expect(data != empty, "filled or not")
        #expect(!data.key.contains("secret"))
    }

    @Test func theDigestIsFNV1aOfTheTextSixteenHexadecimalDigits() {
        #expect(ScreenIdentity.digest(of: "") == "cbf29ce484222325")
        #expect(ScreenIdentity.digest(of: "a") == "af63dc4c8601ec8c")
        #expect(ScreenIdentity.digest(of: "foobar") == "85944171f73967e8")
    }

    @Test func rulesWrittenBeforeTheModeReadAsStructure() throws {
        let old = try JSONDecoder().decode(ScreenIdentity.Rules.self, from: Data(#"{"ignoring": ["a"], "byText": []}"#.utf8))
        #expect(old == ScreenIdentity.Rules(ignoring: ["a"]))
        let data = try JSONDecoder().decode(ScreenIdentity.Rules.self, from: Data(#"{"ignoring": [], "byText": [], "mode": "data"}"#.utf8))
        #expect(data.mode == .data)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenIdentity.Rules.self, from: Data(#"{"ignoring": [], "byText": [], "mode": "words"}"#.utf8)) }
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
